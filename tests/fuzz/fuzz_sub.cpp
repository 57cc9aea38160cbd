// Fuzz target: aclnnSub and aclnnSubs, the elementwise engine's tensor-tensor and tensor-scalar forms:
// any dtypes (promotion, CanCast, alpha's castability), any shapes (broadcasting), any views, scalars of
// several dtypes (common/binary_fuzz.h, shared with fuzz_add and fuzz_mul).
#include "common/binary_fuzz.h"
#include "harness/sub.h"

using namespace fuzzing;

namespace {

const BinaryFuzzRow kRow{"sub", testing_support::kSub, testing_support::kSubs, true};

std::vector<Seed> seeds() { return binarySeeds(kRow); }
void fuzzOne(OpFuzz &op) { fuzzBinary(op, kRow); }

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
