// Fuzz target: aclnnMaxPool2dWithIndices and aclnnMaxPool2dWithIndicesBackward (the first byte picks).
// Random shapes, views, dtypes, formats and attribute arrays (any length, any values), ceilMode;
// the backward also gets random indices, whose bad values must be device faults, never accesses out
// of bounds.
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "common/fuzz_op.h"

using namespace fuzzing;

namespace {

void writeAttrs(FuzzWriter &w, const std::vector<int64_t> &k, const std::vector<int64_t> &s,
                const std::vector<int64_t> &p, const std::vector<int64_t> &d) {
    writeIntArray(w, k);
    writeIntArray(w, s);
    writeIntArray(w, p);
    writeIntArray(w, d);
}

// The CANN docs' example: self (1,1,4,3), kernel 2, stride 2 -> out, indices (1,1,2,1).
Seed forwardSample(const char *name, aclDataType dtype, aclDataType idx, bool strided, bool ceil) {
    FuzzWriter w;
    w.u8(0);
    SeedTensor self{{1, 1, 4, 3}, dtype};
    if (strided) {
        self.strides = {24, 24, 6, 2};
        self.offset = 1;
    }
    writeTensor(w, self);
    writeAttrs(w, {2, 2}, {2, 2}, {0, 0}, {1, 1});
    w.u8(ceil ? 1 : 0);
    // Outputs in their own parts of the arena (an output over an input is rejected at phase two).
    writeTensor(w, SeedTensor{{1, 1, 2, ceil ? 2 : 1}, dtype, ACL_FORMAT_ND, {}, 0, {}, 4096});
    writeTensor(w, SeedTensor{{1, 1, 2, ceil ? 2 : 1}, idx, ACL_FORMAT_ND, {}, 0, {}, 8192});
    writePhaseTwo(w, true, false);
    return Seed{name, w.bytes()};
}

// 3-D, kernel 3, stride 1, padding 1: overlapping windows.
Seed backwardSample(const char *name, aclDataType dtype, aclDataType idx, bool repeatable) {
    FuzzWriter w;
    w.u8(1);
    writeTensor(w, SeedTensor{{2, 4, 5}, dtype});  // gradOutput
    writeTensor(w, SeedTensor{{2, 4, 5}, dtype});  // self
    writeTensor(w, SeedTensor{{2, 4, 5}, idx, ACL_FORMAT_ND, {}, 0, {}, 4096});  // indices (faults likely)
    writeAttrs(w, {3}, {1}, {1}, {1});
    w.u8(0);
    writeTensor(w, SeedTensor{{2, 4, 5}, dtype, ACL_FORMAT_ND, {}, 0, {}, 12288});  // gradInput
    writePhaseTwo(w, true, repeatable);
    return Seed{name, w.bytes()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    writeSeedsIfAsked({
        forwardSample("forward_sample", ACL_FLOAT, ACL_INT32, false, false),
        forwardSample("forward_sample_strided_bf16_ceil", ACL_BF16, ACL_INT64, true, true),
        backwardSample("backward_float16_int64", ACL_FLOAT16, ACL_INT64, false),
        backwardSample("backward_float_int32_repeatable", ACL_FLOAT, ACL_INT32, true),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    const bool forward = in.u8() % 2 == 0;
    OpFuzz op(in);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    if (forward) {
        aclTensor *self = op.input();
        aclIntArray *k = op.intArray(), *s = op.intArray(), *p = op.intArray(), *d = op.intArray();
        const bool ceil = op.flag();
        aclTensor *out = op.output();
        aclTensor *idx = op.output();
        aclnnStatus st = aclnnMaxPool2dWithIndicesGetWorkspaceSize(self, k, s, p, d, ceil, out, idx, &ws, &ex);
        op.finish("aclnnMaxPool2dWithIndices", st, ws, ex, aclnnMaxPool2dWithIndices);
    } else {
        aclTensor *grad = op.input();
        aclTensor *self = op.input();
        aclTensor *idx = op.input();
        aclIntArray *k = op.intArray(), *s = op.intArray(), *p = op.intArray(), *d = op.intArray();
        const bool ceil = op.flag();
        aclTensor *gin = op.output();
        aclnnStatus st =
            aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(grad, self, idx, k, s, p, d, ceil, gin, &ws, &ex);
        op.finish("aclnnMaxPool2dWithIndicesBackward", st, ws, ex, aclnnMaxPool2dWithIndicesBackward);
    }
    return 0;
}
