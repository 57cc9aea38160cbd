// The elementwise engine's operators in the precision report (host/engines/elementwise.h), written once:
// a drawn shape (with a drawn broadcast for the tensor-tensor forms), drawn values, and a float64 golden
// from the very values the device saw. Floating results are judged by the standard's metrics against
// the exact math; integer and bool results bit for bit against the engine's integer rules
// (support/elementwise_ref.h: wrapping at the width, bool as 0 or 1).
#pragma once

#include <vector>

#include "precision/precision.h"
#include "support/binding.h"

namespace precision {

// rank 1..maxRank, each dim 1..maxDim.
std::vector<int64_t> drawShape(Draw &draw, int maxRank, int64_t maxDim);

// The four forms of a binary row: out = self op alpha * other, other a tensor (broadcast) or a scalar,
// written to out or into selfRef.
enum class BinaryForm { Tensor, Scalar, Inplace, InplaceScalar };
struct BinaryRow {
    const testing_support::Binding &op;
    BinaryForm form;
    char math;   // '+', '-', '*' (support/elementwise_ref.h's refBinary)
    bool alpha;  // the call takes alpha (Add, Sub)
};
CaseOutcome runBinary(const BinaryRow &row, aclDataType dtype, Draw &draw, aclrtStream stream);

template <const testing_support::Binding &op, BinaryForm form, char math, bool alpha>
CaseOutcome binaryRunner(aclDataType dtype, Draw &draw, aclrtStream stream) {
    return runBinary(BinaryRow{op, form, math, alpha}, dtype, draw, stream);
}

}  // namespace precision
