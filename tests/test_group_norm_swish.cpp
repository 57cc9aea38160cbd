// aclnnGroupNormSwish: the CANN sample, the PyTorch golden file, the host reference in double (dtypes,
// gamma in FLOAT, views, shapes around the kernel's row of 256 elements, swish off, swishScale, eps),
// bit-identical results run to run and across the work splits (the CPU's one work-item per group and the
// GPU's 64-lane tree), every documented error in the contract's order, and the cascade into
// GroupNormSwishGrad compared with PyTorch autograd.
//
// Tolerances: gnsCompare (tests/cases/group_norm_swish_cases.cpp) against the double reference; the
// golden bound at expectNearGolden (tests/group_norm_test_helpers.h), the cascade's at cascadeBound below.

#include <algorithm>
#include <cmath>
#include <cstring>

#include "support/error_rows.h"
#include "support/op_test.h"
#include "cases/group_norm_swish_cases.h"
#include "cases/group_norm_swish_grad_cases.h"
#include "common/test_hooks.h"
#include "group_norm_test_helpers.h"
#include "harness/group_norm_swish.h"
#include "harness/group_norm_swish_grad.h"

using namespace testing_support;
using namespace group_norm_tests;

namespace {

constexpr int kCpuSplit = 1, kGpuSplit = 2;  // TestHook::GnsgWorkSplit values the forward knows

struct Problem : GroupNormShape {
    double eps = 1e-5;
    bool swish = true;
    double scale = 1.0;
    aclDataType xType = ACL_FLOAT, pType = ACL_FLOAT;  // x and y; gamma, beta, mean and rstd
    std::vector<double> x, gamma, beta;                // exact values of their dtypes
};

Problem makeProblem(std::vector<int64_t> shape, int64_t groups, aclDataType xType, uint64_t seed,
                    aclDataType pType = ACL_DT_UNDEFINED) {
    Problem p;
    p.shape = std::move(shape);
    p.groups = groups;
    p.xType = xType;
    p.pType = pType == ACL_DT_UNDEFINED ? xType : pType;
    p.x = gnRounded(randomValues(static_cast<size_t>(p.numel()), seed, -1.0, 2.0), p.xType);
    p.gamma = gnRounded(randomValues(static_cast<size_t>(p.channels()), seed + 1, 0.2, 1.5), p.pType);
    p.beta = gnRounded(randomValues(static_cast<size_t>(p.channels()), seed + 2, -0.5, 0.5), p.pType);
    return p;
}

GnsReference reference(const Problem &p) {
    return gnsReference(p.x, p.gamma, p.beta, p.batch(), p.channels(), p.planeLen(), p.groups, p.eps, p.swish,
                        p.scale);
}

// ---- running the operator -------------------------------------------------------------------------------

struct Options {
    Layout layout = Layout::Contiguous;
    bool flatStats = false;  // meanOut/rstdOut as (N * G)
    const char *format = nullptr;
};

struct Result {
    std::vector<double> y, mean, rstd;
    std::vector<uint8_t> yBytes, meanBytes, rstdBytes;  // whole storages after the run
    bool gapsUntouched = true;
};

void runOp(const Problem &p, const Options &o, aclrtStream stream, Result *out) {
    const std::vector<int64_t> stat =
        o.flatStats ? std::vector<int64_t>{p.batch() * p.groups} : std::vector<int64_t>{p.batch(), p.groups};
    const std::vector<int64_t> chan = {p.channels()};
    DeviceTensor x = makeTensor(p.shape, p.xType, o.layout), gamma = makeTensor(chan, p.pType, o.layout),
                 beta = makeTensor(chan, p.pType, o.layout), y = makeTensor(p.shape, p.xType, o.layout),
                 mean = makeTensor(stat, p.pType, o.layout), rstd = makeTensor(stat, p.pType, o.layout);
    x.upload(p.x);
    gamma.upload(p.gamma);
    beta.upload(p.beta);
    for (DeviceTensor *t : {&y, &mean, &rstd}) t->fillStorage(kFill);
    ASSERT_ACL_OK(planAndRun(kGroupNormSwish,
                             {x, gamma, beta, p.groups, o.format, p.eps, p.swish, p.scale, y, mean, rstd}, stream));
    out->y = y.download();
    out->mean = mean.download();
    out->rstd = rstd.download();
    out->yBytes = y.storage();
    out->meanBytes = mean.storage();
    out->rstdBytes = rstd.storage();
    out->gapsUntouched = gapsIntact(y, p.shape, o.layout, kFill) && gapsIntact(mean, stat, o.layout, kFill) &&
                         gapsIntact(rstd, stat, o.layout, kFill);
}

void expectMatchesReference(const Problem &p, const Result &r) {
    const GnsReference want = reference(p);
    for (const CheckResult &c : {gnsCompare(r.y, want.y, want.yScale, p.xType, "yOut"),
                                 gnsCompare(r.mean, want.mean, want.meanScale, p.pType, "meanOut"),
                                 gnsCompare(r.rstd, want.rstd, want.rstdScale, p.pType, "rstdOut")}) {
        EXPECT_TRUE(c.ok) << c.detail;
    }
    EXPECT_TRUE(r.gapsUntouched) << "a write outside an output view";
}

// Runs p with o and checks every output against the host reference.
void runAndExpectReference(const Problem &p, const Options &o, aclrtStream stream) {
    Result r;
    ASSERT_NO_FATAL_FAILURE(runOp(p, o, stream, &r));
    expectMatchesReference(p, r);
}

void expectSameBits(const Result &a, const Result &b) {
    EXPECT_TRUE(a.yBytes == b.yBytes) << "yOut differs";
    EXPECT_TRUE(a.meanBytes == b.meanBytes) << "meanOut differs";
    EXPECT_TRUE(a.rstdBytes == b.rstdBytes) << "rstdOut differs";
}

const char *dtypeTag(aclDataType d) {
    return d == ACL_FLOAT ? "f32" : d == ACL_FLOAT16 ? "f16" : "bf16";
}

class GroupNormSwishTest : public DeviceTest {};

// ---- the CANN sample ----------------------------------------------------------------------------------------

// The aclnnGroupNormSwish doc page's example: x = 1..24 as (2, 3, 4), numGroups 1, gamma = beta = 2, eps 1e-5,
// swish with scale 1. The first values are PyTorch's (tests/golden/group_norm_swish.golden, cann_sample).
TEST_P(GroupNormSwishTest, CannSampleResult) {
    Problem p;
    p.shape = {2, 3, 4};
    p.groups = 1;
    for (int i = 1; i <= 24; ++i) p.x.push_back(i);
    p.gamma = {2, 2, 2};
    p.beta = {2, 2, 2};
    Result r;
    ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &r));
    expectMatchesReference(p, r);
    const double want[4] = {-0.277505, -0.214146, -0.013696, 0.349984};
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(r.y[static_cast<size_t>(i)], want[i], 2e-6) << i;
    EXPECT_NEAR(r.mean[0], 6.5, 1e-6);
    EXPECT_NEAR(r.mean[1], 18.5, 1e-6);
    EXPECT_NEAR(r.rstd[0], 1.0 / std::sqrt(143.0 / 12.0 + 1e-5), 1e-7);
}

// ---- PyTorch golden data ------------------------------------------------------------------------------------

void runGoldenFile(aclrtStream stream, int split) {
    aclcl::ScopedTestHook hook(aclcl::TestHook::GnsgWorkSplit, split);
    SCOPED_TRACE("work split " + std::to_string(split));
    forEachGoldenCase({"group_norm_swish.golden", 15, 15}, [&](const golden::Case &gc) {
        Problem p;
        const golden::Tensor &x = gc.tensor("x");
        p.shape = x.dims;
        p.groups = gc.ints("numGroups").at(0);
        p.eps = gc.num("eps");
        p.swish = gc.ints("activateSwish").at(0) != 0;
        p.scale = gc.num("swishScale");
        p.xType = goldenDtype(x.dtype);
        p.pType = goldenDtype(gc.tensor("gamma").dtype);
        p.x = x.values;
        p.gamma = gc.tensor("gamma").values;
        p.beta = gc.tensor("beta").values;
        ASSERT_EQ(gc.tensor("meanOut").dims, (std::vector<int64_t>{p.batch(), p.groups}));
        Result r;
        ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &r));
        expectNearGolden(r.y, gc.tensor("yOut"), p.xType);
        expectNearGolden(r.mean, gc.tensor("meanOut"), p.pType);
        expectNearGolden(r.rstd, gc.tensor("rstdOut"), p.pType);
        expectMatchesReference(p, r);
    });
}

TEST_P(GroupNormSwishTest, GoldenCases) {
    runGoldenFile(stream, 0);
}

TEST_P(GroupNormSwishTest, GoldenCasesInEveryWorkSplit) {
    for (int split : {kCpuSplit, kGpuSplit}) runGoldenFile(stream, split);
}

// ---- work splits, determinism -------------------------------------------------------------------------------

// Shapes around the kernel's geometry: groups shorter than a row (256), with full rows and a partial one,
// planes not a multiple of 4, 2-D and 8-D; every result bit-identical in both splits and the automatic one.
TEST_P(GroupNormSwishTest, EveryWorkSplitGivesTheSameBits) {
    struct Shape {
        std::vector<int64_t> shape;
        int64_t groups;
        aclDataType x, gamma;
    };
    const std::vector<Shape> shapes = {
        {{3, 8}, 2, ACL_FLOAT, ACL_FLOAT},
        {{2, 4, 5, 7}, 2, ACL_FLOAT, ACL_FLOAT},
        {{1, 2, 33, 37}, 1, ACL_FLOAT, ACL_FLOAT},  // L = 2442: 9 full rows and a partial one
        {{2, 2, 1, 2, 1, 2, 1, 3}, 2, ACL_FLOAT, ACL_FLOAT},
        {{2, 64, 3}, 64, ACL_FLOAT, ACL_FLOAT},
        {{2, 4, 9, 17}, 2, ACL_FLOAT16, ACL_FLOAT16},  // L = 306
        {{2, 4, 9, 17}, 4, ACL_BF16, ACL_FLOAT},
    };
    uint64_t seed = 700;
    for (const Shape &s : shapes) {
        Problem p = makeProblem(s.shape, s.groups, s.x, seed++, s.gamma);
        SCOPED_TRACE(shapeName(p.shape) + " " + dtypeTag(p.xType) + " gamma " + dtypeTag(p.pType));
        Result results[3];
        for (int split : {0, kCpuSplit, kGpuSplit}) {
            aclcl::ScopedTestHook hook(aclcl::TestHook::GnsgWorkSplit, split);
            ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &results[split]));
            expectMatchesReference(p, results[split]);
        }
        expectSameBits(results[0], results[1]);
        expectSameBits(results[1], results[2]);
    }
}

// The 64-bit index variant (used above 2^30 elements) on a small shape, in both splits: the same bits.
TEST_P(GroupNormSwishTest, WideIndexKernels) {
    const Problem p = makeProblem({2, 4, 9, 17}, 2, ACL_FLOAT, 801);
    for (int split : {kCpuSplit, kGpuSplit}) {
        aclcl::ScopedTestHook hook(aclcl::TestHook::GnsgWorkSplit, split);
        Result narrow, wide;
        ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &narrow));
        {
            aclcl::ScopedTestHook wideIndex(aclcl::TestHook::WideIndex);
            ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &wide));
        }
        expectMatchesReference(p, wide);
        expectSameBits(narrow, wide);
    }
}

TEST_P(GroupNormSwishTest, BitIdenticalRunToRun) {
    const Problem p = makeProblem({2, 8, 20, 20}, 4, ACL_FLOAT, 802);
    Result a, b;
    ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &a));
    ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &b));
    expectSameBits(a, b);
}

// ---- dtypes, views, attributes ------------------------------------------------------------------------------

// x in FLOAT, FLOAT16, BFLOAT16; gamma/beta in x's dtype or FLOAT; swish on and off.
// Real sizes. Mesa's llvmpipe stops every loop of one work-item after 65,535 iterations in all, without
// an error; a kernel that walks a whole row, plane or group in one work-item returned wrong data there.
// A group of 2^19 elements (one (n, group) over 2 channels of 512x512).
TEST_P(GroupNormSwishTest, LargeGroups) {
    Problem p = makeProblem({1, 4, 512, 512}, 2, ACL_FLOAT, 970);
    ASSERT_NO_FATAL_FAILURE(runAndExpectReference(p, Options(), stream));
}

// One test per dtype of x and device (Devices/GroupNormSwishEveryDtype.GammaInItsOwnDtypeOrFloat/pocl_cpu_0_bf16):
// gamma and beta in x's dtype and, for the half types, in float32.
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

class GroupNormSwishEveryDtype : public DeviceDtypeTest {};

TEST_P(GroupNormSwishEveryDtype, GammaInItsOwnDtypeOrFloat) {
    const aclDataType xt = dtype();
    const std::vector<aclDataType> gammaTypes =
        xt == ACL_FLOAT ? std::vector<aclDataType>{xt} : std::vector<aclDataType>{xt, ACL_FLOAT};
    for (aclDataType pt : gammaTypes) {
        for (bool swish : {true, false}) {
            Problem p = makeProblem({2, 6, 5, 7}, 3, xt, 900 + static_cast<uint64_t>(xt), pt);
            p.swish = swish;
            SCOPED_TRACE(std::string(dtypeTag(xt)) + " gamma " + dtypeTag(pt) + (swish ? " swish" : " no swish"));
            ASSERT_NO_FATAL_FAILURE(runAndExpectReference(p, Options(), stream));
        }
    }
}

// Padded (gaps, storage offsets) and channels-last views of every tensor, through the copy steps: the
// same bits as contiguous tensors, nothing written outside the views.
TEST_P(GroupNormSwishTest, StridedAndOffsetViews) {
    for (aclDataType xt : {ACL_FLOAT, ACL_BF16, ACL_FLOAT16}) {
        const Problem p = makeProblem({2, 6, 8, 32}, 3, xt, 1000, ACL_FLOAT);
        Result plain;
        ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &plain));
        for (Layout layout : {Layout::Padded, Layout::ChannelsLast, Layout::Shifted}) {
            SCOPED_TRACE(std::string(dtypeTag(xt)) + (layout == Layout::Padded         ? " padded"
                                                      : layout == Layout::ChannelsLast ? " channels-last"
                                                                                       : " shifted"));
            Options o;
            o.layout = layout;
            Result r;
            ASSERT_NO_FATAL_FAILURE(runOp(p, o, stream, &r));
            expectMatchesReference(p, r);
            EXPECT_EQ(r.y, plain.y);
            EXPECT_EQ(r.mean, plain.mean);
            EXPECT_EQ(r.rstd, plain.rstd);
        }
    }
}

TEST_P(GroupNormSwishTest, StatsAsFlatVector) {
    const Problem p = makeProblem({3, 4, 6}, 2, ACL_FLOAT, 1100);
    Options o;
    o.flatStats = true;
    ASSERT_NO_FATAL_FAILURE(runAndExpectReference(p, o, stream));
}

// swishScale (negative, small, large) and eps (a large eps changes rstd visibly) are honoured; activateSwish
// false is plain GroupNorm.
TEST_P(GroupNormSwishTest, SwishScaleEpsAndPlainGroupNorm) {
    Problem p = makeProblem({2, 4, 6, 5}, 2, ACL_FLOAT, 1200);
    for (double scale : {-1.5, 0.3, 4.0}) {
        for (double eps : {1e-5, 0.5}) {
            p.scale = scale;
            p.eps = eps;
            for (bool swish : {true, false}) {
                p.swish = swish;
                SCOPED_TRACE("scale " + std::to_string(scale) + " eps " + std::to_string(eps) +
                             (swish ? " swish" : " plain"));
                ASSERT_NO_FATAL_FAILURE(runAndExpectReference(p, Options(), stream));
            }
        }
    }
}

TEST_P(GroupNormSwishTest, DataFormatNamesAreAccepted) {
    const Problem p = makeProblem({2, 4, 3, 3}, 2, ACL_FLOAT, 1300);
    Result none;
    ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &none));
    for (const char *f : {"NCHW", "ND"}) {
        Options o;
        o.format = f;
        Result r;
        ASSERT_NO_FATAL_FAILURE(runOp(p, o, stream, &r));
        expectSameBits(none, r);
    }
}

// The registered OpCase entries (the speed case and the size sweep included) pass their own check.
TEST_P(GroupNormSwishTest, RegisteredCases) {
    CaseList cases = makeCases("GroupNormSwish");
    int ran = 0, speed = 0;
    for (auto &c : cases) {
        if (c->op != "GroupNormSwish") continue;
        speed += c->speedCase;
        if (c->speedCase && skipInQuickTier(c->name)) continue;  // 10 Mi elements
        runAndCheckCase(*c, stream);
        ++ran;
    }
    EXPECT_EQ(speed, 1);
    EXPECT_GE(ran, 6);
}

// ---- the cascade: GroupNormSwish -> GroupNormSwishGrad ----------------------------------------------------------

// The forward's own meanOut and rstdOut feed the backward; the gradients are compared with PyTorch
// autograd (float64, mean and rstd depending on x: the true gradient). The bound, per output tensor,
// |got - ref| <= k * max|ref| + lastPlace * |ref|:
//   fp32: k = 1e-5 (the README's bound; the forward's statistics are within ~1e-6 relative, the backward's
//         own error within 2e-5 of its terms' magnitudes, which stay near max|ref| here; measured: < 4e-7);
//   fp16/bf16: mean and rstd are stored in the dtype (CANN's contract: gamma's dtype), a relative error of
//         u = 2^-11 (2^-8) each; they enter xhat = (x - mean) * rstd, the rstd factor of dx and the group's
//         sums c1, c2 and dgamma, and the inputs' own roundings are the same for PyTorch: k = 2 u (measured:
//         at most 0.21 u on these cases), plus the one rounding of each stored gradient (lastPlace).
double cascadeBound(aclDataType d) {
    return d == ACL_FLOAT ? 1e-5 : d == ACL_FLOAT16 ? 2 * std::ldexp(1.0, -11) : 2 * std::ldexp(1.0, -8);
}

TEST_P(GroupNormSwishTest, CascadeIntoGroupNormSwishGradMatchesAutograd) {
    forEachGoldenCase({"group_norm_swish_cascade.golden", 6, 6}, [&](const golden::Case &gc) {
        const golden::Tensor &xg = gc.tensor("x");
        const aclDataType dt = goldenDtype(xg.dtype);
        const std::vector<int64_t> shape = xg.dims, chan = {shape[1]};
        const int64_t groups = gc.ints("numGroups").at(0);
        const double scale = gc.num("swishScale");
        const std::vector<int64_t> stat = {shape[0], groups};
        DeviceTensor x(shape, dt), gamma(chan, dt), beta(chan, dt), y(shape, dt), mean(stat, dt), rstd(stat, dt),
            dy(shape, dt), dx(shape, dt), dgamma(chan, dt), dbeta(chan, dt);
        x.upload(xg.values);
        gamma.upload(gc.tensor("gamma").values);
        beta.upload(gc.tensor("beta").values);
        dy.upload(gc.tensor("dy").values);
        ASSERT_ACL_OK(planAndRun(kGroupNormSwish,
                                 {x, gamma, beta, groups, nullptr, 1e-5, true, scale, y, mean, rstd}, stream));
        ASSERT_ACL_OK(planAndRun(kGroupNormSwishGrad,
                                 {dy, mean, rstd, x, gamma, beta, groups, nullptr, scale, true, true, dx, dgamma, dbeta},
                                 stream));
        const double k = cascadeBound(dt);
        const double lastPlace = dt == ACL_FLOAT16 ? std::ldexp(1.0, -10) : dt == ACL_BF16 ? std::ldexp(1.0, -7) : 0;
        for (auto [role, t] : {std::pair<const char *, DeviceTensor *>{"dx", &dx}, {"dgamma", &dgamma},
                               {"dbeta", &dbeta}}) {
            const golden::Tensor &want = gc.tensor(role);
            const std::vector<double> got = t->download();
            ASSERT_EQ(got.size(), want.values.size());
            double maxRef = 0, worst = 0;
            for (double v : want.values) maxRef = std::max(maxRef, std::fabs(v));
            for (size_t i = 0; i < got.size(); ++i) {
                const double err = std::fabs(got[i] - want.values[i]);
                worst = std::max(worst, (err - lastPlace * std::fabs(want.values[i])) / maxRef);
                EXPECT_LE(err, k * maxRef + lastPlace * std::fabs(want.values[i]))
                    << role << "[" << i << "]: got " << got[i] << ", autograd " << want.values[i];
            }
            RecordProperty(gc.name + "/" + role + " error / max|ref|", std::to_string(worst));
        }
    });
}

// ---- errors -------------------------------------------------------------------------------------------------

// The valid call of the error table: x (2, 4, 3, 3) in 2 groups, no data format.
CallSpec normCall() {
    return CallSpec(kGroupNormSwish, {{"x", TensorArg{{2, 4, 3, 3}}},
                                      {"gamma", TensorArg{{4}}},
                                      {"beta", TensorArg{{4}}},
                                      {"numGroups", int64_t{2}},
                                      {"dataFormatOptional", nullptr},
                                      {"eps", 1e-5},
                                      {"activateSwish", true},
                                      {"swishScale", 1.0},
                                      {"yOut", TensorArg{{2, 4, 3, 3}}},
                                      {"meanOut", TensorArg{{2, 2}}},
                                      {"rstdOut", TensorArg{{2, 2}}}});
}

// The rows in the contract's order; the rows of several faults at once stand after the check that
// reports them (the first in that order).
ErrorRows normRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    ErrorRows rows = validRow() + outPointerRows() + nullRows({"x", "gamma", "beta", "yOut", "meanOut", "rstdOut"}) +
                     ErrorRows{
        {"a null output beats a bad dtype", set("x", dtype(ACL_DOUBLE)) + null("rstdOut"), ACLNN_ERR_PARAM_NULLPTR,
         {"rstdOut"}},
        {"x DOUBLE", set("x", dtype(ACL_DOUBLE)), INVALID, {"x", "DT_DOUBLE"}},
        {"gamma INT32", set("gamma", dtype(ACL_INT32)), INVALID, {"gamma", "DT_INT32"}},
        // gamma neither x's dtype nor FLOAT.
        {"x FLOAT16, gamma and beta BF16", set("x", dtype(ACL_FLOAT16)) + set({"gamma", "beta"}, dtype(ACL_BF16)),
         INVALID, {"gamma", "FLOAT"}},
        // FLOAT x with FLOAT16 gamma: gamma must be x's dtype or FLOAT.
        {"gamma and beta FLOAT16", set({"gamma", "beta"}, dtype(ACL_FLOAT16)), INVALID, {"gamma"}},
        {"beta FLOAT16", set("beta", dtype(ACL_FLOAT16)), INVALID, {"beta"}},
        {"yOut FLOAT16", set("yOut", dtype(ACL_FLOAT16)), INVALID, {"yOut"}},
        {"meanOut FLOAT16", set("meanOut", dtype(ACL_FLOAT16)), INVALID, {"meanOut"}},
        {"rstdOut FLOAT16", set("rstdOut", dtype(ACL_FLOAT16)), INVALID, {"rstdOut"}},
        {"a bad dtype beats numGroups", set("meanOut", dtype(ACL_FLOAT16)) + groups(0), INVALID, {"meanOut"}},
        {"numGroups 0", groups(0), INVALID, {"numGroups", "> 0"}},
        {"numGroups -2", groups(-2), INVALID, {"numGroups", "> 0"}},
        {"numGroups 3", groups(3), INVALID, {"divisible", "numGroups = 3"}},
        {"numGroups beats shapes", set("gamma", shape({5})) + groups(0), INVALID, {"numGroups"}},
        {"x 1-D", set("x", shape({8})), INVALID, {"x"}},
        {"x 9-D", set({"x", "yOut"}, shape({2, 4, 1, 1, 1, 1, 1, 1, 1})), INVALID, {"x"}},
        shortRow("x"),
        {"N 0", set({"x", "yOut"}, shape({0, 4, 3})), INVALID, {"non-empty", "x"}},
        {"spatial 0", set({"x", "yOut"}, shape({2, 4, 0})), INVALID, {"non-empty", "x"}},
        {"gamma of 3", set("gamma", shape({3})), INVALID, {"gamma"}},
        {"gamma 2-D", set("gamma", shape({4, 1})), INVALID, {"gamma"}},
        {"beta of 5", set("beta", shape({5})), INVALID, {"beta"}},
        {"yOut 3-D", set("yOut", shape({2, 4, 9})), INVALID, {"yOut"}},
        {"meanOut 2 x 3", set("meanOut", shape({2, 3})), INVALID, {"meanOut"}},
        {"rstdOut 4 x 2", set("rstdOut", shape({4, 2})), INVALID, {"rstdOut"}},
        {"shapes beat the data format", set("gamma", shape({5})) + dataFormat("NHWC"), INVALID, {"gamma"}},
        // Every sample (yOut), or every row of the statistics, the same memory.
        overlapRow("yOut", {0, 9, 3, 1}),
        overlapRow("meanOut", {0, 1}),
        overlapRow("rstdOut", {0, 1}),
    };
    return rows + badDataFormatRows() + withoutExecutorRows({"executor"});
}

ACLNN_ERROR_TABLE(GroupNormSwishErrors, normCall, normRows);

// The plane count (N * C above 2^30) is no row: a call holding that many planes would need gigabytes of
// tensors. Here the tensors hold no memory at all: the check comes before any device work.
TEST_P(GroupNormSwishTest, ErrorTooManyPlanes) {
    const int64_t n = 2, c = int64_t(1) << 30, g = 1;
    const std::vector<int64_t> big = {n, c}, stat = {n, g}, chan = {c};
    aclTensor *x = tensorWithoutMemory(big), *y = tensorWithoutMemory(big), *mean = tensorWithoutMemory(stat),
              *rstd = tensorWithoutMemory(stat), *gamma = tensorWithoutMemory(chan), *beta = tensorWithoutMemory(chan);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    EXPECT_EQ(kGroupNormSwish.plan({x, gamma, beta, g, nullptr, 1e-5, true, 1.0, y, mean, rstd}, &ws, &ex),
              ACLNN_ERR_PARAM_INVALID);
    expectRecentMessageHas({"aclnnGroupNormSwish", "planes"});
    for (aclTensor *t : {x, y, mean, rstd, gamma, beta}) aclDestroyTensor(t);
}

TEST_P(GroupNormSwishTest, ErrorOutputOverlapsInput) {
    // yOut the very view of x: rejected at run time (the kernels would read elements already written).
    const Problem p = makeProblem({2, 4, 3, 3}, 2, ACL_FLOAT, 1400);
    DeviceTensor x(p.shape, ACL_FLOAT), gamma({4}, ACL_FLOAT), beta({4}, ACL_FLOAT), mean({2, 2}, ACL_FLOAT),
        rstd({2, 2}, ACL_FLOAT);
    x.upload(p.x);
    gamma.upload(p.gamma);
    beta.upload(p.beta);
    const aclnnStatus st =
        planAndRun(kGroupNormSwish, {x, gamma, beta, int64_t{2}, nullptr, 1e-5, true, 1.0, x, mean, rstd}, stream);
    EXPECT_EQ(st, ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("aclnnGroupNormSwish"), std::string::npos);
    EXPECT_EQ(x.download(), p.x) << "a failing call wrote x";
}

}  // namespace

INSTANTIATE_ON_ALL_DEVICES(GroupNormSwishTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(GroupNormSwishEveryDtype, kDtypes);
