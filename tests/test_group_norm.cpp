// aclnnGroupNorm: the CANN sample, the PyTorch golden file, the host reference in double (every dtype, with
// and without gamma/beta, the training example's shape, views), the same bits as GroupNormSwish without
// the swish (the shared kernel) in both work splits, bit-identical runs, empty tensors (meanOut 0, rstdOut
// NaN) and every documented error in CANN's order.
//
// Tolerances: gnsCompare (tests/cases/group_norm_swish_cases.cpp: 3e-5 of each output's error scale, plus
// one unit in the last place for fp16/bf16) against the double reference; the golden bound at
// expectNearGolden (tests/group_norm_test_helpers.h).

#include <cmath>
#include <cstring>

#include "cases/group_norm_swish_cases.h"
#include "cases/group_norm_swish_grad_cases.h"
#include "common/test_hooks.h"
#include "group_norm_test_helpers.h"
#include "harness/group_norm.h"
#include "harness/group_norm_swish.h"
#include "support/error_rows.h"
#include "support/op_test.h"

using namespace testing_support;
using namespace group_norm_tests;

namespace {

constexpr int kCpuSplit = 1, kGpuSplit = 2;  // TestHook::GnsgWorkSplit values the forward knows

struct Problem : GroupNormShape {
    double eps = 1e-5;
    aclDataType dtype = ACL_FLOAT;
    bool affine = true;                  // gamma and beta passed (else null: ones and zeros)
    std::vector<double> x, gamma, beta;  // exact values of the dtype; gamma/beta ones/zeros when !affine
};

Problem makeProblem(std::vector<int64_t> shape, int64_t groups, aclDataType dtype, uint64_t seed, bool affine = true) {
    Problem p;
    p.shape = std::move(shape);
    p.groups = groups;
    p.dtype = dtype;
    p.affine = affine;
    p.x = gnRounded(randomValues(static_cast<size_t>(p.numel()), seed, -1.0, 2.0), dtype);
    p.gamma = affine ? gnRounded(randomValues(static_cast<size_t>(p.channels()), seed + 1, 0.2, 1.5), dtype)
                     : std::vector<double>(static_cast<size_t>(p.channels()), 1.0);
    p.beta = affine ? gnRounded(randomValues(static_cast<size_t>(p.channels()), seed + 2, -0.5, 0.5), dtype)
                    : std::vector<double>(static_cast<size_t>(p.channels()), 0.0);
    return p;
}

struct Result {
    std::vector<double> out, mean, rstd;
    std::vector<uint8_t> outBytes, meanBytes, rstdBytes;
    bool gapsUntouched = true;
};

// Runs aclnnGroupNorm on p (tensors in `layout`) and downloads everything.
void runOp(const Problem &p, Layout layout, aclrtStream stream, Result *r) {
    const std::vector<int64_t> stat = {p.batch(), p.groups}, chan = {p.channels()};
    DeviceTensor x = makeTensor(p.shape, p.dtype, layout), gamma = makeTensor(chan, p.dtype, layout),
                 beta = makeTensor(chan, p.dtype, layout), out = makeTensor(p.shape, p.dtype, layout),
                 mean = makeTensor(stat, p.dtype, layout), rstd = makeTensor(stat, p.dtype, layout);
    x.upload(p.x);
    gamma.upload(p.gamma);
    beta.upload(p.beta);
    for (DeviceTensor *t : {&out, &mean, &rstd}) t->fillStorage(kFill);
    const Arg g = p.affine ? Arg(gamma) : Arg(nullptr), b = p.affine ? Arg(beta) : Arg(nullptr);
    ASSERT_ACL_OK(planAndRun(kGroupNorm,
                             {x, g, b, p.batch(), p.channels(), p.planeLen(), p.groups, p.eps, out, mean, rstd},
                             stream));
    r->out = out.download();
    r->mean = mean.download();
    r->rstd = rstd.download();
    r->outBytes = out.storage();
    r->meanBytes = mean.storage();
    r->rstdBytes = rstd.storage();
    r->gapsUntouched = gapsIntact(out, p.shape, layout, kFill) && gapsIntact(mean, stat, layout, kFill) &&
                       gapsIntact(rstd, stat, layout, kFill);
}

void expectMatchesReference(const Problem &p, const Result &r) {
    const GnsReference want = gnsReference(p.x, p.gamma, p.beta, p.batch(), p.channels(), p.planeLen(), p.groups,
                                           p.eps, false, 1.0);
    for (const CheckResult &c : {gnsCompare(r.out, want.y, want.yScale, p.dtype, "out"),
                                 gnsCompare(r.mean, want.mean, want.meanScale, p.dtype, "meanOut"),
                                 gnsCompare(r.rstd, want.rstd, want.rstdScale, p.dtype, "rstdOut")}) {
        EXPECT_TRUE(c.ok) << c.detail;
    }
    EXPECT_TRUE(r.gapsUntouched) << "a write outside an output view";
}

void runAndExpectReference(const Problem &p, Layout layout, aclrtStream stream) {
    Result r;
    ASSERT_NO_FATAL_FAILURE(runOp(p, layout, stream, &r));
    expectMatchesReference(p, r);
}

void expectSameBits(const Result &a, const Result &b) {
    EXPECT_TRUE(a.outBytes == b.outBytes) << "out differs";
    EXPECT_TRUE(a.meanBytes == b.meanBytes) << "meanOut differs";
    EXPECT_TRUE(a.rstdBytes == b.rstdBytes) << "rstdOut differs";
}

class GroupNormTest : public DeviceTest {};

// The CANN example's call: self = 1..24 as (2, 3, 4), group 1, gamma = beta = 2 (golden: cann_sample).
TEST_P(GroupNormTest, CannSampleResult) {
    Problem p;
    p.shape = {2, 3, 4};
    p.groups = 1;
    for (int i = 1; i <= 24; ++i) p.x.push_back(i);
    p.gamma = {2, 2, 2};
    p.beta = {2, 2, 2};
    Result r;
    ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &r));
    expectMatchesReference(p, r);
    EXPECT_NEAR(r.mean[0], 6.5, 1e-6);
    EXPECT_NEAR(r.mean[1], 18.5, 1e-6);
    EXPECT_NEAR(r.rstd[0], 1.0 / std::sqrt(143.0 / 12.0 + 1e-5), 1e-7);
    EXPECT_NEAR(r.out[0], (1 - 6.5) / std::sqrt(143.0 / 12.0 + 1e-5) * 2 + 2, 1e-5);
}

// The training example's call: (8, 8, 16, 16) in 2 groups, FLOAT, with gamma and beta.
TEST_P(GroupNormTest, TrainingExampleShape) {
    ASSERT_NO_FATAL_FAILURE(runAndExpectReference(makeProblem({8, 8, 16, 16}, 2, ACL_FLOAT, 40), Layout::Contiguous,
                                                  stream));
}

void runGoldenFile(aclrtStream stream, int split) {
    aclcl::ScopedTestHook hook(aclcl::TestHook::GnsgWorkSplit, split);
    SCOPED_TRACE("work split " + std::to_string(split));
    forEachGoldenCase({"group_norm.golden", 11, 11}, [&](const golden::Case &gc) {
        Problem p;
        const golden::Tensor &x = gc.tensor("self");
        p.shape = x.dims;
        p.groups = gc.ints("group").at(0);
        p.eps = gc.num("eps");
        p.dtype = goldenDtype(x.dtype);
        p.affine = gc.ints("affine").at(0) != 0;
        p.x = x.values;
        p.gamma = p.affine ? gc.tensor("gamma").values : std::vector<double>(static_cast<size_t>(p.channels()), 1.0);
        p.beta = p.affine ? gc.tensor("beta").values : std::vector<double>(static_cast<size_t>(p.channels()), 0.0);
        Result r;
        ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &r));
        expectNearGolden(r.out, gc.tensor("out"), p.dtype);
        expectNearGolden(r.mean, gc.tensor("meanOut"), p.dtype);
        expectNearGolden(r.rstd, gc.tensor("rstdOut"), p.dtype);
        expectMatchesReference(p, r);
    });
}

TEST_P(GroupNormTest, GoldenCases) {
    runGoldenFile(stream, 0);
}

TEST_P(GroupNormTest, GoldenCasesInEveryWorkSplit) {
    for (int split : {kCpuSplit, kGpuSplit}) runGoldenFile(stream, split);
}

// GroupNorm is GroupNormSwish's kernel without the swish: the same bits, in every work split, with
// gamma/beta given; and null gamma/beta give the bits of ones and zeros.
TEST_P(GroupNormTest, SameBitsAsGroupNormSwishWithoutSwish) {
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        const Problem p = makeProblem({2, 6, 9, 17}, 3, dt, 50 + static_cast<uint64_t>(dt));
        for (int split : {0, kCpuSplit, kGpuSplit}) {
            aclcl::ScopedTestHook hook(aclcl::TestHook::GnsgWorkSplit, split);
            SCOPED_TRACE(std::to_string(static_cast<int>(dt)) + " split " + std::to_string(split));
            Result r;
            ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &r));
            const std::vector<int64_t> stat = {p.batch(), p.groups}, chan = {p.channels()};
            DeviceTensor x(p.shape, dt), gamma(chan, dt), beta(chan, dt), y(p.shape, dt), mean(stat, dt),
                rstd(stat, dt);
            x.upload(p.x);
            gamma.upload(p.gamma);
            beta.upload(p.beta);
            ASSERT_ACL_OK(planAndRun(kGroupNormSwish,
                                     {x, gamma, beta, p.groups, nullptr, p.eps, false, 1.0, y, mean, rstd}, stream));
            EXPECT_TRUE(y.storage() == r.outBytes);
            EXPECT_TRUE(mean.storage() == r.meanBytes);
            EXPECT_TRUE(rstd.storage() == r.rstdBytes);
        }
    }
    Problem plain = makeProblem({2, 4, 5, 7}, 2, ACL_FLOAT, 60, false);
    Result absent, ones;
    ASSERT_NO_FATAL_FAILURE(runOp(plain, Layout::Contiguous, stream, &absent));
    expectMatchesReference(plain, absent);
    plain.affine = true;
    ASSERT_NO_FATAL_FAILURE(runOp(plain, Layout::Contiguous, stream, &ones));
    expectSameBits(absent, ones);
}

TEST_P(GroupNormTest, BitIdenticalRunToRunAndAcrossSplits) {
    const Problem p = makeProblem({2, 8, 20, 20}, 4, ACL_FLOAT, 70);
    Result a, b, cpu, gpu;
    ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &a));
    ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &b));
    expectSameBits(a, b);
    {
        aclcl::ScopedTestHook hook(aclcl::TestHook::GnsgWorkSplit, kCpuSplit);
        ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &cpu));
    }
    {
        aclcl::ScopedTestHook hook(aclcl::TestHook::GnsgWorkSplit, kGpuSplit);
        ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &gpu));
    }
    expectSameBits(a, cpu);
    expectSameBits(cpu, gpu);
}

// Padded and channels-last views of every tensor: the contiguous result, nothing written outside.
TEST_P(GroupNormTest, StridedAndOffsetViews) {
    const Problem p = makeProblem({2, 6, 3, 5}, 3, ACL_FLOAT, 80);
    Result plain;
    ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &plain));
    for (Layout layout : {Layout::Padded, Layout::ChannelsLast}) {
        Result r;
        ASSERT_NO_FATAL_FAILURE(runOp(p, layout, stream, &r));
        expectMatchesReference(p, r);
        EXPECT_EQ(r.out, plain.out);
        EXPECT_EQ(r.mean, plain.mean);
        EXPECT_EQ(r.rstd, plain.rstd);
    }
}

// Empty self: meanOut 0 and rstdOut NaN where the statistics have elements (C or HxW 0), out untouched;
// N = 0 writes nothing.
TEST_P(GroupNormTest, EmptySelf) {
    struct Empty {
        std::vector<int64_t> shape;
        int64_t hxw, group;
    };
    for (const Empty &e : {Empty{{2, 4, 0}, 0, 2}, Empty{{3, 0, 5}, 5, 1}, Empty{{0, 4, 3}, 3, 2}}) {
        SCOPED_TRACE(shapeName(e.shape));
        const std::vector<int64_t> stat = {e.shape[0], e.group}, chan = {e.shape[1]};
        DeviceTensor x(e.shape, ACL_FLOAT), out(e.shape, ACL_FLOAT), mean(stat, ACL_FLOAT), rstd(stat, ACL_FLOAT),
            gamma(chan, ACL_FLOAT), beta(chan, ACL_FLOAT);
        for (DeviceTensor *t : {&mean, &rstd}) t->fillStorage(kFill);
        ASSERT_ACL_OK(planAndRun(kGroupNorm, {x, gamma, beta, e.shape[0], e.shape[1], e.hxw, e.group, 1e-5, out,
                                              mean, rstd},
                                 stream));
        const std::vector<double> m = mean.download(), r = rstd.download();
        ASSERT_EQ(m.size(), static_cast<size_t>(e.shape[0] * e.group));
        for (size_t i = 0; i < m.size(); ++i) {
            EXPECT_EQ(m[i], 0.0) << i;
            EXPECT_TRUE(std::isnan(r[i])) << i;
        }
    }
}

const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

class GroupNormEveryDtype : public DeviceDtypeTest {};

TEST_P(GroupNormEveryDtype, WithAndWithoutGammaBeta) {
    for (bool affine : {true, false}) {
        SCOPED_TRACE(affine ? "gamma and beta" : "no gamma, no beta");
        const Problem p = makeProblem({2, 6, 5, 7}, 3, dtype(), 90 + static_cast<uint64_t>(dtype()), affine);
        ASSERT_NO_FATAL_FAILURE(runAndExpectReference(p, Layout::Contiguous, stream));
    }
}

TEST_P(GroupNormTest, RegisteredCases) {
    CaseList cases = makeCases("GroupNorm");
    int ran = 0, speed = 0;
    for (auto &c : cases) {
        if (c->op != "GroupNorm") continue;
        speed += c->speedCase;
        if (c->speedCase && skipInQuickTier(c->name)) continue;
        runAndCheckCase(*c, stream);
        ++ran;
    }
    EXPECT_EQ(speed, 1);
    EXPECT_GE(ran, 3);
}

// ---- errors -------------------------------------------------------------------------------------------------

// The valid call: self (2, 4, 3, 3) in 2 groups.
CallSpec normCall() {
    return CallSpec(kGroupNorm, {{"self", TensorArg{{2, 4, 3, 3}}},
                                 {"gamma", TensorArg{{4}}},
                                 {"beta", TensorArg{{4}}},
                                 {"N", int64_t{2}},
                                 {"C", int64_t{4}},
                                 {"HxW", int64_t{9}},
                                 {"group", int64_t{2}},
                                 {"eps", 1e-5},
                                 {"out", TensorArg{{2, 4, 3, 3}}},
                                 {"meanOut", TensorArg{{2, 2}}},
                                 {"rstdOut", TensorArg{{2, 2}}}});
}

Change setInt(const char *name, int64_t v) {
    return set(name, value(v));
}

ErrorRows normRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    ErrorRows rows = validRow() + outPointerRows() + nullRows({"self", "out", "meanOut", "rstdOut"}) + ErrorRows{
        {"gamma and beta null", null({"gamma", "beta"}), ACL_SUCCESS, {}},
        {"a null output beats a bad dtype", set("self", dtype(ACL_DOUBLE)) + null("rstdOut"), ACLNN_ERR_PARAM_NULLPTR,
         {"rstdOut"}},
        {"self DOUBLE", set("self", dtype(ACL_DOUBLE)), INVALID, {"self", "DT_DOUBLE"}},
        {"self INT32", set("self", dtype(ACL_INT32)), INVALID, {"self", "DT_INT32"}},
        {"gamma FLOAT16", set("gamma", dtype(ACL_FLOAT16)), INVALID, {"gamma"}},
        {"beta BF16", set("beta", dtype(ACL_BF16)), INVALID, {"beta"}},
        {"out FLOAT16", set("out", dtype(ACL_FLOAT16)), INVALID, {"out"}},
        // Unlike GroupNormSwish: the statistics in self's dtype, not FLOAT for a 16-bit self.
        {"self FLOAT16, meanOut FLOAT", set({"self", "gamma", "beta", "out", "rstdOut"}, dtype(ACL_FLOAT16)), INVALID,
         {"meanOut"}},
        {"rstdOut FLOAT16", set("rstdOut", dtype(ACL_FLOAT16)), INVALID, {"rstdOut"}},
        {"a bad dtype beats group", set("meanOut", dtype(ACL_FLOAT16)) + setInt("group", 0), INVALID, {"meanOut"}},
        {"group 0", setInt("group", 0), INVALID, {"group", "> 0"}},
        {"group -2", setInt("group", -2), INVALID, {"group", "> 0"}},
        {"group 3", setInt("group", 3), INVALID, {"divisible", "group = 3"}},
        {"eps 0", set("eps", value(0.0)), INVALID, {"eps"}},
        {"eps -1", set("eps", value(-1.0)), INVALID, {"eps"}},
        {"group beats shapes", set("gamma", shape({5})) + setInt("group", 0), INVALID, {"group"}},
        {"self 1-D", set("self", shape({8})), INVALID, {"self"}},
        {"self 9-D", set({"self", "out"}, shape({2, 4, 1, 1, 1, 1, 1, 1, 9})), INVALID, {"self"}},
        shortRow("self"),
        {"out 3-D", set("out", shape({2, 4, 9})), INVALID, {"out"}},
        {"meanOut 2 x 3", set("meanOut", shape({2, 3})), INVALID, {"meanOut"}},
        {"meanOut flat", set("meanOut", shape({4})), INVALID, {"meanOut"}},
        {"rstdOut 4 x 2", set("rstdOut", shape({4, 2})), INVALID, {"rstdOut"}},
        {"N 3", setInt("N", 3) , INVALID, {"meanOut"}},
        {"N 3 with stats (3, 2)", setInt("N", 3) + set({"meanOut", "rstdOut"}, shape({3, 2})), INVALID,
         {"self.shape[0]", "N = 3"}},
        {"C 8 in 2 groups", setInt("C", 8), INVALID, {"self.shape[1]", "C = 8"}},
        {"HxW 8", setInt("HxW", 8), INVALID, {"HxW = 8"}},
        {"gamma of 3", set("gamma", shape({3})), INVALID, {"gamma"}},
        {"gamma 2-D", set("gamma", shape({4, 1})), INVALID, {"gamma"}},
        {"beta of 5", set("beta", shape({5})), INVALID, {"beta"}},
        {"self NHWC", set("self", format(ACL_FORMAT_NHWC)), INVALID, {"self", "NHWC"}},
        {"out NC1HWC0", set("out", format(ACL_FORMAT_NC1HWC0)), INVALID, {"out"}},
        {"self NCHW, out ND", set("self", format(ACL_FORMAT_NCHW)), INVALID, {"format"}},
        {"shapes beat formats", set("gamma", shape({5})) + set("self", format(ACL_FORMAT_NHWC)), INVALID, {"gamma"}},
        overlapRow("out", {0, 9, 3, 1}),
        overlapRow("meanOut", {0, 1}),
        overlapRow("rstdOut", {0, 1}),
    };
    return rows + withoutExecutorRows({"executor"});
}

ACLNN_ERROR_TABLE(GroupNormErrors, normCall, normRows);

}  // namespace

INSTANTIATE_ON_ALL_DEVICES(GroupNormTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(GroupNormEveryDtype, kDtypes);
