// Fuzz target: aclnnAdd and aclnnAdds, the elementwise engine's tensor-tensor and tensor-scalar forms:
// any dtypes (promotion, CanCast, alpha's castability), any shapes (broadcasting), any views, scalars of
// several dtypes (common/binary_fuzz.h, shared with fuzz_mul and fuzz_sub).
#include "common/binary_fuzz.h"
#include "harness/add.h"

using namespace fuzzing;

namespace {

const BinaryFuzzRow kRow{"add", testing_support::kAdd, testing_support::kAdds, true};

std::vector<Seed> seeds() { return binarySeeds(kRow); }
void fuzzOne(OpFuzz &op) { fuzzBinary(op, kRow); }

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
