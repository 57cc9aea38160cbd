// Fuzz target: aclnnIm2colBackward.
#include "aclnnop/aclnn_im2col_backward.h"
#include "common/fuzz_op.h"

using namespace fuzzing;

namespace {

struct Params {
    std::vector<int64_t> input, kernel, dilation, padding, stride;
};

Seed make(const char *name, const SeedTensor &grad, const Params &p, const SeedTensor &out, bool run,
          bool repeatable = false) {
    FuzzWriter w;
    writeTensor(w, grad);
    writeIntArray(w, p.input);
    writeIntArray(w, p.kernel);
    writeIntArray(w, p.dilation);
    writeIntArray(w, p.padding);
    writeIntArray(w, p.stride);
    writeTensor(w, out);
    writePhaseTwo(w, run, repeatable);
    return Seed{name, w.bytes()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    // docs/ops sample: gradOutput (4,2), inputSize 1,1, kernel 2,2, dilation 1,1, padding 1,1, stride 1,2.
    Params sample{{1, 1}, {2, 2}, {1, 1}, {1, 1}, {1, 2}};
    // 2 images, 3 channels, 5x6 input, 3x2 kernel, stride 2,1, padding 1,0, dilation 1,2:
    // L0 = (5+2-2-1)/2+1 = 3, L1 = (6+0-2-1)/1+1 = 4.
    Params batch{{5, 6}, {3, 2}, {1, 2}, {1, 0}, {2, 1}};
    writeSeedsIfAsked({
        make("sample", SeedTensor{{4, 2}}, sample, SeedTensor{{1, 1, 1}, ACL_FLOAT, ACL_FORMAT_ND, {}, 0, {}, 1024},
             true),
        make("sample_fp16_to_fp32_plan_only", SeedTensor{{4, 2}, ACL_FLOAT16}, sample,
             SeedTensor{{1, 1, 1}, ACL_FLOAT, ACL_FORMAT_ND, {}, 0, {}, 1024}, false),
        make("batch_strided", SeedTensor{{2, 18, 12}, ACL_FLOAT, ACL_FORMAT_ND, {1, 48, 2}, 3}, batch,
             SeedTensor{{2, 3, 5, 6}, ACL_BF16, ACL_FORMAT_ND, {}, 0, {}, 16384}, true, true),
        make("batch_fp64", SeedTensor{{2, 18, 12}, ACL_DOUBLE}, batch,
             SeedTensor{{2, 3, 5, 6}, ACL_DOUBLE, ACL_FORMAT_ND, {}, 0, {}, 16384}, true),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    OpFuzz op(in);
    aclTensor *gradOutput = op.input();
    aclIntArray *inputSize = op.intArray();
    aclIntArray *kernelSize = op.intArray();
    aclIntArray *dilation = op.intArray();
    aclIntArray *padding = op.intArray();
    aclIntArray *stride = op.intArray();
    aclTensor *out = op.output();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclnnStatus s = aclnnIm2colBackwardGetWorkspaceSize(gradOutput, inputSize, kernelSize, dilation, padding, stride,
                                                        out, &ws, &ex);
    op.finish("aclnnIm2colBackward", s, ws, ex, aclnnIm2colBackward);
    return 0;
}
