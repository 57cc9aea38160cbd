// aclnnSigmoidBackward: every dtype CANN lists against the host reference, exactly (no transcendental
// function: the kernels' products (gradOutput * (1 - y)) * y, each rounded in the compute dtype's
// arithmetic, complex ones as (ac - bd, ad + bc) without conjugation, as CANN's SigmoidGrad), with output
// broadcast; mixed dtypes (promotion, the cast to gradInput); views and in place; the errors in CANN's
// check order.
#include <algorithm>
#include <cmath>
#include <complex>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "engines/elementwise.h"
#include "harness/sigmoid_backward.h"
#include "support/activation_ref.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


bool isFp64(aclDataType d) { return d == ACL_DOUBLE || d == ACL_COMPLEX128; }

// One element, g and y already values of the compute dtype c (complex as (re, im)).
RefComplex sigmoidGrad(RefComplex g, RefComplex y, aclDataType c) {
    const aclDataType acc = refAccOf(c);
    auto r = [acc](double v) { return refRound(v, acc); };
    auto mul = [&](RefComplex a, RefComplex b) -> RefComplex {
        if (!refIsComplex(c)) return {r(a.re * b.re), 0};
        return {r(r(a.re * b.re) - r(a.im * b.im)), r(r(a.re * b.im) + r(a.im * b.re))};
    };
    const RefComplex oneMinus{r(1 - y.re), refIsComplex(c) ? -y.im : 0};
    const RefComplex p = mul(mul(g, oneMinus), y);
    return {refRound(p.re, c), refIsComplex(c) ? refRound(p.im, c) : 0};
}

// gradInput (of dtype out, row-major, complex as pairs) for gradOutput of gShape and output broadcast from
// yShape, of dtypes gd and yd.
std::vector<Expected> sigmoidBackwardRef(const std::vector<double> &g, const std::vector<double> &y,
                                         const std::vector<int64_t> &shape, const std::vector<int64_t> &yShape,
                                         aclDataType gd, aclDataType yd, aclDataType out) {
    const aclDataType c = aclcl::promoteType(gd, yd);
    const size_t pg = refIsComplex(gd) ? 2 : 1, py = refIsComplex(yd) ? 2 : 1;
    const bool complexC = refIsComplex(c);
    std::vector<Expected> want;
    for (size_t i = 0; i < static_cast<size_t>(product(shape)); ++i) {
        const size_t j = refBroadcastIndex(i, shape, yShape);
        const RefComplex gv{refRound(g[i * pg], c), complexC && pg == 2 ? refRound(g[i * pg + 1], c) : 0};
        const RefComplex yv{refRound(y[j * py], c), complexC && py == 2 ? refRound(y[j * py + 1], c) : 0};
        const RefComplex v = refConvert(sigmoidGrad(gv, yv, c), c, out);
        want.push_back(Expected::exactly(v.re));
        if (refIsComplex(out)) want.push_back(Expected::exactly(v.im));
    }
    return want;
}

class SigmoidBackwardEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(SigmoidBackwardEveryDtype, kSigmoidBackwardDtypes);

// gradOutput 3 x 5 x 7, output broadcast from 5 x 1, gradInput of the same dtype.
TEST_P(SigmoidBackwardEveryDtype, MatchesTheReference) {
    const aclDataType d = dtype();
    if (isFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs fp64";
    const std::vector<int64_t> shape{3, 5, 7}, yShape{5, 1};
    DeviceTensor g(shape, d), y(yShape, d), out(shape, d);
    g.upload(refValues(d, 105, 50 + dtypeIndex(kSigmoidBackwardDtypes)));
    y.upload(refValues(d, 5, 60 + dtypeIndex(kSigmoidBackwardDtypes)));
    ASSERT_ACL_OK(planAndRun(kSigmoidBackward, {g, y, out}, stream));
    expectElements(out.download(), sigmoidBackwardRef(g.download(), y.download(), shape, yShape, d, d, d));
}

class SigmoidBackwardTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(SigmoidBackwardTest);

// Promotion and the cast on store: fp16 with bf16 computes in fp32 (into fp16, rounded there), fp32 with
// complex64 in complex64, fp16 with fp64 in fp64 (into complex128).
TEST_P(SigmoidBackwardTest, PromotesAndCastsToGradInput) {
    struct Mix {
        aclDataType g, y, out;
    };
    const Mix mixes[] = {{ACL_FLOAT16, ACL_BF16, ACL_FLOAT16},
                         {ACL_FLOAT, ACL_COMPLEX64, ACL_COMPLEX64},
                         {ACL_FLOAT16, ACL_DOUBLE, ACL_COMPLEX128}};
    size_t ran = 0;
    for (const Mix &m : mixes) {
        if ((isFp64(m.g) || isFp64(m.y) || isFp64(m.out)) && !fp64()) continue;
        SCOPED_TRACE(std::string(aclcl::dtypeName(m.g)) + " with " + aclcl::dtypeName(m.y));
        const std::vector<int64_t> shape{4, 9};
        DeviceTensor g(shape, m.g), y({9}, m.y), out(shape, m.out);
        g.upload(refValues(m.g, 36, 70 + ran));
        y.upload(refValues(m.y, 9, 80 + ran));
        ASSERT_ACL_OK(planAndRun(kSigmoidBackward, {g, y, out}, stream));
        expectElements(out.download(), sigmoidBackwardRef(g.download(), y.download(), shape, {9}, m.g, m.y, m.out));
        ++ran;
    }
    EXPECT_GE(ran, fp64() ? 3u : 2u);
}

// Transposed inputs into a strided gradInput at an offset, then in place over gradOutput.
TEST_P(SigmoidBackwardTest, ViewsAndInPlace) {
    const std::vector<int64_t> shape{4, 6};
    DeviceTensor g(shape, ACL_FLOAT, {1, 4}, 1), y(shape, ACL_FLOAT, {1, 4}, 0), out(shape, ACL_FLOAT, {12, 2}, 3);
    g.upload(refValues(ACL_FLOAT, 24, 7));
    y.upload(refValues(ACL_FLOAT, 24, 8));
    ASSERT_ACL_OK(planAndRun(kSigmoidBackward, {g, y, out}, stream));
    const std::vector<Expected> want =
        sigmoidBackwardRef(g.download(), y.download(), shape, shape, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT);
    expectElements(out.download(), want);
    ASSERT_ACL_OK(planAndRun(kSigmoidBackward, {g, y, g}, stream));
    expectElements(g.download(), want);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; the three dtypes in the list; ranks (and ours: the views); the promoted
// dtype casts to gradInput's (every pair of the list promotes within it); gradOutput and output broadcast,
// gradInput their shape; (ours: gradInput not overlapping itself, fp64). Empty inputs succeed.

CallSpec sigmoidBackwardCall() {
    return CallSpec(kSigmoidBackward, {{"gradOutput", TensorArg{{2, 3, 4}}}, {"output", TensorArg{{3, 4}}},
                                       {"gradInput", TensorArg{{2, 3, 4}}}});
}
ErrorRows sigmoidBackwardRows() {
    return validRow() + outPointerRows() + nullRows({"gradOutput", "output", "gradInput"}) + ErrorRows{
        {"gradOutput DT_INT32", set("gradOutput", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"gradOutput", "DT_INT32"}},
        {"output DT_BOOL", set("output", dtype(ACL_BOOL)), ACLNN_ERR_PARAM_INVALID, {"output", "DT_BOOL"}},
        {"gradInput DT_INT64", set("gradInput", dtype(ACL_INT64)), ACLNN_ERR_PARAM_INVALID, {"gradInput", "DT_INT64"}},
        {"output rank 9", set("output", shape({1, 1, 1, 1, 1, 1, 1, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"output", "8"}},
        shortRow("output"),
        {"complex into a real gradInput", set("output", dtype(ACL_COMPLEX64)), ACLNN_ERR_PARAM_INVALID,
         {"gradInput", "DT_COMPLEX64", "DT_FLOAT"}},
        {"not broadcastable", set("output", shape({5, 4})), ACLNN_ERR_PARAM_INVALID,
         {"gradOutput", "output", "broadcast"}},
        {"gradInput not the broadcast shape", set("gradInput", shape({3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"gradInput", "[2, 3, 4]"}},
        overlapRow("gradInput", {0, 0, 1}),
        withoutFp64Row("DT_DOUBLE without fp64", set({"gradOutput", "output", "gradInput"}, dtype(ACL_DOUBLE)),
                       {"fp64"}),
        {"empty output", set({"output", "gradOutput", "gradInput"}, shape({0, 4})), ACL_SUCCESS, {}},
        {"float16 with bfloat16 into float32", set("gradOutput", dtype(ACL_FLOAT16)) + set("output", dtype(ACL_BF16)),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(SigmoidBackwardErrors, sigmoidBackwardCall, sigmoidBackwardRows);

// A result against the golden value: the same value where either is non-finite; otherwise within the
// device's bound around the exact product (e: 1 - y's rounding, u of |1 - y|, and two products, each under
// 3u of its operands' sizes per part for a complex product (two partial products and their sum rounded):
// under 8u of |g| |1 - y| |y|, then the store's rounding) plus the golden value's own distance from it: one
// ulp of out's dtype where the generator stored PyTorch's float64 (complex128) product rounded once; for
// FLOAT64 and COMPLEX128, PyTorch's own product, which takes as many roundings as ours: the same bound again.
bool goldenProductOk(double got, double golden, const Expected &e, aclDataType out) {
    if (!std::isfinite(golden) || !std::isfinite(e.want)) return sameValue(got, golden);
    const bool wide = out == ACL_DOUBLE || out == ACL_COMPLEX128;
    return std::fabs(got - golden) <= e.bound + (wide ? e.bound : dtypeUlp(golden, out));
}

// PyTorch golden data (tests/golden/ops/sigmoid_backward.py: gradOutput * (1 - y) * y over every dtype CANN
// lists, output broadcast, infinities, NaN, y of 0 and 1; complex without PyTorch's conjugation, as CANN's),
// each value within goldenProductOk's bound.
TEST_P(SigmoidBackwardTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 6, kFp64Cases = 2;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("gradOutput").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"sigmoid_backward.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &gt = c.tensor("gradOutput"), &xt = c.tensor("output"), &want = c.tensor("gradInput");
        const aclDataType d = goldenDtype(gt.dtype), outDtype = goldenDtype(want.dtype);
        DeviceTensor g(gt.dims, d), x(xt.dims, goldenDtype(xt.dtype)), out(want.dims, outDtype);
        g.upload(gt.values);
        x.upload(xt.values);
        ASSERT_ACL_OK(planAndRun(kSigmoidBackward, {g, x, out}, stream));
        const std::vector<double> got = out.download();
        const std::vector<Expected> bounds = [&] {
            std::vector<Expected> e;
            for (size_t i = 0; i < static_cast<size_t>(want.numel()); ++i) {
                const size_t j = refBroadcastIndex(i, want.dims, xt.dims);
                const bool cx = refIsComplex(d);
                const std::complex<double> gv(gt.values[cx ? 2 * i : i], cx ? gt.values[2 * i + 1] : 0),
                    yv(xt.values[cx ? 2 * j : j], cx ? xt.values[2 * j + 1] : 0), p = gv * (1.0 - yv) * yv;
                const double scale = std::abs(gv) * std::abs(1.0 - yv) * std::abs(yv);
                e.push_back(refWithin(p.real(), scale, 8, d, d));
                if (cx) e.push_back(refWithin(p.imag(), scale, 8, d, d));
            }
            return e;
        }();
        ASSERT_EQ(got.size(), want.values.size());
        ASSERT_EQ(bounds.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(goldenProductOk(got[i], want.values[i], bounds[i], outDtype))
                << "value " << i << ": " << got[i] << " vs " << want.values[i] << " (exact " << bounds[i].want
                << ", bound " << bounds[i].bound << ")";
        }
    });
}

}  // namespace
