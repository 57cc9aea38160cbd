// Fuzz target: aclnnMul and aclnnMuls, the elementwise engine's tensor-tensor and tensor-scalar forms:
// any dtypes (promotion, CanCast), any shapes (broadcasting), any views, scalars of
// several dtypes (common/binary_fuzz.h, shared with fuzz_add and fuzz_sub).
#include "common/binary_fuzz.h"
#include "harness/mul.h"

using namespace fuzzing;

namespace {

const BinaryFuzzRow kRow{"mul", testing_support::kMul, testing_support::kMuls, false};

std::vector<Seed> seeds() { return binarySeeds(kRow); }
void fuzzOne(OpFuzz &op) { fuzzBinary(op, kRow); }

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
