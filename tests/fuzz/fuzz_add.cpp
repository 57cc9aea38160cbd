// Fuzz target: aclnnAdd and aclnnAdds, the elementwise engine's tensor-tensor and tensor-scalar forms:
// any dtypes (promotion, CanCast, alpha's castability), any shapes (broadcasting), any views, scalars of
// several dtypes. Every other binary row shares the engine these two drive.
#include "common/fuzz_op.h"
#include "harness/add.h"

using namespace fuzzing;

namespace {

// OpFuzz::scalar's choices used by the seeds.
constexpr uint8_t kFloatScalar = 1, kInt64Scalar = 7;

Seed tensors(const char *name, const std::vector<int64_t> &self, const std::vector<int64_t> &other,
             const std::vector<int64_t> &out, aclDataType dtype, bool run) {
    FuzzWriter w = startSeedOf(true);
    writeTensor(w, seedAt(0, self, dtype));
    writeTensor(w, seedAt(64, other, dtype));
    writeScalar(w, dtype == ACL_INT32 ? kInt64Scalar : kFloatScalar, dtype == ACL_INT32 ? 3 : 1.5);
    writeTensor(w, seedAt(0, out, dtype));
    return finishSeed(name, w, run, false);
}

Seed scalar(const char *name, const std::vector<int64_t> &self, aclDataType dtype, bool run, bool repeatable) {
    FuzzWriter w = startSeedOf(false);
    writeTensor(w, seedAt(0, self, dtype));
    writeScalar(w, kFloatScalar, 0.25);
    writeScalar(w, kFloatScalar, 2);
    writeTensor(w, seedAt(0, self, dtype));
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        tensors("add_broadcast_float", {2, 3, 4}, {3, 1}, {2, 3, 4}, ACL_FLOAT, true),
        tensors("add_int32_plan_only", {4, 5}, {5}, {4, 5}, ACL_INT32, false),
        scalar("adds_float16_in_place_repeatable", {3, 7}, ACL_FLOAT16, true, true),
    };
}

void fuzzOne(OpFuzz &op) {
    const bool tensorOther = op.picksFirst();
    aclTensor *self = op.input();
    if (tensorOther) {
        aclTensor *other = op.input();
        aclScalar *alpha = op.scalar();
        aclTensor *out = op.output();
        op.call(testing_support::kAdd, {self, other, alpha, out});
    } else {
        aclScalar *other = op.scalar();
        aclScalar *alpha = op.scalar();
        aclTensor *out = op.output();
        op.call(testing_support::kAdds, {self, other, alpha, out});
    }
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
