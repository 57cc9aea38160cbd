// aclnnGroupNormSwishGrad: the CANN sample (docs/ops), the PyTorch golden file, the host reference in double
// (dtypes, views, shapes at both ends of the work split, flags), determinism, every documented error,
// and a finite-difference check of the math itself.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <memory>

#include "support/error_rows.h"
#include "support/op_test.h"
#include "cases/group_norm_swish_grad_cases.h"
#include "group_norm_test_helpers.h"
#include "common/test_hooks.h"
#include "harness/group_norm_swish_grad.h"

using namespace testing_support;
using namespace group_norm_tests;

namespace {

const int kWorkSplits[] = {0, 1, 2, 3, 4};

// ---- problem data ---------------------------------------------------------------------------------------

struct Problem : GroupNormShape {
    double scale = 1.0;
    aclDataType dtype = ACL_FLOAT;
    std::vector<double> dy, mean, rstd, x, gamma, beta;  // exact values of dtype
};

double rounded(double v, aclDataType dtype) {
    return roundTo(v, dtype);
}

// Random data; mean/rstd are x's statistics (biased variance, eps 1e-5) unless givenStats.
Problem makeProblem(std::vector<int64_t> shape, int64_t groups, double scale, aclDataType dtype, uint64_t seed,
                    bool givenStats = false) {
    Problem p;
    p.shape = std::move(shape);
    p.groups = groups;
    p.scale = scale;
    p.dtype = dtype;
    const size_t n = static_cast<size_t>(p.numel()), c = static_cast<size_t>(p.channels());
    p.x = randomValues(n, seed, -1.0, 2.0);
    p.dy = randomValues(n, seed + 1);
    p.gamma = randomValues(c, seed + 2, 0.1, 0.9);
    p.beta = randomValues(c, seed + 3, -0.4, 0.4);
    for (auto *v : {&p.x, &p.dy, &p.gamma, &p.beta})
        for (double &e : *v) e = rounded(e, dtype);
    const size_t stats = static_cast<size_t>(p.batch() * groups), groupLen = n / stats;
    p.mean.resize(stats);
    p.rstd.resize(stats);
    if (givenStats) {
        p.mean = randomValues(stats, seed + 4, -0.5, 1.0);
        p.rstd = randomValues(stats, seed + 5, 0.5, 2.0);
    } else {
        for (size_t g = 0; g < stats; ++g) {
            double s = 0, ss = 0;
            for (size_t i = 0; i < groupLen; ++i) s += p.x[g * groupLen + i];
            double mu = s / static_cast<double>(groupLen);
            for (size_t i = 0; i < groupLen; ++i) ss += (p.x[g * groupLen + i] - mu) * (p.x[g * groupLen + i] - mu);
            p.mean[g] = mu;
            p.rstd[g] = 1.0 / std::sqrt(ss / static_cast<double>(groupLen) + 1e-5);
        }
    }
    for (auto *v : {&p.mean, &p.rstd})
        for (double &e : *v) e = rounded(e, dtype);
    return p;
}

struct Reference {
    std::vector<double> dx, dgamma, dbeta, dxScale, dgammaScale, dbetaScale;
};

Reference reference(const Problem &p) {
    Reference r;
    gnsgReference(p.dy, p.mean, p.rstd, p.x, p.gamma, p.beta, p.batch(), p.channels(), p.planeLen(), p.groups, p.scale,
                  &r.dx, &r.dgamma, &r.dbeta, &r.dxScale, &r.dgammaScale, &r.dbetaScale);
    return r;
}

// ---- running the operator -------------------------------------------------------------------------------

struct Options {
    Layout layout = Layout::Contiguous;
    bool wantDgamma = true, wantDbeta = true;
    bool nullUnwanted = false;  // pass nullptr for an output that is not required
    bool flatStats = false;     // mean/rstd as (N*G) instead of (N, G)
    const char *format = nullptr;
    std::vector<int64_t> channelOutShape;  // dgammaOut/dbetaOut's shape; empty: (C)
};

struct Result {
    std::vector<double> dx, dgamma, dbeta;
    std::vector<uint8_t> dxBytes, dgammaBytes, dbetaBytes;  // whole storages after the run
    bool dgammaUntouched = true, dbetaUntouched = true;     // for outputs that were not required
    bool gapsUntouched = true;                              // storage outside the output views
};

bool allFill(const std::vector<uint8_t> &bytes) {
    return std::all_of(bytes.begin(), bytes.end(), [](uint8_t b) { return b == kFill; });
}

// Runs the operator on p; ASSERTs success.
// Uploads p's six inputs into the operator's input tensors.
void uploadInputs(const Problem &p, DeviceTensor &dy, DeviceTensor &x, DeviceTensor &mean, DeviceTensor &rstd,
                  DeviceTensor &gamma, DeviceTensor &beta) {
    dy.upload(p.dy);
    x.upload(p.x);
    mean.upload(p.mean);
    rstd.upload(p.rstd);
    gamma.upload(p.gamma);
    beta.upload(p.beta);
}

void runOp(const Problem &p, const Options &o, aclrtStream stream, Result *out) {
    const std::vector<int64_t> stat =
        o.flatStats ? std::vector<int64_t>{p.batch() * p.groups} : std::vector<int64_t>{p.batch(), p.groups};
    const std::vector<int64_t> chan = {p.channels()};
    const std::vector<int64_t> chanOut = o.channelOutShape.empty() ? chan : o.channelOutShape;
    DeviceTensor dy = makeTensor(p.shape, p.dtype, o.layout), x = makeTensor(p.shape, p.dtype, o.layout),
                 mean = makeTensor(stat, p.dtype, o.layout), rstd = makeTensor(stat, p.dtype, o.layout),
                 gamma = makeTensor(chan, p.dtype, o.layout), beta = makeTensor(chan, p.dtype, o.layout),
                 dx = makeTensor(p.shape, p.dtype, o.layout), dgamma = makeTensor(chanOut, p.dtype, o.layout),
                 dbeta = makeTensor(chanOut, p.dtype, o.layout);
    uploadInputs(p, dy, x, mean, rstd, gamma, beta);
    for (DeviceTensor *t : {&dx, &dgamma, &dbeta}) t->fillStorage(kFill);
    const aclTensor *dgammaArg = (!o.wantDgamma && o.nullUnwanted) ? nullptr : dgamma.get();
    const aclTensor *dbetaArg = (!o.wantDbeta && o.nullUnwanted) ? nullptr : dbeta.get();
    uint64_t wsSize = 0;
    aclOpExecutor *executor = nullptr;
    ASSERT_ACL_OK(kGroupNormSwishGrad.plan({dy, mean, rstd, x, gamma, beta, p.groups, o.format, p.scale, o.wantDgamma,
                                            o.wantDbeta, dx, dgammaArg, dbetaArg},
                                           &wsSize, &executor));
    void *ws = nullptr;
    if (wsSize > 0) ASSERT_ACL_OK(aclrtMalloc(&ws, wsSize, ACL_MEM_MALLOC_HUGE_FIRST));
    aclnnStatus st = kGroupNormSwishGrad.run(ws, wsSize, executor, stream);
    aclError sync = aclrtSynchronizeStream(stream);
    if (ws) aclrtFree(ws);
    ASSERT_EQ(st, 0) << aclGetRecentErrMsg();
    ASSERT_EQ(sync, 0) << aclGetRecentErrMsg();
    out->dx = dx.download();
    out->dgamma = dgamma.download();
    out->dbeta = dbeta.download();
    out->dxBytes = dx.storage();
    out->dgammaBytes = dgamma.storage();
    out->dbetaBytes = dbeta.storage();
    out->dgammaUntouched = allFill(out->dgammaBytes);
    out->dbetaUntouched = allFill(out->dbetaBytes);
    out->gapsUntouched =
        gapsIntact(dx, p.shape, o.layout, kFill) && gapsIntact(dgamma, chanOut, o.layout, kFill) &&
                         gapsIntact(dbeta, chanOut, o.layout, kFill);
}

void expectMatchesReference(const Problem &p, const Result &r, bool checkDgamma = true, bool checkDbeta = true) {
    Reference want = reference(p);
    CheckResult c = gnsgCompare(r.dx, want.dx, want.dxScale, p.dtype, "dxOut");
    EXPECT_TRUE(c.ok) << c.detail;
    if (checkDgamma) {
        c = gnsgCompare(r.dgamma, want.dgamma, want.dgammaScale, p.dtype, "dgammaOut");
        EXPECT_TRUE(c.ok) << c.detail;
    }
    if (checkDbeta) {
        c = gnsgCompare(r.dbeta, want.dbeta, want.dbetaScale, p.dtype, "dbetaOut");
        EXPECT_TRUE(c.ok) << c.detail;
    }
}

// Checks p in the layout/flags given, against the host reference.
void checkProblemOn(aclrtStream stream, const Problem &p, const Options &o = Options()) {
    SCOPED_TRACE(shapeName(p.shape) + " G" + std::to_string(p.groups) + " s" + std::to_string(p.scale));
    Result r;
    ASSERT_NO_FATAL_FAILURE(runOp(p, o, stream, &r));
    expectMatchesReference(p, r, o.wantDgamma, o.wantDbeta);
    EXPECT_TRUE(r.gapsUntouched) << "a write landed outside an output view";
}

class GroupNormSwishGradTest : public DeviceTest {
protected:
    void checkProblem(const Problem &p, const Options &o = Options()) { checkProblemOn(stream, p, o); }
    // The quick tier runs the sample, a fifth of the golden cases, fp32 views and one run-to-run check; the
    // tests that skip there whole are "this test: full tier only".
};

// ---- docs/ops sample --------------------------------------------------------------------------------------

TEST_P(GroupNormSwishGradTest, CannSampleResult) {
    Problem p;
    p.shape = {2, 3, 4};
    p.groups = 1;
    p.scale = 1.0;
    for (int i = 1; i <= 24; ++i) p.x.push_back(i);
    p.dy = p.x;
    p.mean = {2, 2};
    p.rstd = {2, 2};
    p.gamma = {2, 2, 2};
    p.beta = {2, 2, 2};
    // dgammaOut and dbetaOut as (C) and as (C, 1), the shape CANN's doc-page sample gives them.
    for (const std::vector<int64_t> &outShape : {std::vector<int64_t>{3}, std::vector<int64_t>{3, 1}}) {
        SCOPED_TRACE("dgammaOut/dbetaOut " + shapeName(outShape));
        Options o;
        o.channelOutShape = outShape;
        Result r;
        ASSERT_NO_FATAL_FAILURE(runOp(p, o, stream, &r));
        const double wantDgamma[] = {1482.262, 2696.000, 4424.000}, wantDbeta[] = {67.129, 100.000, 132.000};
        const double wantDx[] = {634.102, -16.984, -673.737, -1330.053};
        // docs/ops prints three decimals; fp32 carries ~7 significant digits of these magnitudes.
        for (int c = 0; c < 3; ++c) {
            EXPECT_NEAR(r.dgamma[static_cast<size_t>(c)], wantDgamma[c], 2e-3) << "dgamma[" << c << "]";
            EXPECT_NEAR(r.dbeta[static_cast<size_t>(c)], wantDbeta[c], 2e-3) << "dbeta[" << c << "]";
        }
        for (int i = 0; i < 4; ++i) EXPECT_NEAR(r.dx[static_cast<size_t>(i)], wantDx[i], 2e-3) << "dx[" << i << "]";
        expectMatchesReference(p, r);
    }
}

// The sample on CANN's GroupNormSwishGrad doc page declares dgammaOut and dbetaOut as (C, 1): any output
// view with C elements is accepted (CANN gives them gamma's shape and checks only the inputs), and the
// values land in row-major order of the view, also through padded, non-contiguous views.
TEST_P(GroupNormSwishGradTest, ChannelOutputsOfAnyShapeWithCElements) {
    const Problem p = makeProblem({2, 6, 5}, 3, 1.0, ACL_FLOAT, 71);
    const std::vector<std::vector<int64_t>> shapes = {{6, 1}, {1, 6}, {1, 6, 1, 1}, {2, 3}, {6, 1, 1, 1, 1, 1, 1, 1}};
    for (const auto &shape : shapes) {
        for (Layout layout : {Layout::Contiguous, Layout::Padded}) {
            SCOPED_TRACE(shapeName(shape) + (layout == Layout::Padded ? " padded" : ""));
            Options o;
            o.channelOutShape = shape;
            o.layout = layout;
            checkProblem(p, o);
        }
    }
}

// ---- PyTorch golden data --------------------------------------------------------------------------------

// quickTierSkip: "" runs every case; otherwise (the quick tier) every fifth case runs and the others are
// skipped with that reason (asked once per case, in the file's order).
void runGoldenFile(aclrtStream stream, const std::string &quickTierSkip) {
    const bool quick = !quickTierSkip.empty();
    size_t index = 0;
    const auto everyFifth = [&](const golden::Case &) -> std::string {
        return quick && index++ % 5 != 0 ? quickTierSkip : "";
    };
    forEachGoldenCase({"group_norm_swish_grad.golden", 20, quick ? 4u : 20u, everyFifth}, [&](const golden::Case &gc) {
        Problem p;
        const golden::Tensor &dy = gc.tensor("dy");
        p.shape = dy.dims;
        p.groups = gc.ints("numGroups").at(0);
        p.scale = gc.num("swishScale");
        p.dtype = goldenDtype(dy.dtype);
        p.dy = dy.values;
        p.mean = gc.tensor("mean").values;
        p.rstd = gc.tensor("rstd").values;
        p.x = gc.tensor("x").values;
        p.gamma = gc.tensor("gamma").values;
        p.beta = gc.tensor("beta").values;
        ASSERT_EQ(gc.tensor("mean").dims, (std::vector<int64_t>{p.batch(), p.groups}));
        Result r;
        ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &r));
        expectNearGolden(r.dx, gc.tensor("dxOut"), p.dtype);
        expectNearGolden(r.dgamma, gc.tensor("dgammaOut"), p.dtype);
        expectNearGolden(r.dbeta, gc.tensor("dbetaOut"), p.dtype);
        expectMatchesReference(p, r);
    });
}

TEST_P(GroupNormSwishGradTest, GoldenCases) {
    runGoldenFile(stream, quickTier() ? fullTierOnly("four golden cases in five") : "");
}

TEST_P(GroupNormSwishGradTest, GoldenCasesInEveryWorkSplit) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the golden cases in every work split");
    for (int mode : {1, 2, 3, 4}) {
        SCOPED_TRACE("work split " + std::to_string(mode));
        aclcl::ScopedTestHook split(aclcl::TestHook::GnsgWorkSplit, mode);
        runGoldenFile(stream, "");
    }
}

// The 64-bit index variant (used above 2^30 elements) on small shapes, in every work split.
TEST_P(GroupNormSwishGradTest, WideIndexKernels) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the 64-bit index kernels in every work split");
    for (int mode : kWorkSplits) {
        SCOPED_TRACE("work split " + std::to_string(mode));
        aclcl::ScopedTestHook split(aclcl::TestHook::GnsgWorkSplit, mode);
        aclcl::ScopedTestHook wide(aclcl::TestHook::WideIndex);
        checkProblem(makeProblem({2, 6, 7, 9}, 3, 1.1, ACL_BF16, 600));
        checkProblem(makeProblem({1, 2, 300, 301}, 1, 1.0, ACL_FLOAT, 601));
        checkProblem(makeProblem({3, 40}, 4, 1.0, ACL_FLOAT16, 602));
    }
}

// Views, dtypes, tails and flags through each kernel family.
TEST_P(GroupNormSwishGradTest, EveryWorkSplit) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("every work split");
    for (int mode : kWorkSplits) {
        SCOPED_TRACE("work split " + std::to_string(mode));
        aclcl::ScopedTestHook split(aclcl::TestHook::GnsgWorkSplit, mode);
        uint64_t seed = 500;
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            checkProblem(makeProblem({2, 6, 7, 9}, 3, 1.1, dt, seed++));  // plane of 63: vector runs and a tail
            checkProblem(makeProblem({3, 8}, 4, 0.9, dt, seed++));        // 2-D
            checkProblem(makeProblem({3, 40}, 2, 1.3, dt, seed++));       // 2-D, 20 channels a group: 16 + 4
        }
        Options o;
        o.layout = Layout::ChannelsLast;
        o.wantDbeta = false;
        checkProblem(makeProblem({2, 4, 5, 6}, 2, 1.0, ACL_FLOAT, seed++), o);
        checkProblem(makeProblem({16, 32, 16, 16}, 8, 1.0, ACL_FLOAT, seed++));  // many groups of 1 Ki
    }
}

// ---- dtypes, shapes, views, flags -----------------------------------------------------------------------

// One test per dtype and device (Devices/GroupNormSwishGradEveryDtype.Shapes/pocl_cpu_0_bf16); the seeds are
// those the dtypes had when they shared one loop.
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

class GroupNormSwishGradEveryDtype : public DeviceDtypeTest {};

TEST_P(GroupNormSwishGradEveryDtype, Shapes) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the shapes in every dtype");
    const aclDataType dt = dtype();
    const std::vector<std::pair<std::vector<int64_t>, int64_t>> shapes = {
        {{2, 8, 5, 7}, 4}, {{3, 6, 33}, 3}, {{5, 12}, 3}, {{2, 4, 2, 3, 2, 2}, 2}};
    const size_t pos = dtypeIndex(kDtypes);
    uint64_t seed = 100 + shapes.size() * pos;
    for (const auto &[shape, groups] : shapes) {
        SCOPED_TRACE(std::string("dtype ") + std::to_string(dt));
        checkProblemOn(stream, makeProblem(shape, groups, 1.3, dt, seed++));
    }
}

TEST_P(GroupNormSwishGradTest, StridedViewsOfEveryTensor) {
    uint64_t seed = 200;
    for (Layout layout : {Layout::Padded, Layout::ChannelsLast}) {
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            // The quick tier: padded fp32 views only.
            const std::string name = std::string(layout == Layout::Padded ? "padded" : "channels-last") + " " +
                                     dtypeLabel(dt);
            if ((layout != Layout::Padded || dt != ACL_FLOAT) && skipInQuickTier(name)) continue;
            caseTally().ran();
            Options o;
            o.layout = layout;
            SCOPED_TRACE("layout " + std::to_string(static_cast<int>(layout)));
            checkProblem(makeProblem({2, 6, 5, 4}, 3, 0.8, dt, seed++), o);
            checkProblem(makeProblem({3, 4, 3}, 2, 1.0, dt, seed++), o);
            o.flatStats = true;
            checkProblem(makeProblem({2, 4, 2, 3, 2}, 2, 1.0, dt, seed++), o);
        }
    }
    // Contiguous tensors at storage offset 3, no copy steps: the kernels' eight-element loads and stores
    // (fp16's vload_half8 among them) at addresses off their vectors' alignment, in the work splits that
    // have them (GnsgWorkSplit 0 automatic: the tiny kernels for small planes; 3 and 4 fused) and every
    // tier; (N, C) inputs take the fused split's run of channels.
    for (aclDataType dt : {ACL_FLOAT16, ACL_FLOAT}) {
        for (int split : {0, 3, 4}) {
            SCOPED_TRACE("shifted " + dtypeLabel(dt) + ", work split " + std::to_string(split));
            aclcl::ScopedTestHook hook(aclcl::TestHook::GnsgWorkSplit, split);
            caseTally().ran();
            Options o;
            o.layout = Layout::Shifted;
            checkProblem(makeProblem({2, 6, 8, 32}, 3, 0.8, dt, seed++), o);
            checkProblem(makeProblem({4, 96}, 3, 0.8, dt, seed++), o);
        }
    }
}

TEST_P(GroupNormSwishGradTest, StatsAsFlatVector) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("this test");
    Options o;
    o.flatStats = true;
    checkProblem(makeProblem({3, 8, 4, 4}, 4, 1.0, ACL_FLOAT, 300), o);
}

TEST_P(GroupNormSwishGradTest, TwoDimensionalInputs) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("this test");
    checkProblem(makeProblem({4, 12}, 3, 1.0, ACL_FLOAT, 310));
    checkProblem(makeProblem({7, 6}, 6, 0.7, ACL_FLOAT, 311, true));  // HxW = 1, one channel per group
    checkProblem(makeProblem({6, 3000}, 30, 1.0, ACL_FLOAT, 312));
}

TEST_P(GroupNormSwishGradTest, OneGroup) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("this test");
    checkProblem(makeProblem({2, 6, 5, 5}, 1, 1.0, ACL_FLOAT, 320));
    checkProblem(makeProblem({1, 3, 17}, 1, 2.0, ACL_BF16, 321));
}

TEST_P(GroupNormSwishGradTest, OneChannelPerGroup) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("this test");
    checkProblem(makeProblem({2, 6, 4, 4}, 6, 1.0, ACL_FLOAT, 330));
    checkProblem(makeProblem({3, 5, 9}, 5, 0.5, ACL_FLOAT16, 331, true));
}

// Large planes, few channels: one plane is cut into chunks (CPU split) or shared by many lanes (GPU split),
// with a plane length that is not a multiple of the vector width.
TEST_P(GroupNormSwishGradTest, LargePlaneFewChannels) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("this test");
    for (int mode : kWorkSplits) {
        aclcl::ScopedTestHook split(aclcl::TestHook::GnsgWorkSplit, mode);
        SCOPED_TRACE("work split " + std::to_string(mode));
        checkProblem(makeProblem({1, 2, 300, 301}, 1, 1.0, ACL_FLOAT, 340));
        checkProblem(makeProblem({2, 1, 70001}, 1, 1.0, ACL_FLOAT, 341));
    }
}

// Real sizes, on every device. Mesa's llvmpipe stops every loop of one work-item after 65,535 iterations in
// all, without an error; a kernel walking a whole group in one work-item would return partial sums there.
// Groups of 2^19 elements (a VAE block at 512x512: 2 channels of 512x512 per group), and a 1-D signal of
// 140,000 elements per group.
TEST_P(GroupNormSwishGradTest, RealSizeGroups) {
    checkProblem(makeProblem({1, 4, 512, 512}, 2, 1.0, ACL_FLOAT, 345));
    checkProblem(makeProblem({1, 2, 140000}, 1, 1.0, ACL_FLOAT, 346));
}

// Many channels, tiny planes: many planes per work-group and long channel reductions.
TEST_P(GroupNormSwishGradTest, ManyChannelsTinyPlanes) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("this test");
    for (int mode : kWorkSplits) {
        aclcl::ScopedTestHook split(aclcl::TestHook::GnsgWorkSplit, mode);
        SCOPED_TRACE("work split " + std::to_string(mode));
        checkProblem(makeProblem({3, 2048, 2}, 16, 1.0, ACL_FLOAT, 350));
        checkProblem(makeProblem({2, 4096, 1, 3}, 1, 1.0, ACL_FLOAT, 351));
        checkProblem(makeProblem({64, 8, 5}, 2, 1.0, ACL_FLOAT, 352));  // a long batch reduction
    }
}

TEST_P(GroupNormSwishGradTest, SwishScales) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("this test");
    uint64_t seed = 360;
    for (double s : {0.0, 0.3, 1.7, -1.2, 4.0}) checkProblem(makeProblem({2, 4, 6, 5}, 2, s, ACL_FLOAT, seed++));
}

TEST_P(GroupNormSwishGradTest, DataFormatNamesAreAccepted) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("this test");
    for (const char *f : {"NCHW", "ND"}) {
        Options o;
        o.format = f;
        checkProblem(makeProblem({2, 4, 3, 3}, 2, 1.0, ACL_FLOAT, 370), o);
    }
}

TEST_P(GroupNormSwishGradTest, EachFlagCombination) {
    const Problem p = makeProblem({2, 6, 4, 5}, 3, 1.0, ACL_FLOAT, 380);
    for (bool wantDgamma : {true, false}) {
        for (bool wantDbeta : {true, false}) {
            for (bool nullUnwanted : {false, true}) {
                if (wantDgamma && wantDbeta && nullUnwanted) continue;
                SCOPED_TRACE(std::string("dgamma ") + (wantDgamma ? "on" : "off") + ", dbeta " +
                             (wantDbeta ? "on" : "off") + (nullUnwanted ? ", null" : ""));
                Options o;
                o.wantDgamma = wantDgamma;
                o.wantDbeta = wantDbeta;
                o.nullUnwanted = nullUnwanted;
                Result r;
                ASSERT_NO_FATAL_FAILURE(runOp(p, o, stream, &r));
                expectMatchesReference(p, r, wantDgamma, wantDbeta);
                if (!wantDgamma) {
                    EXPECT_TRUE(r.dgammaUntouched) << "dgammaOut was written though not required";
                }
                if (!wantDbeta) {
                    EXPECT_TRUE(r.dbetaUntouched) << "dbetaOut was written though not required";
                }
            }
        }
    }
}

TEST_P(GroupNormSwishGradTest, BitIdenticalRunToRun) {
    const std::vector<Problem> problems = {
        makeProblem({2, 8, 16, 16}, 4, 1.0, ACL_FLOAT, 390),
        makeProblem({1, 2, 256, 300}, 1, 1.0, ACL_FLOAT, 391),  // chunked planes
        makeProblem({2, 512, 3}, 8, 1.0, ACL_BF16, 392),
        makeProblem({8, 64, 16, 16}, 16, 1.0, ACL_FLOAT, 393),  // fused by default
    };
    for (int mode : kWorkSplits) {
        aclcl::ScopedTestHook split(aclcl::TestHook::GnsgWorkSplit, mode);
        for (const Problem &p : problems) {
            const std::string name = shapeName(p.shape) + " work split " + std::to_string(mode);
            // The quick tier: the first problem in the default split.
            if ((mode != 0 || &p != &problems.front()) && skipInQuickTier(name)) continue;
            caseTally().ran();
            SCOPED_TRACE(name);
            Result a, b;
            ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &a));
            ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &b));
            EXPECT_EQ(a.dxBytes, b.dxBytes);
            EXPECT_EQ(a.dgammaBytes, b.dgammaBytes);
            EXPECT_EQ(a.dbetaBytes, b.dbetaBytes);
        }
    }
}

// dxOut may be the very view of dy or of x (each element is read before it is overwritten, by the same
// work-item), in every work split.
TEST_P(GroupNormSwishGradTest, InPlaceOverDyOrX) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("this test");
    const Problem p = makeProblem({4, 8, 5, 5}, 4, 1.0, ACL_FLOAT, 420);
    const Reference want = reference(p);
    for (int mode : kWorkSplits) {
        aclcl::ScopedTestHook split(aclcl::TestHook::GnsgWorkSplit, mode);
        for (bool overDy : {true, false}) {
            SCOPED_TRACE(std::string(overDy ? "dx over dy" : "dx over x") + ", work split " + std::to_string(mode));
            DeviceTensor dy(p.shape, p.dtype), x(p.shape, p.dtype), mean({4, 4}, p.dtype), rstd({4, 4}, p.dtype),
                gamma({8}, p.dtype), beta({8}, p.dtype), dgamma({8}, p.dtype), dbeta({8}, p.dtype);
            uploadInputs(p, dy, x, mean, rstd, gamma, beta);
            const DeviceTensor &target = overDy ? dy : x;
            const std::vector<int64_t> strides = {200, 25, 5, 1};
            int64_t storage = target.numel();
            aclTensor *dx = aclCreateTensor(p.shape.data(), p.shape.size(), p.dtype, strides.data(), 0, ACL_FORMAT_ND,
                                            &storage, 1, target.data());
            ASSERT_NE(dx, nullptr);
            uint64_t wsSize = 0;
            aclOpExecutor *executor = nullptr;
            ASSERT_ACL_OK(kGroupNormSwishGrad.plan(
                {dy, mean, rstd, x, gamma, beta, p.groups, nullptr, p.scale, true, true, dx, dgamma, dbeta}, &wsSize,
                &executor));
            void *ws = nullptr;
            if (wsSize > 0) ASSERT_ACL_OK(aclrtMalloc(&ws, wsSize, ACL_MEM_MALLOC_HUGE_FIRST));
            ASSERT_ACL_OK(kGroupNormSwishGrad.run(ws, wsSize, executor, stream));
            ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
            if (ws) aclrtFree(ws);
            aclDestroyTensor(dx);
            CheckResult c = gnsgCompare(target.download(), want.dx, want.dxScale, p.dtype, "dxOut");
            EXPECT_TRUE(c.ok) << c.detail;
            c = gnsgCompare(dgamma.download(), want.dgamma, want.dgammaScale, p.dtype, "dgammaOut");
            EXPECT_TRUE(c.ok) << c.detail;
        }
    }
}

// The registered OpCase entries (the speed case and the size sweep included) pass their own check.
TEST_P(GroupNormSwishGradTest, RegisteredCases) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("this test");
    CaseList cases = makeCases("GroupNormSwishGrad");
    ASSERT_GE(cases.size(), 6u);
    const RegisteredCount n = countRegistered(cases, "gnsg");
    EXPECT_EQ(n.speed, 1);
    EXPECT_GE(n.sweep, 4);
    for (auto &c : cases) runAndCheckCase(*c, stream);
}

// ---- finite differences in fp64 -------------------------------------------------------------------------

// L(x, gamma, beta) = sum dy * swish(groupnorm(x) * gamma + beta) with mean/rstd taken from x.
double forwardLoss(const Problem &p, const std::vector<double> &x, const std::vector<double> &gamma,
                   const std::vector<double> &beta) {
    const size_t stats = static_cast<size_t>(p.batch() * p.groups), groupLen = x.size() / stats;
    const size_t planeLen = static_cast<size_t>(p.planeLen()), perGroup = static_cast<size_t>(p.channels() / p.groups);
    double loss = 0;
    for (size_t g = 0; g < stats; ++g) {
        double s = 0, ss = 0;
        for (size_t i = 0; i < groupLen; ++i) s += x[g * groupLen + i];
        double mu = s / static_cast<double>(groupLen);
        for (size_t i = 0; i < groupLen; ++i) ss += (x[g * groupLen + i] - mu) * (x[g * groupLen + i] - mu);
        double rstd = 1.0 / std::sqrt(ss / static_cast<double>(groupLen) + 1e-5);
        for (size_t i = 0; i < groupLen; ++i) {
            size_t c = (g % static_cast<size_t>(p.groups)) * perGroup + i / planeLen;
            double z = (x[g * groupLen + i] - mu) * rstd * gamma[c] + beta[c];
            loss += p.dy[g * groupLen + i] * z / (1.0 + std::exp(-p.scale * z));
        }
    }
    return loss;
}

std::vector<double> centralDifferences(const std::vector<double> &at,
                                       const std::function<double(std::vector<double>)> &f) {
    std::vector<double> grad(at.size());
    for (size_t i = 0; i < at.size(); ++i) {
        double h = 1e-5 * std::max(1.0, std::fabs(at[i]));
        std::vector<double> up = at, down = at;
        up[i] += h;
        down[i] -= h;
        grad[i] = (f(up) - f(down)) / (2 * h);
    }
    return grad;
}

void expectCloseRelative(const std::vector<double> &got, const std::vector<double> &want, double rel,
                         const char *what) {
    ASSERT_EQ(got.size(), want.size());
    double maxRef = 0;
    for (double v : want) maxRef = std::max(maxRef, std::fabs(v));
    for (size_t i = 0; i < got.size(); ++i)
        ASSERT_LE(std::fabs(got[i] - want[i]), rel * maxRef)
            << what << "[" << i << "]: " << got[i] << " vs " << want[i];
}

TEST_P(GroupNormSwishGradTest, FiniteDifferencesOfTheForward) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("this test");
    for (double s : {1.0, 0.7}) {
        SCOPED_TRACE("swishScale " + std::to_string(s));
        Problem p = makeProblem({2, 4, 3, 2}, 2, s, ACL_FLOAT, 400);
        // mean/rstd are x's own statistics, so dL/dx includes the paths through them: exactly what the
        // c1/c2 terms of the contract account for.
        std::vector<double> fdX =
            centralDifferences(p.x, [&](std::vector<double> v) { return forwardLoss(p, v, p.gamma, p.beta); });
        std::vector<double> fdGamma =
            centralDifferences(p.gamma, [&](std::vector<double> v) { return forwardLoss(p, p.x, v, p.beta); });
        std::vector<double> fdBeta =
            centralDifferences(p.beta, [&](std::vector<double> v) { return forwardLoss(p, p.x, p.gamma, v); });
        // The host reference in double, fed the exact statistics: agrees to the differencing error (h^2 ~ 1e-10).
        Problem exact = p;
        const size_t stats = exact.mean.size(), groupLen = exact.x.size() / stats;
        for (size_t g = 0; g < stats; ++g) {
            double sum = 0, ss = 0;
            for (size_t i = 0; i < groupLen; ++i) sum += exact.x[g * groupLen + i];
            double mu = sum / static_cast<double>(groupLen);
            for (size_t i = 0; i < groupLen; ++i)
                ss += (exact.x[g * groupLen + i] - mu) * (exact.x[g * groupLen + i] - mu);
            exact.mean[g] = mu;
            exact.rstd[g] = 1.0 / std::sqrt(ss / static_cast<double>(groupLen) + 1e-5);
        }
        Reference ref = reference(exact);
        expectCloseRelative(ref.dx, fdX, 1e-7, "reference dx");
        expectCloseRelative(ref.dgamma, fdGamma, 1e-7, "reference dgamma");
        expectCloseRelative(ref.dbeta, fdBeta, 1e-7, "reference dbeta");
        // The operator in fp32 with the statistics rounded to fp32: 1e-4 of the largest gradient.
        Result r;
        ASSERT_NO_FATAL_FAILURE(runOp(p, Options(), stream, &r));
        expectCloseRelative(r.dx, fdX, 1e-4, "operator dx");
        expectCloseRelative(r.dgamma, fdGamma, 1e-4, "operator dgamma");
        expectCloseRelative(r.dbeta, fdBeta, 1e-4, "operator dbeta");
    }
}

// ---- errors ---------------------------------------------------------------------------------------------

// The valid call of the error table: x (2, 4, 3, 3) in 2 groups, both channel gradients required.
CallSpec gradCall() {
    return CallSpec(kGroupNormSwishGrad, {{"dy", TensorArg{{2, 4, 3, 3}}},
                                          {"mean", TensorArg{{2, 2}}},
                                          {"rstd", TensorArg{{2, 2}}},
                                          {"x", TensorArg{{2, 4, 3, 3}}},
                                          {"gamma", TensorArg{{4}}},
                                          {"beta", TensorArg{{4}}},
                                          {"numGroups", int64_t{2}},
                                          {"dataFormatOptional", nullptr},
                                          {"swishScale", 1.0},
                                          {"dgammaIsRequire", true},
                                          {"dbetaIsRequire", true},
                                          {"dxOut", TensorArg{{2, 4, 3, 3}}},
                                          {"dgammaOut", TensorArg{{4}}},
                                          {"dbetaOut", TensorArg{{4}}}});
}

// A row whose one tensor has a shape of the wrong size, the message naming the tensor; a channel
// gradient's (C = 4 elements) also gives the rule and what it found.
ErrorRow shapeRow(const char *name, const std::vector<int64_t> &to) {
    std::vector<std::string> fragments = {name};
    const std::string arg = name;
    if ((arg == "dgammaOut" || arg == "dbetaOut") && product(to) != 4) {
        fragments = {name, "C = 4 elements", "[4, 1]", std::to_string(product(to)) + " elements"};
    }
    return {arg + " " + shapeName(to), set(name, shape(to)), ACLNN_ERR_PARAM_INVALID, fragments};
}

// The rows in the contract's order; the rows of several faults at once stand after the check that
// reports them (the first in that order).
ErrorRows gradRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    // "[x]": the bare names of x, gamma and beta are in dxOut's, dgammaOut's and dbetaOut's.
    ErrorRows rows = validRow() + outPointerRows() +
                     nullRows({"dy", "mean", "rstd", "[x]", "[gamma]", "[beta]", "dxOut", "dgammaOut", "dbetaOut"}) +
                     ErrorRows{
        {"a null beats a dtype error", set("dy", dtype(ACL_DOUBLE)) + null("dbetaOut"), ACLNN_ERR_PARAM_NULLPTR,
         {"dbetaOut"}},
        // Neither null, dtype nor shape checks look at an output that is not required.
        {"outputs that are not required are not checked at all",
         set("dgammaOut", value(TensorArg{{3, 3}, ACL_INT32})) + null("dbetaOut") +
             set({"dgammaIsRequire", "dbetaIsRequire"}, value(false)),
         ACL_SUCCESS, {}},
        {"dy DOUBLE", set("dy", dtype(ACL_DOUBLE)), INVALID, {"dy", "DT_FLOAT"}},
        {"dy INT32", set("dy", dtype(ACL_INT32)), INVALID, {"dy", "DT_FLOAT"}},
    };
    // Every other tensor in dy's dtype.
    for (const char *name : {"mean", "rstd", "x", "gamma", "beta", "dxOut", "dgammaOut", "dbetaOut"}) {
        rows.push_back({std::string(name) + " FLOAT16", set(name, dtype(ACL_FLOAT16)), INVALID, {name, "DT_FLOAT16"}});
    }
    rows = rows + ErrorRows{
        {"a dtype error beats a numGroups error", set("gamma", dtype(ACL_BF16)) + groups(0), INVALID, {"gamma"}},
        {"numGroups 0", groups(0), INVALID, {"numGroups", "0"}},
        {"numGroups -2", groups(-2), INVALID, {"numGroups", "-2"}},
        {"numGroups 3", groups(3), INVALID, {"numGroups", "divisible"}},
        {"a numGroups error beats a shape error", set("beta", shape({7})) + groups(3), INVALID, {"numGroups"}},
        {"x 1-D", set({"dy", "x", "dxOut"}, shape({8})), INVALID, {"x"}},
        {"x 9-D", set({"dy", "x", "dxOut"}, shape({2, 4, 1, 1, 1, 1, 1, 1, 1})), INVALID, {"x"}},
        // A view that reaches past its storage shape.
        shortRow("x"),
        {"N 0", set({"dy", "x", "dxOut"}, shape({0, 4, 3, 3})) + set({"mean", "rstd"}, shape({0, 2})), INVALID,
         {"x", "non-empty"}},
        {"spatial 0", set({"dy", "x", "dxOut"}, shape({2, 4, 0})), INVALID, {"x", "non-empty"}},
        shapeRow("dy", {2, 4, 3, 4}),
        shapeRow("mean", {2, 3}),
        shapeRow("mean", {2, 2, 1}),
        shapeRow("rstd", {4, 2}),
        shapeRow("rstd", {3}),
        shapeRow("gamma", {5}),
        shapeRow("gamma", {1, 4}),
        shapeRow("beta", {3}),
        {"a shape error beats a data format error", set("beta", shape({7})) + dataFormat("NHWC"), INVALID, {"beta"}},
        shapeRow("dxOut", {2, 4, 9}),
        // Every sample writes the same elements.
        {"dxOut samples at stride 0", set("dxOut", strides({0, 9, 3, 1})), INVALID, {"dxOut", "overlapping"}},
        // A channel gradient may have any shape of C elements (docs/ops/group_norm_swish_grad.md).
        shapeRow("dgammaOut", {2}),
        shapeRow("dgammaOut", {4, 2}),
        shapeRow("dgammaOut", {3}),
        overlapRow("dgammaOut", {0}),
        shapeRow("dbetaOut", {5, 1}),
        shapeRow("dbetaOut", {1, 3}),
        shapeRow("dbetaOut", {4, 2}),
        shapeRow("dbetaOut", {3}),
        overlapRow("dbetaOut", {0}),
    };
    return rows + badDataFormatRows() + withoutExecutorRows({"executor"});
}

ACLNN_ERROR_TABLE(GroupNormSwishGradErrors, gradCall, gradRows);

// The plane count (N * C above 2^30) is no row: a call holding that many planes would need gigabytes of
// tensors. Here 2^31 planes of one element hold no memory at all: the check comes before any device work.
TEST_P(GroupNormSwishGradTest, ErrorTooManyPlanes) {
    const int64_t n = 2, c = int64_t(1) << 30, g = 1;
    const std::vector<int64_t> big = {n, c}, stat = {n, g}, chan = {c};
    aclTensor *dy = tensorWithoutMemory(big), *x = tensorWithoutMemory(big), *dx = tensorWithoutMemory(big),
              *mean = tensorWithoutMemory(stat), *rstd = tensorWithoutMemory(stat), *gamma = tensorWithoutMemory(chan),
              *beta = tensorWithoutMemory(chan);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    EXPECT_EQ(kGroupNormSwishGrad.plan(
                  {dy, mean, rstd, x, gamma, beta, g, nullptr, 1.0, false, false, dx, nullptr, nullptr}, &ws, &ex),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("planes"), std::string::npos) << aclGetRecentErrMsg();
    for (aclTensor *t : {dy, x, dx, mean, rstd, gamma, beta}) aclDestroyTensor(t);
}

// Phase two with a null workspace though phase one asked for some (a strided input needs workspace);
// phase two without an executor is the table's last row.
TEST_P(GroupNormSwishGradTest, ErrorPhaseTwoArguments) {
    DeviceTensor dy({2, 4, 3, 3}, ACL_FLOAT), mean({2, 2}, ACL_FLOAT), rstd({2, 2}, ACL_FLOAT),
        strided({2, 4, 3, 3}, ACL_FLOAT, {1, 2, 8, 24}, 0), gamma({4}, ACL_FLOAT), beta({4}, ACL_FLOAT),
        dx({2, 4, 3, 3}, ACL_FLOAT), dgamma({4}, ACL_FLOAT), dbeta({4}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(kGroupNormSwishGrad.plan(
        {dy, mean, rstd, strided, gamma, beta, int64_t{2}, nullptr, 1.0, true, true, dx, dgamma, dbeta}, &ws, &ex));
    ASSERT_GT(ws, 0u);
    EXPECT_EQ(kGroupNormSwishGrad.run(nullptr, ws, ex, stream), ACLNN_ERR_PARAM_NULLPTR);  // also destroys the executor
    expectRecentMessageHas({"workspace"});
}

INSTANTIATE_ON_ALL_DEVICES(GroupNormSwishGradTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(GroupNormSwishGradEveryDtype, kDtypes);

}  // namespace
