// Fuzz target: aclnnIm2col.
#include "aclnnop/aclnn_im2col.h"
#include "common/fuzz_op.h"

using namespace fuzzing;

namespace {

// The CANN docs' example: self (2,2,3), kernel 2x2, dilation 1, padding 1, stride 2, out (8,4); out of
// another dtype when outType differs.
Seed sample(const char *name, aclDataType dtype, aclDataType outType, bool strided, bool run) {
    FuzzWriter w;
    SeedTensor self{{2, 2, 3}, dtype};
    if (strided) {
        self.strides = {12, 6, 2};
        self.offset = 1;
    }
    writeTensor(w, self);
    writeIntArray(w, {2, 2});
    writeIntArray(w, {1, 1});
    writeIntArray(w, {1, 1});
    writeIntArray(w, {2, 2});
    writeTensor(w, SeedTensor{{8, 4}, outType, ACL_FORMAT_ND, {}, 0, {}, 4096});
    writePhaseTwo(w, run, false);
    return Seed{name, w.bytes()};
}

// 4-D with dilation, unequal strides and a repeatable executor: self (2,3,7,6), kernel 3x2, dilation
// (1,2), padding (1,0), stride (2,1) -> L0 = 4, L1 = 4, out (2,18,16).
Seed fourD(const char *name, aclDataType dtype) {
    FuzzWriter w;
    writeTensor(w, SeedTensor{{2, 3, 7, 6}, dtype});
    writeIntArray(w, {3, 2});
    writeIntArray(w, {1, 2});
    writeIntArray(w, {1, 0});
    writeIntArray(w, {2, 1});
    writeTensor(w, SeedTensor{{2, 18, 16}, dtype, ACL_FORMAT_ND, {}, 0, {}, 8192});
    writePhaseTwo(w, true, true);
    return Seed{name, w.bytes()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    writeSeedsIfAsked({
        sample("sample", ACL_FLOAT, ACL_FLOAT, false, true),
        sample("sample_strided_int8", ACL_INT8, ACL_INT8, true, true),
        sample("sample_cast_bf16_to_float", ACL_BF16, ACL_FLOAT, false, true),
        sample("sample_double_plan_only", ACL_DOUBLE, ACL_DOUBLE, false, false),
        fourD("4d_uint16_repeatable", ACL_UINT16),
        fourD("4d_complex32_repeatable", ACL_COMPLEX32),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    OpFuzz op(in);
    aclTensor *self = op.input();
    aclIntArray *kernelSize = op.intArray();
    aclIntArray *dilation = op.intArray();
    aclIntArray *padding = op.intArray();
    aclIntArray *stride = op.intArray();
    aclTensor *out = op.output();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclnnStatus s = aclnnIm2colGetWorkspaceSize(self, kernelSize, dilation, padding, stride, out, &ws, &ex);
    op.finish("aclnnIm2col", s, ws, ex, aclnnIm2col);
    return 0;
}
