// aclnnConvolution: 1-D and 2-D forward against a host reference in double (direct loops over the
// definition), every dtype (and mixed ones, an output of another dtype), strides, per-side paddings,
// dilations, groups (depthwise included), bias and no bias, strided views, empty tensors, run-to-run bits,
// PyTorch golden data, and every error in CANN's check order.
//
// Tolerance (written down here and in docs/ops/convolution.md): each output value is an fp32 sum of
// C_in/groups*KH*KW products (+ the bias) in an order the GEMM backend chooses, rounded once to the output's
// dtype: support/sum_bound.h anyOrderSumBound(want, sum|terms|, terms, 2^-24, output dtype). The inputs are
// rounded to their dtypes before the reference sees them, so no other rounding enters.

#include <cstring>

#include "common/test_hooks.h"
#include "convolution_test_helpers.h"
#include "kernels/launch.h"
#include "support/error_rows.h"
#include "support/plan_log.h"

using namespace testing_support;
using namespace conv_test;
using aclcl::ScopedTestHook;
using aclcl::TestHook;

namespace {

class ConvolutionTest : public DeviceTest {
protected:
    // Plans and runs the spec's convolution; returns the output's values (row-major).
    std::vector<double> run(const ConvSpec &s, std::vector<uint8_t> *bits = nullptr) {
        const ConvData d(s);
        auto x = makeTensor(s.inputDims(), s.inType, s.format(), s.strided);
        auto w = makeTensor(s.weightDims(), s.weightType, s.format(), s.strided);
        auto b = makeTensor({s.Cout}, s.biasType, ACL_FORMAT_ND, s.strided);
        auto y = makeTensor(s.outputDims(), s.outType, s.format(), s.strided);
        x->upload(d.x);
        w->upload(d.w);
        b->upload(d.b);
        y->fillStorage(0x7f);  // NaN-like garbage: every value must be written
        IntArray stride(s.strideArray()), padding(s.paddingArray()), dilation(s.dilationArray());
        const aclTensor *bias = s.bias ? b->get() : nullptr;
        EXPECT_ACL_OK(planAndRun(kConvolution.planPhase({*x, *w, bias, stride, padding, dilation, false, nullptr,
                                                         s.groups, *y, s.cubeMathType}),
                                 kConvolution.runPhase(), stream));
        if (bits) *bits = y->storage();
        return y->download();
    }

    void check(const ConvSpec &s) {
        SCOPED_TRACE(s.name);
        const std::vector<double> got = run(s);
        expectWithinBounds(s.name, got, ConvData(s).forward(), s.outType, std::ldexp(1.0, -24));
    }
};

// The training example's layer first (N 8, C_in 3, 16x16, C_out 8, 3x3, padding 1), then the attributes one
// by one.
TEST_P(ConvolutionTest, ShapesAndAttributesMatchTheHostReference) {
    std::vector<ConvSpec> specs = attributeSpecs();
    specs.push_back(spec2d("1x1 kernel", 2, 5, 4, 3, 6, 1));
    ConvSpec noBias = spec2d("no bias", 2, 3, 5, 5, 4, 3, 1, 1);
    noBias.bias = false;
    ConvSpec pads1d = spec1d("1-D, 2 paddings (2, 0), stride 2, dilation 2", 2, 3, 12, 4, 3, 2);
    pads1d.fourPads = true, pads1d.padLeft = 2, pads1d.padRight = 0, pads1d.DW = 2;
    ConvSpec kernelIsInput = spec2d("kernel the size of the padded input", 2, 2, 3, 4, 3, 5, 1, 1);
    kernelIsInput.KW = 6;
    for (const ConvSpec &s : {noBias, pads1d, kernelIsInput}) specs.push_back(s);
    for (const ConvSpec &s : specs) check(s);
}

// Every dtype of each tensor (the GEMMs compute in fp32 whatever they are), an output of another dtype.
TEST_P(ConvolutionTest, EveryDtype) {
    const aclDataType all[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    uint64_t seed = 40;
    for (aclDataType in : all) {
        for (aclDataType out : all) {
            ConvSpec s = spec2d(std::string("input and weight ") + std::to_string(in) + ", output " +
                                    std::to_string(out),
                                2, 3, 6, 5, 4, 3, 1, 1);
            s.inType = s.weightType = in;
            s.outType = out;
            s.biasType = in == ACL_FLOAT ? ACL_BF16 : ACL_FLOAT;
            s.seed = ++seed;
            check(s);
            if (quickTier()) break;  // one output dtype per input dtype in the quick tier
        }
    }
    ConvSpec mixed = spec1d("FLOAT16 input, BF16 weight, FLOAT output", 2, 3, 9, 4, 3, 1, 1);
    mixed.inType = ACL_FLOAT16, mixed.weightType = ACL_BF16;
    check(mixed);
}

// cubeMathType 0, 1, 3, 4 compute in fp32 on every device; 2 (USE_FP16) in fp16 where the device has it, so
// FLOAT16 tensors (nothing rounds on the way in) and an fp16 accumulation bound (unit 2^-11).
TEST_P(ConvolutionTest, EveryCubeMathType) {
    for (int8_t cube : {0, 1, 3, 4, 2}) {
        ConvSpec s = spec2d("cubeMathType " + std::to_string(cube), 2, 3, 5, 5, 4, 3, 1, 1);
        s.cubeMathType = cube;
        if (cube == 2) s.inType = s.weightType = s.biasType = s.outType = ACL_FLOAT16;
        SCOPED_TRACE(s.name);
        const std::vector<double> got = run(s);
        expectWithinBounds(s.name, got, ConvData(s).forward(), s.outType,
                           std::ldexp(1.0, cube == 2 ? -11 : -24));
    }
}

TEST_P(ConvolutionTest, StridedViewsArePackedAndStaged) {
    for (bool oneD : {false, true}) {
        ConvSpec s = oneD ? spec1d("1-D strided views", 2, 4, 9, 6, 3, 1, 1) : spec2d("2-D strided views", 2, 4, 6, 5, 6, 3, 1, 1);
        s.groups = 2;
        s.strided = true;
        s.outType = ACL_BF16;
        check(s);
    }
}

// The two ways the products run (host/ops/convolution.cpp): the column buffer, and the shifted taps (stride
// 1), each forced on every device and GEMM backend, over the attributes, dtypes, views and no bias.
TEST_P(ConvolutionTest, ColumnsAndShiftedTapsBothMatchTheReference) {
    std::vector<ConvSpec> specs = attributeSpecs();
    ConvSpec views = spec2d("strided views, groups 2, FLOAT16 in, BF16 out", 2, 4, 6, 5, 6, 3, 1, 1);
    views.groups = 2, views.strided = true, views.inType = views.weightType = ACL_FLOAT16, views.outType = ACL_BF16;
    specs.push_back(views);
    for (const ConvSpec &s : shiftedTapSpecs()) specs.push_back(s);
    for (int path : {1, 2}) {
        SCOPED_TRACE(path == 1 ? "columns" : "shifted taps");
        ScopedTestHook forced(TestHook::ConvolutionTaps, path);
        for (const ConvSpec &s : specs) check(s);
    }
    // Both ways' bias as GPUs take it (bias_planes, one element a work-item, before the products), on every
    // device; above, CPU devices walked planes (the columns' bias_planes_walk, the shifted taps' bias_crop).
    ScopedTestHook many(TestHook::ManyWorkItemKernels, 1);
    for (int path : {1, 2}) {
        SCOPED_TRACE(path == 1 ? "columns, the GPU kernels" : "shifted taps, the GPU kernels");
        ScopedTestHook forced(TestHook::ConvolutionTaps, path);
        for (const ConvSpec &s : specs) check(s);
    }
}

// Unforced, a stride-1 layer of at least 16 channels a group takes the shifted taps where its products run in
// the host BLAS (each tap's product: n = Ho*Wp, k = the group's channels), and the columns elsewhere or with
// fewer channels (n = Ho*Wo, k = channels x taps). Where a work-item walks a plane (CPU devices), the shifted
// taps add the bias in the crop (bias_crop) and the columns write it first (bias_planes_walk); elsewhere both
// write it first, one element a work-item (bias_planes).
TEST_P(ConvolutionTest, ShiftedTapsWhereTheHostBlasRunsWideGroups) {
    for (int64_t C : {32, 8}) {
        SCOPED_TRACE("C " + std::to_string(C));
        DeviceTensor x({2, C, 10, 9}, ACL_FLOAT, ACL_FORMAT_NCHW), w({16, C, 3, 3}, ACL_FLOAT, ACL_FORMAT_NCHW),
            b({16}, ACL_FLOAT), y({2, 16, 10, 9}, ACL_FLOAT, ACL_FORMAT_NCHW);
        IntArray stride({1, 1}), padding({1, 1}), dilation({1, 1});
        const std::string log =
            planLog(kConvolution, {x, w, b, stride, padding, dilation, false, nullptr, int64_t{1}, y, int8_t{0}});
        const bool host = log.find("host BLAS") != std::string::npos;
        const std::string want = host && C >= 16 ? "m=16 n=110 k=" + std::to_string(C)
                                                 : "m=16 n=90 k=" + std::to_string(C * 9);
        EXPECT_NE(log.find(want), std::string::npos) << "host BLAS: " << host << ", wanted " << want << "\n" << log;
        const bool walks = !aclcl::manyWorkItemKernels(aclcl::deviceAt(device()));
        const std::string bias = !walks            ? "kernel bias_planes "
                                 : host && C >= 16 ? "kernel bias_crop "
                                                   : "kernel bias_planes_walk ";
        for (const char *kernel : {"kernel bias_planes ", "kernel bias_crop ", "kernel bias_planes_walk "}) {
            EXPECT_EQ(log.find(kernel) != std::string::npos, bias == kernel) << kernel << "\n" << log;
        }
    }
}

// Empty input (N = 0) or output (C_out = 0): success, no workspace, nothing launched.
TEST_P(ConvolutionTest, EmptyTensorsSucceedWithNothingToDo) {
    for (const std::vector<int64_t> &nc : {std::vector<int64_t>{0, 3, 4}, std::vector<int64_t>{2, 3, 0}}) {
        DeviceTensor x({nc[0], nc[1], 5, 5}, ACL_FLOAT, ACL_FORMAT_NCHW),
            w({nc[2], nc[1], 3, 3}, ACL_FLOAT, ACL_FORMAT_NCHW), b({nc[2]}, ACL_FLOAT),
            y({nc[0], nc[2], 3, 3}, ACL_FLOAT, ACL_FORMAT_NCHW);
        IntArray stride({1, 1}), padding({0, 0}), dilation({1, 1});
        ASSERT_NO_FATAL_FAILURE(runWithoutWorkspace(
            kConvolution.planPhase({x, w, b, stride, padding, dilation, false, nullptr, int64_t{1}, y, int8_t{0}}),
            kConvolution.runPhase(), stream));
    }
}

TEST_P(ConvolutionTest, RunToRunBitIdentical) {
    ConvSpec s = spec2d("bits", 4, 6, 9, 9, 8, 3, 1, 1);
    s.groups = 2;
    std::vector<uint8_t> first, again;
    run(s, &first);
    for (int i = 0; i < 3; ++i) {
        run(s, &again);
        ASSERT_EQ(first, again) << "run " << i + 1 << " differs from the first";
    }
}

// PyTorch 1.13's torch.nn.functional.conv1d / conv2d (tests/golden/ops/convolution.py).
TEST_P(ConvolutionTest, MatchesPyTorchGolden) {
    forEachGoldenCase({"convolution.golden", 6, 6}, [&](const golden::Case &g) {
        const auto &x = g.tensor("input"), &w = g.tensor("weight"), &b = g.tensor("bias"), &y = g.tensor("output");
        const ConvSpec s = goldenSpec(g);
        ConvData d(s);
        d.x = x.values, d.w = w.values, d.b = b.values;
        auto dx = makeTensor(s.inputDims(), s.inType, s.format(), false);
        auto dw = makeTensor(s.weightDims(), s.weightType, s.format(), false);
        auto db = makeTensor({s.Cout}, s.biasType, ACL_FORMAT_ND, false);
        auto dy = makeTensor(s.outputDims(), s.outType, s.format(), false);
        dx->upload(d.x), dw->upload(d.w), db->upload(d.b);
        IntArray stride(s.strideArray()), padding(s.paddingArray()), dilation(s.dilationArray());
        ASSERT_ACL_OK(planAndRun(kConvolution.planPhase({*dx, *dw, *db, stride, padding, dilation, false, nullptr,
                                                         s.groups, *dy, int8_t{0}}),
                                 kConvolution.runPhase(), stream));
        // Ours and PyTorch's are each within the bound B of the exact value: |ours - PyTorch| <= 2B.
        const std::vector<RefSum> ref = d.forward();
        const std::vector<double> got = dy->download();
        ASSERT_EQ(got.size(), y.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            const double bound = anyOrderSumBound(ref[i].value, ref[i].absSum, static_cast<double>(ref[i].terms),
                                                  std::ldexp(1.0, -24), s.outType);
            EXPECT_LE(std::fabs(got[i] - y.values[i]), 2 * bound) << s.name << " value " << i;
        }
    });
}

INSTANTIATE_ON_ALL_DEVICES(ConvolutionTest);

// The error table, in CANN's check order (docs/ops/convolution.md).
CallSpec convolutionCall() {
    return CallSpec(kConvolution, {{"input", TensorArg{{2, 4, 5, 6}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                                   {"weight", TensorArg{{6, 2, 3, 3}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                                   {"bias", TensorArg{{6}}},
                                   {"stride", Ints{1, 1}},
                                   {"padding", Ints{1, 1}},
                                   {"dilation", Ints{1, 1}},
                                   {"transposed", false},
                                   {"outputPadding", nullptr},
                                   {"groups", int64_t{2}},
                                   {"output", TensorArg{{2, 6, 5, 6}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                                   {"cubeMathType", int64_t{0}}});
}
ErrorRows convolutionRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    return validRow() + outPointerRows() + nullRows({"input", "weight", "stride", "padding", "dilation", "output"}) +
           ErrorRows{
               {"bias null: valid", set("bias", value(nullptr)), ACL_SUCCESS, {}},
               {"transposed, outputPadding null", set("transposed", value(true)), ACLNN_ERR_PARAM_NULLPTR,
                {"outputPadding", "nullptr"}},
               {"input null, bias INT32", null("input") + set("bias", dtype(ACL_INT32)), ACLNN_ERR_PARAM_NULLPTR,
                {"input"}},
               {"bias INT32", set("bias", dtype(ACL_INT32)), INVALID, {"bias", "INT32"}},
               {"bias INT32, input DOUBLE", set("bias", dtype(ACL_INT32)) + set("input", dtype(ACL_DOUBLE)), INVALID,
                {"bias"}},
               {"input DOUBLE", set("input", dtype(ACL_DOUBLE)), INVALID, {"input", "DOUBLE"}},
               {"weight INT8", set("weight", dtype(ACL_INT8)), INVALID, {"weight", "INT8"}},
               {"output INT32", set("output", dtype(ACL_INT32)), INVALID, {"output", "INT32"}},
               {"input FLOAT16, weight BF16, output FLOAT: valid",
                set("input", dtype(ACL_FLOAT16)) + set("weight", dtype(ACL_BF16)), ACL_SUCCESS, {}},
               {"input 2-D", set("input", shape({2, 4})), INVALID, {"input", "2-D"}},
               {"weight 3-D", set("weight", shape({6, 2, 3})), INVALID, {"weight", "3-D"}},
               {"output 3-D", set("output", shape({2, 6, 30})), INVALID, {"output", "3-D"}},
               {"3-D convolution (5-D tensors)",
                set("input", shape({2, 4, 5, 6, 2})) + set("weight", shape({6, 2, 3, 3, 1})) +
                    set("output", shape({2, 6, 5, 6, 2})),
                INVALID, {"3-D", "not supported"}},
               {"bias 2-D", set("bias", shape({6, 1})), INVALID, {"bias", "2-D"}},
               {"bias of 5", set("bias", shape({5})), INVALID, {"bias", "C_out = 6", "[5]"}},
               {"stride 3 values", set("stride", ints({1, 1, 1})), INVALID, {"stride", "2 values"}},
               {"dilation 1 value", set("dilation", ints({1})), INVALID, {"dilation", "2 values"}},
               {"padding 3 values", set("padding", ints({1, 1, 1})), INVALID, {"padding", "2 or 4"}},
               {"transposed", set("transposed", value(true)) + set("outputPadding", ints({0, 0})), INVALID,
                {"transposed", "not supported"}},
               {"input ND", set("input", format(ACL_FORMAT_ND)), INVALID, {"input", "ND"}},
               {"weight FRACTAL_Z", set("weight", format(ACL_FORMAT_FRACTAL_Z)), INVALID,
                {"FRACTAL_Z", "not supported"}},
               {"weight NHWC", set("weight", format(ACL_FORMAT_NHWC)), INVALID, {"weight", "NHWC"}},
               {"output NCL", set("output", format(ACL_FORMAT_NCL)), INVALID, {"output", "NCL"}},
               {"bias NHWC", set("bias", format(ACL_FORMAT_NHWC)), INVALID, {"bias", "NHWC"}},
               {"weight kernel 0", set("weight", shape({6, 2, 0, 3})), INVALID, {"weight", "positive"}},
               {"stride 0", set("stride", ints({0, 1})), INVALID, {"stride", "greater than 0"}},
               {"dilation -1", set("dilation", ints({1, -1})), INVALID, {"dilation", "greater than 0"}},
               {"padding -1", set("padding", ints({-1, 1})), INVALID, {"padding", "non-negative"}},
               {"kernel beyond the padded input", set("dilation", ints({4, 1})), INVALID,
                {"padded input", "dilated kernel"}},
               {"groups 0", set("groups", value(int64_t{0})), INVALID, {"groups", "> 0"}},
               {"groups 4: weight.shape[1] * groups != C_in", set("groups", value(int64_t{4})), INVALID,
                {"weight.shape[1] * groups", "4"}},
               {"weight.shape[1] * groups beyond int64", set("groups", value(int64_t{1} << 62)), INVALID,
                {"weight.shape[1] * groups", "4611686018427387904"}},
               {"C_out not divisible by groups", set("weight", shape({5, 2, 3, 3})) + set("bias", shape({5})) +
                    set("output", shape({2, 5, 5, 6})),
                INVALID, {"C_out = 5", "divisible"}},
               {"output 2x6x5x5", set("output", shape({2, 6, 5, 5})), INVALID, {"output", "[2, 6, 5, 6]", "[2, 6, 5, 5]"}},
               {"input N 0 with output N 2", set("input", shape({0, 4, 5, 6})), INVALID, {"output", "[0, 6, 5, 6]"}},
               {"empty: N 0", set("input", shape({0, 4, 5, 6})) + set("output", shape({0, 6, 5, 6})), ACL_SUCCESS, {}},
               {"cubeMathType 5", set("cubeMathType", value(int64_t{5})), INVALID, {"cubeMathType", "5"}},
               {"cubeMathType -1", set("cubeMathType", value(int64_t{-1})), INVALID, {"cubeMathType", "-1"}},
               {"cubeMathType 4: valid", set("cubeMathType", value(int64_t{4})), ACL_SUCCESS, {}},
               shortRow("input"),
               overlapRow("output", {0, 0, 6, 1}),
           } +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(ConvolutionErrors, convolutionCall, convolutionRows);

}  // namespace
