// aclnnConvolutionBackward: the three gradients of 1-D and 2-D convolutions against a host reference in
// double (direct loops), each outputMask, every dtype, strides, per-side paddings, dilations, groups
// (depthwise included), strided views, the empty path (zeros), run-to-run bits, PyTorch golden data, and every
// error in CANN's check order.
//
// Tolerance (written down here and in docs/ops/convolution_backward.md): every gradient value is an fp32 sum
// in an order the GEMM backend and the fixed-order gathers choose, rounded once to its dtype:
// anyOrderSumBound(want, sum|terms|, terms, 2^-24, dtype) with terms C_out/groups*KH*KW (gradInput) or
// N*H_out*W_out (gradWeight, gradBias).

#include <array>
#include <cstring>

#include "common/test_hooks.h"
#include "convolution_test_helpers.h"
#include "support/error_rows.h"

using namespace testing_support;
using namespace conv_test;
using aclcl::ScopedTestHook;
using aclcl::TestHook;

namespace {

struct BackwardRun {
    std::vector<double> gradInput, gradWeight, gradBias;
    std::vector<uint8_t> bits;
};

class ConvolutionBackwardTest : public DeviceTest {
protected:
    BackwardRun run(const ConvSpec &s, const std::vector<double> &dy, std::array<bool, 3> mask = {true, true, true}) {
        const ConvData d(s);
        auto g = makeTensor(s.outputDims(), s.outType, s.format(), s.strided);
        auto x = makeTensor(s.inputDims(), s.inType, s.format(), s.strided);
        auto w = makeTensor(s.weightDims(), s.weightType, s.format(), s.strided);
        auto gi = makeTensor(s.inputDims(), s.inType, s.format(), s.strided);
        auto gw = makeTensor(s.weightDims(), s.weightType, s.format(), s.strided);
        auto gb = makeTensor({s.Cout}, s.biasType, ACL_FORMAT_ND, s.strided);
        g->upload(dy);
        x->upload(d.x);
        w->upload(d.w);
        for (auto *t : {gi.get(), gw.get(), gb.get()}) t->fillStorage(0x7f);
        IntArray biasSizes({s.Cout}), stride(s.strideArray()), padding(s.paddingArray()),
            dilation(s.dilationArray()), outputPadding(std::vector<int64_t>(s.strideArray().size(), 0));
        const bool maskValues[3] = {mask[0], mask[1], mask[2]};
        aclBoolArray *outputMask = aclCreateBoolArray(maskValues, 3);
        EXPECT_ACL_OK(planAndRun(kConvolutionBackward.planPhase(
                                     {*g, *x, *w, biasSizes, stride, padding, dilation, false, outputPadding,
                                      static_cast<int>(s.groups), outputMask, s.cubeMathType,
                                      mask[0] ? gi->get() : nullptr, mask[1] ? gw->get() : nullptr,
                                      mask[2] ? gb->get() : nullptr}),
                                 kConvolutionBackward.runPhase(), stream));
        aclDestroyBoolArray(outputMask);
        BackwardRun r;
        if (mask[0]) r.gradInput = gi->download();
        if (mask[1]) r.gradWeight = gw->download();
        if (mask[2]) r.gradBias = gb->download();
        for (auto *t : {gi.get(), gw.get(), gb.get()}) {
            const std::vector<uint8_t> b = t->storage();
            r.bits.insert(r.bits.end(), b.begin(), b.end());
        }
        return r;
    }

    std::vector<double> gradOutputOf(const ConvSpec &s) {
        return rounded(randomValues(static_cast<size_t>(product(s.outputDims())), s.seed + 7), s.outType);
    }

    void check(const ConvSpec &s, std::array<bool, 3> mask = {true, true, true}) {
        SCOPED_TRACE(s.name);
        const std::vector<double> dy = gradOutputOf(s);
        const BackwardRun r = run(s, dy, mask);
        const ConvData::Grads want = ConvData(s).backward(dy);
        const double unit = std::ldexp(1.0, -24);
        if (mask[0]) expectWithinBounds(s.name + " gradInput", r.gradInput, want.input, s.inType, unit);
        if (mask[1]) expectWithinBounds(s.name + " gradWeight", r.gradWeight, want.weight, s.weightType, unit);
        if (mask[2]) expectWithinBounds(s.name + " gradBias", r.gradBias, want.bias, s.biasType, unit);
    }
};

TEST_P(ConvolutionBackwardTest, ShapesAndAttributesMatchTheHostReference) {
    std::vector<ConvSpec> specs = attributeSpecs();
    ConvSpec stride3 = spec2d("stride 3 > kernel 2: input pixels no tap reads get 0", 2, 2, 8, 7, 3, 2, 3, 0);
    specs.push_back(stride3);
    for (const ConvSpec &s : specs) check(s);
}

TEST_P(ConvolutionBackwardTest, EachOutputMask) {
    const ConvSpec s = spec2d("mask", 2, 3, 5, 6, 4, 3, 1, 1);
    for (std::array<bool, 3> mask : {std::array<bool, 3>{true, false, false}, std::array<bool, 3>{false, true, false},
                                     std::array<bool, 3>{false, false, true}, std::array<bool, 3>{false, true, true}}) {
        check(s, mask);
    }
}

TEST_P(ConvolutionBackwardTest, EveryDtype) {
    uint64_t seed = 60;
    for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
        ConvSpec s = spec2d(std::string("dtype ") + std::to_string(dt), 2, 3, 6, 5, 4, 3, 1, 1);
        s.inType = s.weightType = s.biasType = s.outType = dt;
        s.seed = ++seed;
        check(s);
    }
    ConvSpec mixed = spec1d("FLOAT16 gradOutput, BF16 input, FLOAT weight and gradients", 2, 3, 9, 4, 3, 1, 1);
    mixed.outType = ACL_FLOAT16, mixed.inType = ACL_BF16;
    // gradInput has input's dtype (BF16) in check(); the others FLOAT.
    check(mixed);
}

TEST_P(ConvolutionBackwardTest, StridedViewsArePackedAndStaged) {
    for (bool oneD : {false, true}) {
        ConvSpec s = oneD ? spec1d("1-D strided views", 2, 4, 9, 6, 3, 1, 1)
                          : spec2d("2-D strided views", 2, 4, 6, 5, 6, 3, 1, 1);
        s.groups = 2;
        s.strided = true;
        check(s);
    }
}

// The two ways the products run (host/ops/convolution_backward.cpp): the column buffer with col2im, and the
// shifted taps (stride 1, pads within the dilated kernel's reach), each forced on every device and GEMM
// backend, over the attributes (those the shifted taps cannot take run the columns either way), pads per side,
// groups, dtypes, views and each output mask.
TEST_P(ConvolutionBackwardTest, ColumnsAndShiftedTapsBothMatchTheReference) {
    std::vector<ConvSpec> specs = attributeSpecs();
    ConvSpec views = spec2d("strided views, groups 2", 2, 4, 6, 5, 6, 3, 1, 1);
    views.groups = 2, views.strided = true;
    ConvSpec beyond = spec2d("pad 3 beyond a 3x3 kernel's reach: the columns either way", 2, 3, 6, 5, 4, 3, 1, 3);
    for (const ConvSpec &s : {views, beyond}) specs.push_back(s);
    for (const ConvSpec &s : shiftedTapSpecs()) specs.push_back(s);
    for (int path : {1, 2}) {
        SCOPED_TRACE(path == 1 ? "columns" : "shifted taps");
        ScopedTestHook forced(TestHook::ConvolutionTaps, path);
        for (const ConvSpec &s : specs) check(s);
        const ConvSpec masked = spec2d("each mask", 2, 3, 5, 6, 4, 3, 1, 1);
        for (std::array<bool, 3> mask : {std::array<bool, 3>{true, false, false},
                                         std::array<bool, 3>{false, true, false}}) {
            check(masked, mask);
        }
    }
}

// CANN's empty path: input N 0 (or weight C_out 0, gradInput unwanted): gradWeight and gradBias are zeros.
TEST_P(ConvolutionBackwardTest, EmptyInputGivesZeroWeightAndBiasGradients) {
    DeviceTensor g({0, 4, 3, 3}, ACL_FLOAT, ACL_FORMAT_NCHW), x({0, 3, 5, 5}, ACL_FLOAT, ACL_FORMAT_NCHW),
        w({4, 3, 3, 3}, ACL_FLOAT, ACL_FORMAT_NCHW), gi({0, 3, 5, 5}, ACL_FLOAT, ACL_FORMAT_NCHW),
        gw({4, 3, 3, 3}, ACL_FLOAT, ACL_FORMAT_NCHW), gb({4}, ACL_FLOAT);
    gw.fillStorage(0x7f);
    gb.fillStorage(0x7f);
    IntArray biasSizes({4}), stride({1, 1}), padding({0, 0}), dilation({1, 1}), outputPadding({0, 0});
    const bool mask[3] = {true, true, true};
    aclBoolArray *outputMask = aclCreateBoolArray(mask, 3);
    ASSERT_ACL_OK(planAndRun(kConvolutionBackward.planPhase({g, x, w, biasSizes, stride, padding, dilation, false,
                                                             outputPadding, 1, outputMask, int8_t{0}, gi, gw, gb}),
                             kConvolutionBackward.runPhase(), stream));
    aclDestroyBoolArray(outputMask);
    for (double v : gw.download()) ASSERT_EQ(v, 0.0);
    for (double v : gb.download()) ASSERT_EQ(v, 0.0);
}

TEST_P(ConvolutionBackwardTest, RunToRunBitIdentical) {
    ConvSpec s = spec2d("bits", 4, 6, 9, 9, 8, 3, 1, 1);
    s.groups = 2;
    const std::vector<double> dy = gradOutputOf(s);
    const std::vector<uint8_t> first = run(s, dy).bits;
    for (int i = 0; i < 3; ++i) ASSERT_EQ(first, run(s, dy).bits) << "run " << i + 1 << " differs from the first";
}

// PyTorch 1.13's autograd of conv1d / conv2d (tests/golden/ops/convolution.py): |ours - PyTorch| <= 2B.
TEST_P(ConvolutionBackwardTest, MatchesPyTorchGolden) {
    forEachGoldenCase({"convolution_backward.golden", 6, 6}, [&](const golden::Case &gc) {
        const auto &dy = gc.tensor("gradOutput"), &x = gc.tensor("input"), &w = gc.tensor("weight");
        const ConvSpec s = goldenSpec(gc);
        ConvData d(s);
        d.x = x.values, d.w = w.values;
        DeviceTensor g(s.outputDims(), s.outType, s.format()), dx(s.inputDims(), s.inType, s.format()),
            dw(s.weightDims(), s.weightType, s.format()), gi(s.inputDims(), s.inType, s.format()),
            gw(s.weightDims(), s.weightType, s.format()), gb({s.Cout}, s.biasType);
        g.upload(dy.values), dx.upload(d.x), dw.upload(d.w);
        IntArray biasSizes({s.Cout}), stride(s.strideArray()), padding(s.paddingArray()),
            dilation(s.dilationArray()), outputPadding(std::vector<int64_t>(s.strideArray().size(), 0));
        const bool mask[3] = {true, true, true};
        aclBoolArray *outputMask = aclCreateBoolArray(mask, 3);
        ASSERT_ACL_OK(planAndRun(kConvolutionBackward.planPhase({g, dx, dw, biasSizes, stride, padding, dilation, false,
                                                                 outputPadding, static_cast<int>(s.groups), outputMask,
                                                                 int8_t{0}, gi, gw, gb}),
                                 kConvolutionBackward.runPhase(), stream));
        aclDestroyBoolArray(outputMask);
        const ConvData::Grads want = d.backward(dy.values);
        const struct {
            const char *role;
            DeviceTensor *got;
            const std::vector<RefSum> *ref;
        } outs[] = {{"gradInput", &gi, &want.input}, {"gradWeight", &gw, &want.weight}, {"gradBias", &gb, &want.bias}};
        for (const auto &o : outs) {
            const std::vector<double> got = o.got->download(), &torchValues = gc.tensor(o.role).values;
            ASSERT_EQ(got.size(), torchValues.size()) << o.role;
            for (size_t i = 0; i < got.size(); ++i) {
                const RefSum &r = (*o.ref)[i];
                const double bound = anyOrderSumBound(r.value, r.absSum, static_cast<double>(std::max<int64_t>(r.terms, 1)),
                                                      std::ldexp(1.0, -24), s.outType);
                EXPECT_LE(std::fabs(got[i] - torchValues[i]), 2 * bound) << s.name << " " << o.role << " " << i;
            }
        }
    });
}

INSTANTIATE_ON_ALL_DEVICES(ConvolutionBackwardTest);

// The error table, in CANN's check order (docs/ops/convolution_backward.md).
CallSpec convolutionBackwardCall() {
    return CallSpec(kConvolutionBackward,
                    {{"gradOutput", TensorArg{{2, 6, 5, 6}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                     {"input", TensorArg{{2, 4, 5, 6}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                     {"weight", TensorArg{{6, 2, 3, 3}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                     {"biasSizes", Ints{6}},
                     {"stride", Ints{1, 1}},
                     {"padding", Ints{1, 1}},
                     {"dilation", Ints{1, 1}},
                     {"transposed", false},
                     {"outputPadding", Ints{0, 0}},
                     {"groups", int64_t{2}},
                     {"outputMask", Bools{true, true, true}},
                     {"cubeMathType", int64_t{0}},
                     {"gradInput", TensorArg{{2, 4, 5, 6}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                     {"gradWeight", TensorArg{{6, 2, 3, 3}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                     {"gradBias", TensorArg{{6}}}});
}
ErrorRows convolutionBackwardRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID, NULLPTR = ACLNN_ERR_PARAM_NULLPTR;
    return validRow() + outPointerRows() +
           nullRows({"gradOutput", "input", "weight", "stride", "padding", "dilation", "outputPadding", "outputMask"}) +
           ErrorRows{
               {"outputMask of 2", set("outputMask", value(Bools{true, true})), NULLPTR, {"outputMask", "3 values"}},
               {"gradInput null", null("gradInput"), NULLPTR, {"gradInput", "nullptr"}},
               {"gradWeight null", null("gradWeight"), NULLPTR, {"gradWeight", "nullptr"}},
               {"gradBias null", null("gradBias"), NULLPTR, {"gradBias", "nullptr"}},
               {"gradInput null, unwanted: valid", null("gradInput") + set("outputMask", value(Bools{false, true, true})),
                ACL_SUCCESS, {}},
               {"biasSizes null: valid (read on the empty path only)", null("biasSizes"), ACL_SUCCESS, {}},
               {"gradOutput DOUBLE", set("gradOutput", dtype(ACL_DOUBLE)), INVALID, {"gradOutput", "DOUBLE"}},
               {"input INT32", set("input", dtype(ACL_INT32)), INVALID, {"input", "INT32"}},
               {"weight INT8", set("weight", dtype(ACL_INT8)), INVALID, {"weight", "INT8"}},
               {"gradInput INT32", set("gradInput", dtype(ACL_INT32)), INVALID, {"gradInput", "INT32"}},
               {"gradBias INT32", set("gradBias", dtype(ACL_INT32)), INVALID, {"gradBias", "INT32"}},
               {"gradBias INT32, unwanted: valid",
                set("gradBias", dtype(ACL_INT32)) + set("outputMask", value(Bools{true, true, false})), ACL_SUCCESS, {}},
               {"gradOutput ND (4-D)", set("gradOutput", format(ACL_FORMAT_ND)), INVALID, {"gradOutput", "ND"}},
               {"weight NHWC", set("weight", format(ACL_FORMAT_NHWC)), INVALID, {"weight", "NHWC"}},
               {"gradBias NCHW", set("gradBias", format(ACL_FORMAT_NCHW)), INVALID, {"gradBias", "NCHW"}},
               {"stride 0", set("stride", ints({0, 1})), INVALID, {"stride", "greater than 0"}},
               {"padding -1", set("padding", ints({1, -1})), INVALID, {"padding", "non-negative"}},
               {"dilation 0", set("dilation", ints({0, 1})), INVALID, {"dilation", "greater than 0"}},
               {"outputPadding 1", set("outputPadding", ints({0, 1})), INVALID, {"outputPadding", "0"}},
               {"groups 0", set("groups", value(int64_t{0})), INVALID, {"groups", ">= 1"}},
               {"cubeMathType 4", set("cubeMathType", value(int64_t{4})), INVALID, {"cubeMathType", "4"}},
               {"transposed", set("transposed", value(true)), INVALID, {"transposed", "not supported"}},
               {"3-D (5-D tensors)",
                set("input", shape({2, 4, 5, 6, 1})) + set("input", format(ACL_FORMAT_NCDHW)) +
                    set("gradInput", shape({2, 4, 5, 6, 1})) + set("gradInput", format(ACL_FORMAT_NCDHW)) +
                    set("weight", shape({6, 2, 3, 3, 1})) + set("weight", format(ACL_FORMAT_NCDHW)) +
                    set("gradWeight", shape({6, 2, 3, 3, 1})) + set("gradWeight", format(ACL_FORMAT_NCDHW)) +
                    set("gradOutput", shape({2, 6, 5, 6, 1})) + set("gradOutput", format(ACL_FORMAT_NCDHW)),
                INVALID, {"3-D", "not supported"}},
               {"empty input: biasSizes null", set("input", shape({0, 4, 5, 6})) + set("gradInput", shape({0, 4, 5, 6})) +
                    null("biasSizes"),
                INVALID, {"biasSizes", "nullptr"}},
               {"empty input: biasSizes [5]", set("input", shape({0, 4, 5, 6})) + set("gradInput", shape({0, 4, 5, 6})) +
                    set("biasSizes", ints({5})),
                INVALID, {"biasSizes", "[6]"}},
               {"empty input H 0, gradInput wanted", set("input", shape({2, 4, 0, 6})) +
                    set("gradInput", shape({2, 4, 0, 6})),
                INVALID, {"N or C", "gradInput"}},
               {"empty input N 0: zeros", set("input", shape({0, 4, 5, 6})) + set("gradInput", shape({0, 4, 5, 6})) +
                    set("gradOutput", shape({0, 6, 5, 6})),
                ACL_SUCCESS, {}},
               {"gradOutput 3-D", set("gradOutput", shape({2, 6, 30})) + set("gradOutput", format(ACL_FORMAT_NCL)),
                INVALID, {"gradOutput", "4-D"}},
               {"gradInput 2x4x5x5", set("gradInput", shape({2, 4, 5, 5})), INVALID, {"gradInput", "[2, 4, 5, 5]"}},
               {"gradWeight 6x2x3x2", set("gradWeight", shape({6, 2, 3, 2})), INVALID, {"gradWeight", "[6, 2, 3, 2]"}},
               {"gradBias of 5", set("gradBias", shape({5})), INVALID, {"gradBias", "[6]", "[5]"}},
               {"stride 3 values", set("stride", ints({1, 1, 1})), INVALID, {"stride", "2 values"}},
               {"padding 4 values: valid shape check follows", set("padding", ints({1, 1, 1, 1})), ACL_SUCCESS, {}},
               {"padding 3 values", set("padding", ints({1, 1, 1})), INVALID, {"padding", "2 values"}},
               {"outputPadding 3 values", set("outputPadding", ints({0, 0, 0})), INVALID, {"outputPadding", "2 values"}},
               {"gradOutput C 5 (gradBias of 5)", set("gradOutput", shape({2, 5, 5, 6})) + set("gradBias", shape({5})), INVALID, {"gradOutput.shape[1]", "C_out = 6"}},
               {"groups 4", set("groups", value(int64_t{4})), INVALID, {"groups 4"}},
               {"gradOutput spatial 5x5", set("gradOutput", shape({2, 6, 5, 5})), INVALID,
                {"gradOutput", "[2, 6, 5, 6]", "[2, 6, 5, 5]"}},
               overlapRow("gradWeight", {0, 0, 3, 1}),
           } +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(ConvolutionBackwardErrors, convolutionBackwardCall, convolutionBackwardRows);

}  // namespace
