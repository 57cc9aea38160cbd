// Fuzz target: aclnnConvolution and aclnnConvolutionBackward, the input's first byte picking the operator:
// any tensors (ranks, dtypes, formats, views, empties), any stride/padding/dilation arrays, transposed, groups,
// outputMask and cubeMathType.
#include "common/fuzz_op.h"
#include "harness/convolution.h"

using namespace fuzzing;
using namespace testing_support;

namespace {

void fuzzOne(OpFuzz &op) {
    if (op.picksFirst()) {
        const auto [input, weight, bias] = op.inputs<3>();
        const auto [stride, padding, dilation] = op.intArrays<3>();
        const bool transposed = op.flag();
        aclIntArray *outputPadding = op.intArray();
        const int64_t groups = op.i64();
        aclTensor *output = op.output();
        const auto cubeMathType = static_cast<int8_t>(op.i64());
        op.call(kConvolution, {input, weight, bias, stride, padding, dilation, transposed, outputPadding, groups,
                               output, cubeMathType});
        return;
    }
    const auto [gradOutput, input, weight] = op.inputs<3>();
    const auto [biasSizes, stride, padding, dilation] = op.intArrays<4>();
    const bool transposed = op.flag();
    aclIntArray *outputPadding = op.intArray();
    const int groups = static_cast<int>(op.i64());
    const bool mask[3] = {op.flag(), op.flag(), op.flag()};
    const auto cubeMathType = static_cast<int8_t>(op.i64());
    const auto [gradInput, gradWeight, gradBias] = op.outputs<3>();
    aclBoolArray *outputMask = aclCreateBoolArray(mask, 3);
    op.call(kConvolutionBackward, {gradOutput, input, weight, biasSizes, stride, padding, dilation, transposed,
                                   outputPadding, groups, static_cast<const aclBoolArray *>(outputMask), cubeMathType,
                                   gradInput, gradWeight, gradBias});
    aclDestroyBoolArray(outputMask);
}

// The training example's layer, small: input (2, 3, 6, 6), weight (4, 3, 3, 3), padding 1.
Seed forward(const char *name, aclDataType dtype, aclFormat format, int64_t groups, bool run) {
    FuzzWriter w = startSeedOf(true);
    writeTensor(w, seedAt(0, {2, 3, 6, 6}, dtype, format));
    writeTensor(w, seedAt(2048, {3 * groups, 3 / groups, 3, 3}, dtype, format));
    writeTensor(w, seedAt(4096, {3 * groups}, dtype));
    writeIntArrays(w, {{1, 1}, {1, 1}, {1, 1}});
    w.u8(0);  // transposed false
    writeNullIntArray(w);
    w.i64(groups);
    writeTensor(w, seedAt(8192, {2, 3 * groups, 6, 6}, dtype, format));
    w.i64(0);
    return finishSeed(name, w, run, false);
}

Seed backward(const char *name, aclDataType dtype, bool run) {
    FuzzWriter w = startSeedOf(false);
    writeTensor(w, seedAt(0, {2, 4, 5}, dtype, ACL_FORMAT_NCL));
    writeTensor(w, seedAt(2048, {2, 3, 5}, dtype, ACL_FORMAT_NCL));
    writeTensor(w, seedAt(4096, {4, 3, 3}, dtype, ACL_FORMAT_NCL));
    writeIntArrays(w, {{4}, {1}, {1}, {1}});
    w.u8(0);  // transposed false
    writeIntArray(w, {0});
    w.i64(1);
    w.u8(1), w.u8(1), w.u8(1);
    w.i64(0);
    writeTensor(w, seedAt(8192, {2, 3, 5}, dtype, ACL_FORMAT_NCL));
    writeTensor(w, seedAt(12288, {4, 3, 3}, dtype, ACL_FORMAT_NCL));
    writeTensor(w, seedAt(16384, {4}, dtype));
    return finishSeed(name, w, run, false);
}

std::vector<Seed> seeds() {
    return {
        forward("conv2d_float", ACL_FLOAT, ACL_FORMAT_NCHW, 1, true),
        forward("conv2d_bf16_groups_3", ACL_BF16, ACL_FORMAT_NCHW, 3, true),
        forward("conv2d_nd_refused", ACL_FLOAT, ACL_FORMAT_ND, 1, false),
        backward("conv1d_backward_float", ACL_FLOAT, true),
        backward("conv1d_backward_float16", ACL_FLOAT16, true),
    };
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
