// Fuzz target: aclnnMaxUnpool2d. The arena's integers make many indices valid and many not (and many
// repeated): a bad index must write nothing out of bounds and come back as 507015 at synchronize.
#include "common/fuzz_op.h"
#include "harness/max_unpool2d.h"
#include "common/max_unpool_seed.h"

using namespace fuzzing;

namespace {

// self/indices (N,C,H,W) or (C,H,W); out (..., oH, oW).
Seed make(const char *name, const std::vector<int64_t> &selfShape, int64_t oH, int64_t oW, aclDataType dtype,
          aclDataType indexType, bool run, bool repeatable = false) {
    const std::vector<int64_t> outShape = withHW(selfShape, oH, oW);
    FuzzWriter w;
    writeTensor(w, seedAt(0, selfShape, dtype, ACL_FORMAT_NCHW));
    writeUnpoolTail(w, selfShape, indexType, oH, oW, outShape, dtype);
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        make("sample", {1, 1, 2, 2}, 4, 4, ACL_FLOAT, ACL_INT64, true),  // the CANN docs' example shapes
        make("3d_int32_indices_float16_repeatable", {2, 3, 3}, 4, 5, ACL_FLOAT16, ACL_INT32, true, true),
        make("int8_plan_only", {2, 2, 3, 3}, 5, 5, ACL_INT8, ACL_INT64, false),
    };
}

void fuzzOne(OpFuzz &op) {
    const auto [self, indices] = op.inputs<2>();
    aclIntArray *outputSize = op.intArray();
    aclTensor *out = op.output();
    op.call(testing_support::kMaxUnpool2d, {self, indices, outputSize, out});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
