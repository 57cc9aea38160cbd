// Fuzz target: aclnnMaxUnpool2d. The arena's integers make many indices valid and many not (and many
// repeated): a bad index must write nothing out of bounds and come back as 507015 at synchronize.
#include "aclnnop/aclnn_max_unpool2d.h"
#include "common/fuzz_op.h"

using namespace fuzzing;

namespace {

// self/indices (N,C,H,W) or (C,H,W); out (..., oH, oW).
Seed make(const char *name, const std::vector<int64_t> &selfShape, int64_t oH, int64_t oW, aclDataType dtype,
          aclDataType indexType, bool run, bool repeatable = false) {
    std::vector<int64_t> outShape = selfShape;
    outShape[outShape.size() - 2] = oH;
    outShape[outShape.size() - 1] = oW;
    FuzzWriter w;
    writeTensor(w, SeedTensor{selfShape, dtype, ACL_FORMAT_NCHW, {}, 0, {}, 0});
    // The arena holds small integers in its odd 32-bit words: indices point there.
    writeTensor(w, SeedTensor{selfShape, indexType, ACL_FORMAT_NCHW, {}, 0, {}, 8192});
    writeIntArray(w, {oH, oW});
    writeTensor(w, SeedTensor{outShape, dtype, ACL_FORMAT_NCHW, {}, 0, {}, 12288});
    writePhaseTwo(w, run, repeatable);
    return Seed{name, w.bytes()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    writeSeedsIfAsked({
        make("sample", {1, 1, 2, 2}, 4, 4, ACL_FLOAT, ACL_INT64, true),  // the CANN docs' example shapes
        make("3d_int32_indices_float16_repeatable", {2, 3, 3}, 4, 5, ACL_FLOAT16, ACL_INT32, true, true),
        make("int8_plan_only", {2, 2, 3, 3}, 5, 5, ACL_INT8, ACL_INT64, false),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    OpFuzz op(in);
    aclTensor *self = op.input();
    aclTensor *indices = op.input();
    aclIntArray *outputSize = op.intArray();
    aclTensor *out = op.output();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclnnStatus s = aclnnMaxUnpool2dGetWorkspaceSize(self, indices, outputSize, out, &ws, &ex);
    op.finish("aclnnMaxUnpool2d", s, ws, ex, aclnnMaxUnpool2d);
    return 0;
}
