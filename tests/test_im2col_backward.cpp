// aclnnIm2colBackward: the CANN sample (docs/ops), PyTorch golden data, host references in double over the
// dtype matrix (out's dtype differing from gradOutput's included), strided and offset views, extreme
// geometries, both kernels, 64-bit index math, determinism, empty input and every documented error.
//
// Tolerances: golden values are compared bit for bit. Each output pixel sums its taps in ascending
// (ki, kj) order starting from 0, in fp32 (fp64 when either dtype is fp64), and rounds once; that is
// PyTorch's CPU col2im order, and the golden fp16/bf16/cast values are that fp32 sum rounded once.
// Host references (double) use an error bound: gamma_{k-1} * sum|taps| for a k-term sum, twice,
// plus one rounding to out's dtype (tests/cases/im2col_backward_cases.cpp).

#include <algorithm>
#include <cmath>
#include <memory>

#include "support/error_rows.h"
#include "support/op_test.h"
#include "cases/im2col_backward_cases.h"
#include "cases/im2col_geometry.h"
#include "common/test_hooks.h"
#include "harness/im2col_backward.h"

using namespace testing_support;

namespace {

// The five attribute arrays of one call.
struct Attrs {
    std::vector<int64_t> inputSize, kernel, dilation, padding, stride;
};

aclnnStatus runOp(aclrtStream stream, const aclTensor *grad, const Attrs &a, aclTensor *out) {
    return planAndRun(kIm2colBackward,
                      {grad, IntArray(a.inputSize), IntArray(a.kernel), IntArray(a.dilation), IntArray(a.padding),
                       IntArray(a.stride), out},
                      stream);
}

class Im2colBackwardTest : public SpecOpTest<Im2colBackwardSpec, makeIm2colBackwardCase> {
protected:
    // A case named `name` of geometry g (float in and out).
    static Im2colBackwardSpec spec(const std::string &name, const Im2colGeometry &g) {
        return specWithGeometry<Im2colBackwardSpec>(name, g);
    }

    // A small 3-D case with every attribute different from its neighbour's.
    static Im2colBackwardSpec mixed(const std::string &name, aclDataType in, aclDataType out) {
        Im2colBackwardSpec s = spec(name, {2, 3, 9, 7, 3, 2, 1, 2, 1, 2, 2, 1});
        s.in = in;
        s.out = out;
        return s;
    }
};

TEST_P(Im2colBackwardTest, CannSampleResult) {
    DeviceTensor grad({4, 2}, ACL_FLOAT), out({1, 1, 1}, ACL_FLOAT);
    grad.upload({0.1, 1.1, 2.1, 3.1, 4.1, 5.1, 6.1, 7.1});
    ASSERT_ACL_OK(runOp(stream, grad, {{1, 1}, {2, 2}, {1, 1}, {1, 1}, {1, 2}}, out));
    const std::vector<double> got = out.download();
    ASSERT_EQ(got.size(), 1u);
    EXPECT_NEAR(got[0], 9.2, 1e-5);
    EXPECT_EQ(static_cast<float>(got[0]), 9.2f);
}

TEST_P(Im2colBackwardTest, MatchesPyTorchGolden) {
    const auto skipReason = [&](const golden::Case &c) -> std::string {
        // The quick tier runs the fp32 cases only.
        if (quickTier() && c.name.rfind("f32_", 0) != 0 && c.name != "cann_sample") {
            return fullTierOnly("the other dtypes");
        }
        const aclDataType inType = goldenDtype(c.tensor("gradOutput").dtype), outType = goldenDtype(c.tensor("out").dtype);
        return (inType == ACL_DOUBLE || outType == ACL_DOUBLE) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"im2col_backward.golden", 0, quickTier() ? 10u : 20u, skipReason}, [&](const golden::Case &c) {
        const golden::Tensor &g = c.tensor("gradOutput"), &want = c.tensor("out");
        const aclDataType inType = goldenDtype(g.dtype), outType = goldenDtype(want.dtype);
        DeviceTensor grad(g.dims, inType), out(want.dims, outType);
        grad.upload(g.values);
        out.fillStorage(0xcc);
        ASSERT_ACL_OK(runOp(stream, grad,
                            {c.ints("inputSize"), c.ints("kernelSize"), c.ints("dilation"), c.ints("padding"),
                             c.ints("stride")},
                            out));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], want.values[i]) << "value " << i;
    });
}

TEST_P(Im2colBackwardTest, DtypeMatrixAgainstHostReference) {
    const aclDataType all[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    const char *names[] = {"f32", "f16", "bf16", "f64"};
    for (int i = 0; i < 4; ++i) {
        for (int o = 0; o < 4; ++o) {
            const std::string name = std::string(names[i]) + "->" + names[o];
            const bool quickShare = (i == 0 && o == 0) || (i == 1 && o == 0) || (i == 2 && o == 1);
            if (!quickShare && skipInQuickTier(name)) continue;
            runAndCheck(mixed(name, all[i], all[o]));
        }
    }
}

TEST_P(Im2colBackwardTest, StridedAndOffsetViews) {
    const Im2colBackwardLayout layouts[] = {Im2colBackwardLayout::Offset, Im2colBackwardLayout::Padded,
                                            Im2colBackwardLayout::InnerStrided};
    const char *names[] = {"offset", "padded", "inner-strided"};
    for (int l = 0; l < 3; ++l) {
        for (int64_t N : {int64_t{0}, int64_t{2}}) {
            Im2colBackwardSpec s = mixed(std::string(names[l]) + (N ? " 3-D" : " 2-D"), ACL_FLOAT, ACL_FLOAT);
            s.N = N;
            s.layout = layouts[l];
            runAndCheck(s);
            if (skipInQuickTier(s.name + " f16->bf16")) continue;
            s.in = ACL_FLOAT16;
            s.out = ACL_BF16;
            s.name += " f16->bf16";
            runAndCheck(s);
        }
    }
}

TEST_P(Im2colBackwardTest, ExtremeGeometries) {
    struct G {
        const char *name;
        int64_t H, W, KH, KW, DH, DW, PH, PW, SH, SW;
    };
    const G cases[] = {
        {"kernel larger than the image", 2, 3, 4, 5, 1, 1, 2, 2, 1, 1},
        {"kernel larger, one block", 1, 2, 3, 4, 1, 1, 1, 1, 1, 1},
        {"stride larger than the kernel", 11, 10, 2, 3, 1, 1, 0, 1, 4, 5},
        {"dilation", 12, 9, 3, 2, 3, 4, 2, 1, 1, 2},
        {"dilation sharing a factor with stride", 17, 15, 4, 3, 2, 3, 3, 2, 4, 6},
        {"dilation coprime to a larger stride", 23, 19, 4, 5, 3, 2, 4, 3, 5, 3},
        {"padding larger than the kernel", 3, 4, 2, 2, 1, 1, 4, 3, 1, 1},
        {"1x1 kernel, stride 2", 7, 6, 1, 1, 1, 1, 0, 0, 2, 2},
        {"single pixel", 1, 1, 1, 1, 1, 1, 0, 0, 1, 1},
        {"tall kernel", 20, 3, 9, 1, 2, 1, 8, 0, 3, 1},
        {"wide image", 2, 300, 2, 5, 1, 3, 1, 2, 1, 3},
    };
    for (const G &g : cases) {
        Im2colBackwardSpec s = spec(g.name, {2, 2, g.H, g.W, g.KH, g.KW, g.DH, g.DW, g.PH, g.PW, g.SH, g.SW});
        s.seed = 7;
        runAndCheck(s);
        if (skipInQuickTier(s.name + " (generic kernel)")) continue;
        aclcl::ScopedTestHook generic(aclcl::TestHook::Im2colBackwardRuntimeTaps);
        s.name += " (generic kernel)";
        runAndCheck(s);
    }
}

// Real sizes, on every device (a kernel looping over a whole row or plane in one work-item would stop
// after 65,535 iterations on Mesa's llvmpipe, silently): a long 1-D signal (1x16x1x5000, kernel 1x3, as a
// Conv1d unfold calls it) and a 512x512 plane with a 3x3 kernel.
TEST_P(Im2colBackwardTest, RealSizes) {
    runAndCheck(spec("long 1-D signal", {1, 16, 1, 5000, 1, 3, 1, 1, 0, 0, 1, 1}));
    runAndCheck(spec("512x512 plane, 3x3 kernel, padding 1", {1, 2, 512, 512, 3, 3, 1, 1, 1, 1, 1, 1}));
}

TEST_P(Im2colBackwardTest, LargeKernelUsesTheGenericKernel) {
    // 11x9 = 99 taps: beyond the unrolled kernel's limit.
    runAndCheck(spec("11x9 kernel", {1, 3, 16, 13, 11, 9, 1, 1, 5, 4, 2, 1}));
    runAndCheck(spec("11x9 kernel, dilation 2", {1, 3, 25, 25, 11, 9, 2, 2, 9, 9, 3, 3}));
}

TEST_P(Im2colBackwardTest, WideIndexKernelsMatch) {
    aclcl::ScopedTestHook wide(aclcl::TestHook::WideIndex);
    for (bool generic : {false, true}) {
        if (generic && skipInQuickTier("wide index, generic")) continue;
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::Im2colBackwardRuntimeTaps, generic);
        Im2colBackwardSpec s = mixed(generic ? "wide index, generic" : "wide index", ACL_FLOAT, ACL_FLOAT);
        s.layout = Im2colBackwardLayout::InnerStrided;
        runAndCheck(s);
    }
}

TEST_P(Im2colBackwardTest, TwoRunsAreBitIdentical) {
    // Many taps per pixel (3x3, stride 1, dilation 1): any change of order would show in the bits.
    const std::vector<int64_t> gradShape = {2, 16 * 9, 20 * 24}, outShape = {2, 16, 20, 24};
    DeviceTensor grad(gradShape, ACL_FLOAT), first(outShape, ACL_FLOAT), second(outShape, ACL_FLOAT);
    std::vector<double> values = randomValues(static_cast<size_t>(grad.numel()), 99, -1e3, 1e3);
    grad.upload(values);
    const Attrs a = {{20, 24}, {3, 3}, {1, 1}, {1, 1}, {1, 1}};
    ASSERT_ACL_OK(runOp(stream, grad, a, first));
    ASSERT_ACL_OK(runOp(stream, grad, a, second));
    EXPECT_EQ(first.storage(), second.storage());
}

TEST_P(Im2colBackwardTest, SpeedCaseAndSweepPassTheirChecks) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the speed case and the size sweep");
    runRegisteredCases("Im2colBackward", 6);
}

TEST_P(Im2colBackwardTest, EmptyGradOutputSucceedsWithoutWork) {
    const Attrs a = {{4, 5}, {2, 2}, {1, 1}, {0, 0}, {1, 1}};
    struct Shapes {
        std::vector<int64_t> grad, out;
    };
    for (const Shapes &s : {Shapes{{0, 8, 12}, {0, 2, 4, 5}}, Shapes{{0, 12}, {0, 4, 5}}}) {
        DeviceTensor grad(s.grad, ACL_FLOAT), out(s.out, ACL_FLOAT);
        IntArray in(a.inputSize), k(a.kernel), d(a.dilation), p(a.padding), st(a.stride);
        ASSERT_NO_FATAL_FAILURE(runWithoutWorkspace(kIm2colBackward.planPhase({grad, in, k, d, p, st, out}),
                                                    kIm2colBackward.runPhase(), stream));
    }
}

// ---------------------------------------------------------------------------------------------
// Errors: each documented check returns its code and a message naming the argument, in CANN's order
// (support/error_rows.h); every row changes one thing in the valid call.

// The valid call: 2 channels, 2x2 kernel over a 4x5 input, stride 1, no padding: L = 3 * 4 = 12.
CallSpec im2colBackwardCall() {
    return CallSpec(kIm2colBackward, {{"gradOutput", TensorArg{{2, 8, 12}}},
                                      {"inputSize", Ints{4, 5}},
                                      {"kernelSize", Ints{2, 2}},
                                      {"dilation", Ints{1, 1}},
                                      {"padding", Ints{0, 0}},
                                      {"stride", Ints{1, 1}},
                                      {"out", TensorArg{{2, 2, 4, 5}}}});
}

ErrorRows im2colBackwardRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    return validRow() + outPointerRows() +
           nullRows({"gradOutput", "inputSize", "kernelSize", "dilation", "padding", "stride", "[out]"}) + ErrorRows{
        shortRow("gradOutput"),
        shortRow("out"),
        {"gradOutput INT32", set("gradOutput", dtype(ACL_INT32)), INVALID, {"gradOutput", "INT32", "DT_FLOAT"}},
        {"out INT64", set("out", dtype(ACL_INT64)), INVALID, {"out", "INT64"}},
        withoutFp64Row("gradOutput DOUBLE", set("gradOutput", dtype(ACL_DOUBLE)), {"gradOutput", "fp64"}),
        withoutFp64Row("out DOUBLE", set("out", dtype(ACL_DOUBLE)), {"out", "fp64"}),
        {"gradOutput 4-D", set("gradOutput", shape({1, 2, 8, 12})), INVALID, {"gradOutput", "2 or 3", "4-D"}},
        {"gradOutput 1-D", set("gradOutput", shape({96})), INVALID, {"gradOutput", "1-D"}},
        {"out 3-D", set("out", shape({2, 4, 5})), INVALID, {"out", "4-D", "3-D"}},
        {"gradOutput 2-D, out 4-D", set("gradOutput", shape({8, 12})) + set("out", shape({1, 2, 4, 5})), INVALID,
         {"out", "3-D", "4-D"}},
        {"inputSize of 3", set("inputSize", ints({4, 5, 1})), INVALID, {"inputSize", "2 values", "3"}},
        {"kernelSize of 3", set("kernelSize", ints({2, 2, 1})), INVALID, {"kernelSize", "2 values", "3"}},
        {"dilation of 3", set("dilation", ints({1, 1, 1})), INVALID, {"dilation", "2 values", "3"}},
        {"padding of 3", set("padding", ints({0, 0, 1})), INVALID, {"padding", "2 values", "3"}},
        {"stride of 3", set("stride", ints({1, 1, 1})), INVALID, {"stride", "2 values", "3"}},
        // The values in the order kernelSize, stride, dilation, padding, inputSize; each at most 2^29 - 1.
        {"kernelSize 0", set("kernelSize", ints({0, 2})), INVALID, {"kernelSize", "greater than 0"}},
        {"stride -1", set("stride", ints({1, -1})), INVALID, {"stride", "greater than 0"}},
        {"dilation 0", set("dilation", ints({0, 1})), INVALID, {"dilation", "greater than 0"}},
        {"padding -1", set("padding", ints({-1, 0})), INVALID, {"padding", "non-negative"}},
        {"inputSize -1", set("inputSize", ints({4, -1})), INVALID, {"inputSize", "non-negative", "[4, -1]"}},
        {"kernelSize 2^29", set("kernelSize", ints({1LL << 29, 2})), INVALID, {"kernelSize", "at most"}},
        {"gradOutput 7 rows", set("gradOutput", shape({2, 7, 12})), INVALID, {"gradOutput", "divisible", "kernelSize"}},
        // A kernel taller (wider) than the 4 x 5 image without padding; gradOutput's rows still divide.
        {"kernel 5 over H 4", set("kernelSize", ints({5, 2})) + set("gradOutput", shape({2, 20, 4})), INVALID,
         {"too small", "inputSize"}},
        {"kernel 6 over W 5", set("kernelSize", ints({2, 6})) + set("gradOutput", shape({2, 24, 4})), INVALID,
         {"too small", "inputSize", "(3, 0)"}},
        {"gradOutput 11 columns", set("gradOutput", shape({2, 8, 11})), INVALID,
         {"gradOutput", "sliding blocks", "12", "11"}},
        {"out 5 x 4", set("out", shape({2, 2, 5, 4})), INVALID, {"out", "[2, 2, 4, 5]", "[2, 2, 5, 4]"}},
        // Every row of a plane is the same memory.
        overlapRow("out", {40, 20, 0, 1}),
    } + withoutExecutorRows();
}

ACLNN_ERROR_TABLE(Im2colBackwardErrors, im2colBackwardCall, im2colBackwardRows);

INSTANTIATE_ON_ALL_DEVICES(Im2colBackwardTest);

}  // namespace
