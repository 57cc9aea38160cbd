// Fuzz target: aclnnIm2colBackward.
#include "common/fuzz_op.h"
#include "harness/im2col_backward.h"

using namespace fuzzing;

namespace {

struct Params {
    std::vector<int64_t> input, kernel, dilation, padding, stride;
};

Seed make(const char *name, const SeedTensor &grad, const Params &p, const SeedTensor &out, bool run,
          bool repeatable = false) {
    FuzzWriter w;
    writeTensor(w, grad);
    writeIntArrays(w, {p.input, p.kernel, p.dilation, p.padding, p.stride});
    writeTensor(w, out);
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    // docs/ops sample: gradOutput (4,2), inputSize 1,1, kernel 2,2, dilation 1,1, padding 1,1, stride 1,2.
    Params sample{{1, 1}, {2, 2}, {1, 1}, {1, 1}, {1, 2}};
    // 2 images, 3 channels, 5x6 input, 3x2 kernel, stride 2,1, padding 1,0, dilation 1,2:
    // L0 = (5+2-2-1)/2+1 = 3, L1 = (6+0-2-1)/1+1 = 4.
    Params batch{{5, 6}, {3, 2}, {1, 2}, {1, 0}, {2, 1}};
    return {
        make("sample", SeedTensor{{4, 2}}, sample, seedAt(1024, {1, 1, 1}), true),
        make("sample_fp16_to_fp32_plan_only", SeedTensor{{4, 2}, ACL_FLOAT16}, sample, seedAt(1024, {1, 1, 1}),
             false),
        make("batch_strided", SeedTensor{{2, 18, 12}, ACL_FLOAT, ACL_FORMAT_ND, {1, 48, 2}, 3}, batch,
             seedAt(16384, {2, 3, 5, 6}, ACL_BF16), true, true),
        make("batch_fp64", SeedTensor{{2, 18, 12}, ACL_DOUBLE}, batch, seedAt(16384, {2, 3, 5, 6}, ACL_DOUBLE), true),
    };
}

void fuzzOne(OpFuzz &op) {
    aclTensor *gradOutput = op.input();
    const auto [inputSize, kernelSize, dilation, padding, stride] = op.intArrays<5>();
    aclTensor *out = op.output();
    op.call(testing_support::kIm2colBackward, {gradOutput, inputSize, kernelSize, dilation, padding, stride, out});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
