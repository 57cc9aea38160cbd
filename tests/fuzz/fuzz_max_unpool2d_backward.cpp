// Fuzz target: aclnnMaxUnpool2dBackward. The arena's integers make many indices valid and many
// not: a bad index must read nothing out of bounds and come back as 507015 at synchronize.
#include "aclnnop/aclnn_max_unpool2d_backward.h"
#include "common/fuzz_op.h"

using namespace fuzzing;

namespace {

// self/indices/out (N,C,H,W) or (C,H,W); gradOutput (..., oH, oW).
Seed make(const char *name, const std::vector<int64_t> &selfShape, int64_t oH, int64_t oW, aclDataType dtype,
          aclDataType indexType, aclDataType outType, bool run, bool repeatable = false) {
    std::vector<int64_t> gradShape = selfShape;
    gradShape[gradShape.size() - 2] = oH;
    gradShape[gradShape.size() - 1] = oW;
    FuzzWriter w;
    writeTensor(w, SeedTensor{gradShape, dtype, ACL_FORMAT_NCHW, {}, 0, {}, 0});
    writeTensor(w, SeedTensor{selfShape, dtype, ACL_FORMAT_NCHW, {}, 0, {}, 4096});
    // The arena holds small integers in its odd 32-bit words: indices point there.
    writeTensor(w, SeedTensor{selfShape, indexType, ACL_FORMAT_NCHW, {}, 0, {}, 8192});
    writeIntArray(w, {oH, oW});
    writeTensor(w, SeedTensor{selfShape, outType, ACL_FORMAT_NCHW, {}, 0, {}, 12288});
    writePhaseTwo(w, run, repeatable);
    return Seed{name, w.bytes()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    writeSeedsIfAsked({
        make("sample", {1, 3, 2, 2}, 3, 1, ACL_FLOAT, ACL_INT32, ACL_FLOAT, true),  // docs/ops sample shapes
        make("3d_int64_indices_to_double", {2, 3, 3}, 4, 4, ACL_FLOAT16, ACL_INT64, ACL_DOUBLE, true, true),
        make("int8_plan_only", {2, 2, 3, 3}, 5, 5, ACL_INT8, ACL_INT32, ACL_INT32, false),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    OpFuzz op(in);
    aclTensor *gradOutput = op.input();
    aclTensor *self = op.input();
    aclTensor *indices = op.input();
    aclIntArray *outputSize = op.intArray();
    aclTensor *out = op.output();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclnnStatus s = aclnnMaxUnpool2dBackwardGetWorkspaceSize(gradOutput, self, indices, outputSize, out, &ws, &ex);
    op.finish("aclnnMaxUnpool2dBackward", s, ws, ex, aclnnMaxUnpool2dBackward);
    return 0;
}
