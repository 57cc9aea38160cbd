// Fuzz target: aclnnDiv and aclnnDivs, the elementwise engine's tensor-tensor and tensor-scalar forms
// of true division: any dtypes (an integer quotient is computed in float), any shapes (broadcasting),
// any views, scalars of several dtypes (common/binary_fuzz.h, shared with fuzz_add, fuzz_mul and fuzz_sub).
#include "common/binary_fuzz.h"
#include "harness/div.h"

using namespace fuzzing;

namespace {

const BinaryFuzzRow kRow{"div", testing_support::kDiv, testing_support::kDivs, false};

std::vector<Seed> seeds() { return binarySeeds(kRow); }
void fuzzOne(OpFuzz &op) { fuzzBinary(op, kRow); }

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
