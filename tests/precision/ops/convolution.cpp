// Convolution and ConvolutionBackward in the precision report: a drawn 2-D NCHW problem (stride, per-side or
// symmetric padding, dilation, groups, bias or not), judged by the metrics against support/convolution_ref.h's
// sums in double over the values the device holds. The sums take the padding's taps as products with 0
// (paddingTerms): the operator is a GEMM over the zero-padded input, so an infinite weight (or gradOutput)
// meeting the padding makes a NaN, as 0 * inf is; finite results are the same either way. The backward is a
// cascade: it runs after the forward on the forward's input and weight tensors, with a gradOutput of its
// output's shape and every outputMask bit set. cubeMathType 0 (KEEP_DTYPE): 16-bit inputs, fp32 sums, one
// rounding to each output.
#include <algorithm>
#include <string>

#include "harness/convolution.h"
#include "precision/precision.h"
#include "support/convolution_ref.h"
#include "support/int_array.h"

namespace precision {
namespace {

using testing_support::ConvRef;
using testing_support::IntArray;
using testing_support::RefSum;

std::vector<double> valuesOf(const std::vector<RefSum> &sums) {
    std::vector<double> v;
    for (const RefSum &r : sums) v.push_back(r.value);
    return v;
}

struct ConvolutionRun {
    ConvRef ref;  // the geometry and the values the device holds
    DeviceTensor inputT, weightT;
    CaseOutcome outcome;  // output next to its golden
};

std::string describe(const testing_support::ConvGeometry &g) {
    std::string s = "input " + shapeText(g.inputDims()) + " weight " + shapeText(g.weightDims()) + " stride " +
                    shapeText(g.strideArray()) + " padding " + shapeText(g.paddingArray()) + " dilation " +
                    shapeText(g.dilationArray());
    if (g.groups > 1) s += " groups " + std::to_string(g.groups);
    return g.bias ? s : s + " no bias";
}

// Small sizes, so that the double loops stay fast: up to 2 x 9 x 13 x 13 in, 9 out channels, 3 x 3 kernels.
ConvolutionRun runConvolution(aclDataType dtype, Draw &draw, aclrtStream stream) {
    ConvolutionRun r;
    testing_support::ConvGeometry &g = r.ref.s;
    r.ref.paddingTerms = true;
    g.N = draw.integer(1, 2);
    g.groups = draw.integer(1, 3);
    g.C = g.groups * draw.integer(1, 3);
    g.Cout = g.groups * draw.integer(1, 3);
    g.KH = draw.integer(1, 3);
    g.KW = draw.integer(1, 3);
    g.SH = draw.integer(1, 3);
    g.SW = draw.integer(1, 3);
    g.DH = draw.integer(1, 2);
    g.DW = draw.integer(1, 2);
    g.fourPads = draw.coin();
    g.padTop = draw.integer(0, 2);
    g.padLeft = draw.integer(0, 2);
    g.padBottom = g.fourPads ? draw.integer(0, 2) : g.padTop;
    g.padRight = g.fourPads ? draw.integer(0, 2) : g.padLeft;
    // At least one output row and column: the padded input covers the dilated kernel.
    const int64_t needH = std::max<int64_t>(1, g.DH * (g.KH - 1) + 1 - g.padTop - g.padBottom);
    const int64_t needW = std::max<int64_t>(1, g.DW * (g.KW - 1) + 1 - g.padLeft - g.padRight);
    g.H = draw.integer(needH, needH + 8);
    g.W = draw.integer(needW, needW + 8);
    g.bias = draw.coin();
    r.ref.x = draw.values(static_cast<size_t>(numel(g.inputDims())), dtype);
    r.ref.w = draw.values(static_cast<size_t>(numel(g.weightDims())), dtype);
    r.ref.b = draw.values(static_cast<size_t>(g.Cout), dtype);
    r.inputT = DeviceTensor(g.inputDims(), dtype, ACL_FORMAT_NCHW);
    r.weightT = DeviceTensor(g.weightDims(), dtype, ACL_FORMAT_NCHW);
    r.inputT.upload(r.ref.x);
    r.weightT.upload(r.ref.w);
    DeviceTensor biasT = uploaded({g.Cout}, dtype, r.ref.b), out(g.outputDims(), dtype, ACL_FORMAT_NCHW);
    const IntArray stride(g.strideArray()), padding(g.paddingArray()), dilation(g.dilationArray()),
        outputPadding({0, 0});
    runOrThrow(testing_support::kConvolution,
               {r.inputT, r.weightT, g.bias ? biasT.get() : nullptr, stride.get(), padding.get(), dilation.get(), false,
                outputPadding.get(), g.groups, out, int8_t{0}},
               stream);
    r.outcome = {describe(g), {output("output", out, valuesOf(r.ref.forward()), Judge::Metrics)}};
    return r;
}

CaseOutcome runConvolutionBackward(aclDataType dtype, Draw &draw, aclrtStream stream) {
    ConvolutionRun f = runConvolution(dtype, draw, stream);
    const testing_support::ConvGeometry &g = f.ref.s;
    const std::vector<double> dy = draw.values(static_cast<size_t>(numel(g.outputDims())), dtype);
    const ConvRef::Grads want = f.ref.backward(dy);
    DeviceTensor gradOutput(g.outputDims(), dtype, ACL_FORMAT_NCHW),
        gradInput(g.inputDims(), dtype, ACL_FORMAT_NCHW), gradWeight(g.weightDims(), dtype, ACL_FORMAT_NCHW),
        gradBias({g.Cout}, dtype);
    gradOutput.upload(dy);
    const IntArray biasSizes({g.Cout}), stride(g.strideArray()), padding(g.paddingArray()),
        dilation(g.dilationArray()), outputPadding({0, 0});
    const testing_support::BoolArray outputMask({true, true, true});
    runOrThrow(testing_support::kConvolutionBackward,
               {gradOutput, f.inputT, f.weightT, biasSizes.get(), stride.get(), padding.get(), dilation.get(), false,
                outputPadding.get(), static_cast<int>(g.groups), outputMask.get(), int8_t{0}, gradInput, gradWeight,
                gradBias},
               stream);
    return {f.outcome.description,
            {output("gradInput", gradInput, valuesOf(want.input), Judge::Metrics),
             output("gradWeight", gradWeight, valuesOf(want.weight), Judge::Metrics),
             output("gradBias", gradBias, valuesOf(want.bias), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnConvolution", floatDtypes(), outcomeOf<runConvolution>);
ACLNN_REGISTER_PRECISION("aclnnConvolutionBackward", floatDtypes(), runConvolutionBackward);

}  // namespace
}  // namespace precision
