// Fuzz target: aclnnMaxUnpool2dBackward. The arena's integers make many indices valid and many
// not: a bad index must read nothing out of bounds and come back as 507015 at synchronize.
#include "common/fuzz_op.h"
#include "common/max_unpool_seed.h"
#include "harness/max_unpool2d_backward.h"

using namespace fuzzing;

namespace {

// self/indices/out (N,C,H,W) or (C,H,W); gradOutput (..., oH, oW).
Seed make(const char *name, const std::vector<int64_t> &selfShape, int64_t oH, int64_t oW, aclDataType dtype,
          aclDataType indexType, aclDataType outType, bool run, bool repeatable = false) {
    const std::vector<int64_t> gradShape = withHW(selfShape, oH, oW);
    FuzzWriter w;
    writeTensor(w, seedAt(0, gradShape, dtype, ACL_FORMAT_NCHW));
    writeTensor(w, seedAt(4096, selfShape, dtype, ACL_FORMAT_NCHW));
    writeUnpoolTail(w, selfShape, indexType, oH, oW, selfShape, outType);
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        make("sample", {1, 3, 2, 2}, 3, 1, ACL_FLOAT, ACL_INT32, ACL_FLOAT, true),  // docs/ops sample shapes
        make("3d_int64_indices_to_double", {2, 3, 3}, 4, 4, ACL_FLOAT16, ACL_INT64, ACL_DOUBLE, true, true),
        make("int8_plan_only", {2, 2, 3, 3}, 5, 5, ACL_INT8, ACL_INT32, ACL_INT32, false),
    };
}

void fuzzOne(OpFuzz &op) {
    const auto [gradOutput, self, indices] = op.inputs<3>();
    aclIntArray *outputSize = op.intArray();
    aclTensor *out = op.output();
    op.call(testing_support::kMaxUnpool2dBackward, {gradOutput, self, indices, outputSize, out});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
