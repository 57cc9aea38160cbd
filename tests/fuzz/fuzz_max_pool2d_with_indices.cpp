// Fuzz target: aclnnMaxPool2dWithIndices and aclnnMaxPool2dWithIndicesBackward (the first byte picks).
// Random shapes, views, dtypes, formats and attribute arrays (any length, any values), ceilMode;
// the backward also gets random indices, whose bad values must be device faults, never accesses out
// of bounds.
#include "common/fuzz_op.h"
#include "harness/max_pool2d_with_indices.h"
#include "harness/max_pool2d_with_indices_backward.h"

using namespace fuzzing;

namespace {

// The CANN docs' example: self (1,1,4,3), kernel 2, stride 2 -> out, indices (1,1,2,1).
Seed forwardSample(const char *name, aclDataType dtype, aclDataType idx, bool strided, bool ceil) {
    FuzzWriter w = startSeedOf(true);
    writeTensor(w, seedView({1, 1, 4, 3}, dtype, strided, {24, 24, 6, 2}));
    writeIntArrays(w, {{2, 2}, {2, 2}, {0, 0}, {1, 1}});  // kernelSize, stride, padding, dilation
    w.u8(ceil ? 1 : 0);
    // Outputs in their own parts of the arena (an output over an input is rejected at phase two).
    writeTensor(w, seedAt(4096, {1, 1, 2, ceil ? 2 : 1}, dtype));
    writeTensor(w, seedAt(8192, {1, 1, 2, ceil ? 2 : 1}, idx));
    return finishSeed(name, w, true, false);
}

// 3-D, kernel 3, stride 1, padding 1: overlapping windows.
Seed backwardSample(const char *name, aclDataType dtype, aclDataType idx, bool repeatable) {
    FuzzWriter w = startSeedOf(false);
    writeTensor(w, SeedTensor{{2, 4, 5}, dtype});       // gradOutput
    writeTensor(w, SeedTensor{{2, 4, 5}, dtype});       // self
    writeTensor(w, seedAt(4096, {2, 4, 5}, idx));       // indices (faults likely)
    writeIntArrays(w, {{3}, {1}, {1}, {1}});
    w.u8(0);
    writeTensor(w, seedAt(12288, {2, 4, 5}, dtype));    // gradInput
    return finishSeed(name, w, true, repeatable);
}

std::vector<Seed> seeds() {
    return {
        forwardSample("forward_sample", ACL_FLOAT, ACL_INT32, false, false),
        forwardSample("forward_sample_strided_bf16_ceil", ACL_BF16, ACL_INT64, true, true),
        backwardSample("backward_float16_int64", ACL_FLOAT16, ACL_INT64, false),
        backwardSample("backward_float_int32_repeatable", ACL_FLOAT, ACL_INT32, true),
    };
}

void fuzzOne(OpFuzz &op) {
    const bool forward = op.picksFirst();
    if (forward) {
        aclTensor *self = op.input();
        const auto [k, s, p, d] = op.intArrays<4>();
        const bool ceil = op.flag();
        const auto [out, idx] = op.outputs<2>();
        op.call(testing_support::kMaxPool2dWithIndices, {self, k, s, p, d, ceil, out, idx});
    } else {
        const auto [grad, self, idx] = op.inputs<3>();
        const auto [k, s, p, d] = op.intArrays<4>();
        const bool ceil = op.flag();
        aclTensor *gin = op.output();
        op.call(testing_support::kMaxPool2dWithIndicesBackward, {grad, self, idx, k, s, p, d, ceil, gin});
    }
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
