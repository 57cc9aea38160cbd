// aclnnGroupNormBackward: the host reference in double (every dtype, gamma given or not, each outputMask,
// the training example's shape), the PyTorch golden file (aten::native_group_norm_backward), the cascade
// GroupNorm -> GroupNormBackward, every work split giving the same bits, bit-identical runs, views,
// empty tensors and every documented error in CANN's order.
//
// Tolerances: gnsgCompare (tests/cases/group_norm_swish_grad_cases.cpp: 2e-5 of each output's error scale,
// the sum of its terms' magnitudes, plus one unit in the last place for fp16/bf16) against the double
// reference; the golden bound at expectNearGolden (tests/group_norm_test_helpers.h).

#include <cmath>

#include "cases/group_norm_swish_grad_cases.h"
#include "common/test_hooks.h"
#include "group_norm_test_helpers.h"
#include "harness/group_norm.h"
#include "harness/group_norm_backward.h"
#include "support/error_rows.h"
#include "support/op_test.h"

using namespace testing_support;
using namespace group_norm_tests;

namespace {

// TestHook::GnsgWorkSplit values (host/ops/group_norm_grad.cpp): automatic, CPU three-pass, GPU, fused,
// fused without the g cache.
constexpr int kSplits[] = {0, 1, 2, 3, 4};

struct Problem : GroupNormShape {
    aclDataType dtype = ACL_FLOAT;
    bool hasGamma = true;
    bool mask[3] = {true, true, true};
    std::vector<double> dy, x, mean, rstd, gamma;  // exact values of the dtype (gamma ones when absent)
};

// Statistics near the real ones (from x in double, rounded to the dtype) so that xhat stays O(1).
Problem makeProblem(std::vector<int64_t> shape, int64_t groups, aclDataType dtype, uint64_t seed,
                    bool hasGamma = true) {
    Problem p;
    p.shape = std::move(shape);
    p.groups = groups;
    p.dtype = dtype;
    p.hasGamma = hasGamma;
    p.x = gnRounded(randomValues(static_cast<size_t>(p.numel()), seed, -1.0, 2.0), dtype);
    p.dy = gnRounded(randomValues(static_cast<size_t>(p.numel()), seed + 1, -1.0, 1.0), dtype);
    p.gamma = hasGamma ? gnRounded(randomValues(static_cast<size_t>(p.channels()), seed + 2, 0.2, 1.5), dtype)
                       : std::vector<double>(static_cast<size_t>(p.channels()), 1.0);
    const size_t stats = static_cast<size_t>(p.batch() * groups), len = static_cast<size_t>(p.numel()) / stats;
    for (size_t g = 0; g < stats; ++g) {
        double sum = 0, ss = 0;
        for (size_t i = 0; i < len; ++i) sum += p.x[g * len + i];
        const double m = sum / static_cast<double>(len);
        for (size_t i = 0; i < len; ++i) ss += (p.x[g * len + i] - m) * (p.x[g * len + i] - m);
        p.mean.push_back(m);
        p.rstd.push_back(1.0 / std::sqrt(ss / static_cast<double>(len) + 1e-5));
    }
    p.mean = gnRounded(p.mean, dtype);
    p.rstd = gnRounded(p.rstd, dtype);
    return p;
}

struct Result {
    std::vector<double> dx, dgamma, dbeta;
    std::vector<uint8_t> dxBytes, dgammaBytes, dbetaBytes;
    bool gapsUntouched = true;
};

void runOp(const Problem &p, Layout layout, aclrtStream stream, Result *r) {
    const std::vector<int64_t> stat = {p.batch(), p.groups}, chan = {p.channels()};
    DeviceTensor dy = makeTensor(p.shape, p.dtype, layout), x = makeTensor(p.shape, p.dtype, layout),
                 mean = makeTensor(stat, p.dtype, layout), rstd = makeTensor(stat, p.dtype, layout),
                 gamma = makeTensor(chan, p.dtype, layout), dx = makeTensor(p.shape, p.dtype, layout),
                 dgamma = makeTensor(chan, p.dtype, layout), dbeta = makeTensor(chan, p.dtype, layout);
    dy.upload(p.dy);
    x.upload(p.x);
    mean.upload(p.mean);
    rstd.upload(p.rstd);
    gamma.upload(p.gamma);
    for (DeviceTensor *t : {&dx, &dgamma, &dbeta}) t->fillStorage(kFill);
    const bool maskValues[3] = {p.mask[0], p.mask[1], p.mask[2]};
    aclBoolArray *mask = aclCreateBoolArray(maskValues, 3);
    const Arg g = p.hasGamma ? Arg(gamma) : Arg(nullptr);
    const aclnnStatus st =
        planAndRun(kGroupNormBackward,
                   {dy, x, mean, rstd, g, p.batch(), p.channels(), p.planeLen(), p.groups,
                    static_cast<const aclBoolArray *>(mask), p.mask[0] ? Arg(dx) : Arg(nullptr),
                    p.mask[1] ? Arg(dgamma) : Arg(nullptr), p.mask[2] ? Arg(dbeta) : Arg(nullptr)},
                   stream);
    aclDestroyBoolArray(mask);
    ASSERT_ACL_OK(st);
    r->dx = dx.download();
    r->dgamma = dgamma.download();
    r->dbeta = dbeta.download();
    r->dxBytes = dx.storage();
    r->dgammaBytes = dgamma.storage();
    r->dbetaBytes = dbeta.storage();
    r->gapsUntouched = gapsIntact(dx, p.shape, layout, kFill) && gapsIntact(dgamma, chan, layout, kFill) &&
                       gapsIntact(dbeta, chan, layout, kFill);
}

// Each wanted output within the bound; each unwanted one untouched (still the fill bytes).
void expectMatchesReference(const Problem &p, const Result &r) {
    std::vector<double> dx, dgamma, dbeta, dxScale, dgammaScale, dbetaScale;
    const std::vector<double> noBeta(static_cast<size_t>(p.channels()), 0.0);
    gnsgReference(p.dy, p.mean, p.rstd, p.x, p.gamma, noBeta, p.batch(), p.channels(), p.planeLen(), p.groups, 1.0,
                  &dx, &dgamma, &dbeta, &dxScale, &dgammaScale, &dbetaScale, false);
    const std::vector<double> *want[3] = {&dx, &dgamma, &dbeta}, *scale[3] = {&dxScale, &dgammaScale, &dbetaScale};
    const std::vector<double> *got[3] = {&r.dx, &r.dgamma, &r.dbeta};
    const std::vector<uint8_t> *bytes[3] = {&r.dxBytes, &r.dgammaBytes, &r.dbetaBytes};
    const char *names[3] = {"gradInput", "gradGammaOut", "gradBetaOut"};
    for (int i = 0; i < 3; ++i) {
        if (p.mask[i]) {
            const CheckResult c = gnsgCompare(*got[i], *want[i], *scale[i], p.dtype, names[i]);
            EXPECT_TRUE(c.ok) << c.detail;
        } else {
            for (uint8_t b : *bytes[i]) ASSERT_EQ(b, kFill) << names[i] << " written though not wanted";
        }
    }
    EXPECT_TRUE(r.gapsUntouched) << "a write outside an output view";
}

void runAndExpectReference(const Problem &p, Layout layout, aclrtStream stream) {
    Result r;
    ASSERT_NO_FATAL_FAILURE(runOp(p, layout, stream, &r));
    expectMatchesReference(p, r);
}

void expectSameBits(const Result &a, const Result &b) {
    EXPECT_TRUE(a.dxBytes == b.dxBytes) << "gradInput differs";
    EXPECT_TRUE(a.dgammaBytes == b.dgammaBytes) << "gradGammaOut differs";
    EXPECT_TRUE(a.dbetaBytes == b.dbetaBytes) << "gradBetaOut differs";
}

class GroupNormBackwardTest : public DeviceTest {};

// The training example's shape: (8, 8, 16, 16) in 2 groups, FLOAT, with gamma.
TEST_P(GroupNormBackwardTest, TrainingExampleShape) {
    ASSERT_NO_FATAL_FAILURE(runAndExpectReference(makeProblem({8, 8, 16, 16}, 2, ACL_FLOAT, 10), Layout::Contiguous,
                                                  stream));
}

TEST_P(GroupNormBackwardTest, GoldenCases) {
    forEachGoldenCase({"group_norm_backward.golden", 7, 7}, [&](const golden::Case &gc) {
        Problem p;
        const golden::Tensor &x = gc.tensor("input");
        p.shape = x.dims;
        p.groups = gc.ints("group").at(0);
        p.dtype = goldenDtype(x.dtype);
        p.hasGamma = gc.ints("affine").at(0) != 0;
        p.x = x.values;
        p.dy = gc.tensor("gradOut").values;
        p.mean = gc.tensor("mean").values;
        p.rstd = gc.tensor("rstd").values;
        p.gamma = p.hasGamma ? gc.tensor("gamma").values : std::vector<double>(static_cast<size_t>(p.channels()), 1.0);
        Result r;
        ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &r));
        expectNearGolden(r.dx, gc.tensor("gradInput"), p.dtype);
        expectNearGolden(r.dgamma, gc.tensor("gradGammaOut"), p.dtype);
        expectNearGolden(r.dbeta, gc.tensor("gradBetaOut"), p.dtype);
        expectMatchesReference(p, r);
    });
}

// aclnnGroupNorm's own meanOut/rstdOut feed the backward; the result matches the reference from those
// statistics.
TEST_P(GroupNormBackwardTest, CascadeFromGroupNorm) {
    Problem p = makeProblem({2, 8, 6, 7}, 4, ACL_FLOAT, 20);
    const std::vector<int64_t> stat = {p.batch(), p.groups}, chan = {p.channels()};
    DeviceTensor x(p.shape, ACL_FLOAT), gamma(chan, ACL_FLOAT), beta(chan, ACL_FLOAT), y(p.shape, ACL_FLOAT),
        mean(stat, ACL_FLOAT), rstd(stat, ACL_FLOAT);
    x.upload(p.x);
    gamma.upload(p.gamma);
    beta.upload(std::vector<double>(static_cast<size_t>(p.channels()), 0.25));
    ASSERT_ACL_OK(planAndRun(kGroupNorm, {x, gamma, beta, p.batch(), p.channels(), p.planeLen(), p.groups, 1e-5, y,
                                          mean, rstd},
                             stream));
    p.mean = mean.download();
    p.rstd = rstd.download();
    ASSERT_NO_FATAL_FAILURE(runAndExpectReference(p, Layout::Contiguous, stream));
}

// Every outputMask: only the wanted outputs written, each within its bound (without gradInput the fused
// CPU split does not apply: gradGamma/gradBeta may then come from the three-pass split's fixed order).
TEST_P(GroupNormBackwardTest, EveryOutputMask) {
    for (int m = 0; m < 8; ++m) {
        Problem p = makeProblem({2, 6, 5, 7}, 3, ACL_FLOAT, 30);
        for (int i = 0; i < 3; ++i) p.mask[i] = (m >> i) & 1;
        SCOPED_TRACE("mask " + std::to_string(p.mask[0]) + std::to_string(p.mask[1]) + std::to_string(p.mask[2]));
        ASSERT_NO_FATAL_FAILURE(runAndExpectReference(p, Layout::Contiguous, stream));
    }
}

// Each work split (each sums in its own fixed order), with and without gamma, with planes shorter than 16
// (the tiny kernels), 2-D input and planes with tails: within the bound, and the same bits run to run.
TEST_P(GroupNormBackwardTest, EveryWorkSplit) {
    struct Shape {
        std::vector<int64_t> shape;
        int64_t groups;
        bool gamma;
    };
    for (const Shape &s : {Shape{{2, 8, 5, 7}, 4, true}, Shape{{3, 16, 3}, 4, false}, Shape{{2, 12}, 3, true},
                           Shape{{1, 4, 33, 37}, 2, false}}) {
        const Problem p = makeProblem(s.shape, s.groups, ACL_FLOAT, 40, s.gamma);
        for (int split : kSplits) {
            SCOPED_TRACE(shapeName(p.shape) + (s.gamma ? " gamma" : " no gamma") + " split " + std::to_string(split));
            aclcl::ScopedTestHook hook(aclcl::TestHook::GnsgWorkSplit, split);
            Result a, b;
            ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &a));
            ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &b));
            expectMatchesReference(p, a);
            expectSameBits(a, b);
        }
    }
}

TEST_P(GroupNormBackwardTest, BitIdenticalRunToRun) {
    const Problem p = makeProblem({2, 8, 20, 20}, 4, ACL_FLOAT, 50);
    Result a, b;
    ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &a));
    ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &b));
    expectSameBits(a, b);
}

TEST_P(GroupNormBackwardTest, StridedAndOffsetViews) {
    const Problem p = makeProblem({2, 6, 3, 5}, 3, ACL_FLOAT, 60);
    Result plain;
    ASSERT_NO_FATAL_FAILURE(runOp(p, Layout::Contiguous, stream, &plain));
    for (Layout layout : {Layout::Padded, Layout::ChannelsLast}) {
        Result r;
        ASSERT_NO_FATAL_FAILURE(runOp(p, layout, stream, &r));
        expectMatchesReference(p, r);
        EXPECT_EQ(r.dx, plain.dx);
        EXPECT_EQ(r.dgamma, plain.dgamma);
        EXPECT_EQ(r.dbeta, plain.dbeta);
    }
}

// Empty gradOut/input: success, nothing written (CANN A2/A3).
TEST_P(GroupNormBackwardTest, EmptyInputWritesNothing) {
    const std::vector<int64_t> shape = {2, 4, 0}, stat = {2, 2}, chan = {4};
    DeviceTensor dy(shape, ACL_FLOAT), x(shape, ACL_FLOAT), mean(stat, ACL_FLOAT), rstd(stat, ACL_FLOAT),
        gamma(chan, ACL_FLOAT), dx(shape, ACL_FLOAT), dgamma(chan, ACL_FLOAT), dbeta(chan, ACL_FLOAT);
    dgamma.fillStorage(kFill);
    dbeta.fillStorage(kFill);
    const bool all[3] = {true, true, true};
    aclBoolArray *mask = aclCreateBoolArray(all, 3);
    const aclnnStatus st = planAndRun(kGroupNormBackward,
                                      {dy, x, mean, rstd, gamma, int64_t{2}, int64_t{4}, int64_t{0}, int64_t{2},
                                       static_cast<const aclBoolArray *>(mask), dx, dgamma, dbeta},
                                      stream);
    aclDestroyBoolArray(mask);
    ASSERT_ACL_OK(st);
    for (uint8_t b : dgamma.storage()) ASSERT_EQ(b, kFill);
    for (uint8_t b : dbeta.storage()) ASSERT_EQ(b, kFill);
}

const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

class GroupNormBackwardEveryDtype : public DeviceDtypeTest {};

TEST_P(GroupNormBackwardEveryDtype, WithAndWithoutGamma) {
    for (bool gamma : {true, false}) {
        SCOPED_TRACE(gamma ? "gamma" : "no gamma");
        const Problem p = makeProblem({2, 6, 5, 7}, 3, dtype(), 70 + static_cast<uint64_t>(dtype()), gamma);
        ASSERT_NO_FATAL_FAILURE(runAndExpectReference(p, Layout::Contiguous, stream));
    }
}

// ---- errors -------------------------------------------------------------------------------------------------

CallSpec gradCall() {
    return CallSpec(kGroupNormBackward, {{"gradOut", TensorArg{{2, 4, 3, 3}}},
                                         {"input", TensorArg{{2, 4, 3, 3}}},
                                         {"mean", TensorArg{{2, 2}}},
                                         {"rstd", TensorArg{{2, 2}}},
                                         {"gamma", TensorArg{{4}}},
                                         {"N", int64_t{2}},
                                         {"C", int64_t{4}},
                                         {"HxW", int64_t{9}},
                                         {"group", int64_t{2}},
                                         {"outputMask", Bools{true, true, true}},
                                         {"gradInput", TensorArg{{2, 4, 3, 3}}},
                                         {"gradGammaOut", TensorArg{{4}}},
                                         {"gradBetaOut", TensorArg{{4}}}});
}

Change setInt(const char *name, int64_t v) {
    return set(name, value(v));
}
Change mask(bool a, bool b, bool c) {
    return set("outputMask", value(Bools{a, b, c}));
}

ErrorRows gradRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    ErrorRows rows = validRow() + outPointerRows() + nullRows({"gradOut", "input", "mean", "rstd"}) + ErrorRows{
        {"gamma null", null("gamma"), ACL_SUCCESS, {}},
        // CANN's code wraps these with PARAM_INVALID (its doc says 161001).
        {"outputMask null", null("outputMask"), INVALID, {"outputMask", "nullptr"}},
        {"outputMask of 2", set("outputMask", value(Bools{true, true})), INVALID, {"outputMask", "3"}},
        {"gradInput null, flagged", null("gradInput"), INVALID, {"gradInput", "nullptr"}},
        {"gradGammaOut null, flagged", null("gradGammaOut"), INVALID, {"gradGammaOut", "nullptr"}},
        {"gradBetaOut null, flagged", null("gradBetaOut"), INVALID, {"gradBetaOut", "nullptr"}},
        {"unflagged outputs null", mask(false, false, false) + null({"gradInput", "gradGammaOut", "gradBetaOut"}),
         ACL_SUCCESS, {}},
        {"a null input beats the mask", null({"rstd", "outputMask"}), ACLNN_ERR_PARAM_NULLPTR, {"rstd"}},
        {"gradOut DOUBLE", set("gradOut", dtype(ACL_DOUBLE)), INVALID, {"gradOut", "DT_DOUBLE"}},
        {"input FLOAT16", set("input", dtype(ACL_FLOAT16)), INVALID, {"input"}},
        {"mean BF16", set("mean", dtype(ACL_BF16)), INVALID, {"mean"}},
        {"rstd FLOAT16", set("rstd", dtype(ACL_FLOAT16)), INVALID, {"rstd"}},
        {"gamma INT32", set("gamma", dtype(ACL_INT32)), INVALID, {"gamma"}},
        {"gradInput FLOAT16", set("gradInput", dtype(ACL_FLOAT16)), INVALID, {"gradInput"}},
        {"gradGammaOut FLOAT16", set("gradGammaOut", dtype(ACL_FLOAT16)), INVALID, {"gradGammaOut"}},
        {"gradBetaOut BF16", set("gradBetaOut", dtype(ACL_BF16)), INVALID, {"gradBetaOut"}},
        {"an unflagged output's dtype is free", mask(true, false, true) + set("gradGammaOut", dtype(ACL_INT32)),
         ACL_SUCCESS, {}},
        {"group 0", setInt("group", 0), INVALID, {"group", "> 0"}},
        {"group 3", setInt("group", 3), INVALID, {"divisible", "group = 3"}},
        {"C / group above 8000", setInt("C", 8004) + setInt("group", 1), INVALID, {"8000"}},
        {"a bad dtype beats group", set("rstd", dtype(ACL_FLOAT16)) + setInt("group", 0), INVALID, {"rstd"}},
        {"gradOut 9-D", set("gradOut", shape({2, 4, 1, 1, 1, 1, 1, 3, 3})), INVALID, {"gradOut"}},
        {"gradOut of another shape, same count", set("gradOut", shape({8, 9})), ACL_SUCCESS, {}},
        {"gradOut count", set("gradOut", shape({2, 4, 3, 2})), INVALID, {"gradOut", "N * C * HxW"}},
        {"input count", set("input", shape({2, 4, 3, 2})), INVALID, {"input", "N * C * HxW"}},
        {"HxW 8", setInt("HxW", 8), INVALID, {"gradOut", "N * C * HxW"}},
        {"N * C beyond int64", setInt("N", int64_t{1} << 62), INVALID, {"fit in int64", "N = 4611686018427387904"}},
        {"N * group beyond int64, C 0", setInt("N", int64_t{1} << 62) + setInt("C", 0), INVALID, {"N * group"}},
        {"mean count", set("mean", shape({2, 3})), INVALID, {"mean", "N * group"}},
        {"rstd flat", set("rstd", shape({4})), ACL_SUCCESS, {}},
        {"rstd count", set("rstd", shape({5})), INVALID, {"rstd", "N * group"}},
        {"gamma count", set("gamma", shape({5})), INVALID, {"gamma", "C"}},
        {"gradInput 3-D", set("gradInput", shape({2, 4, 9})), INVALID, {"gradInput"}},
        {"gradGammaOut (4, 1)", set("gradGammaOut", shape({4, 1})), ACL_SUCCESS, {}},
        {"gradGammaOut of 5", set("gradGammaOut", shape({5})), INVALID, {"gradGammaOut"}},
        {"gradBetaOut of 3", set("gradBetaOut", shape({3})), INVALID, {"gradBetaOut"}},
        shortRow("input"),
        overlapRow("gradInput", {0, 9, 3, 1}),
    };
    return rows + withoutExecutorRows({"executor"});
}

ACLNN_ERROR_TABLE(GroupNormBackwardErrors, gradCall, gradRows);

}  // namespace

INSTANTIATE_ON_ALL_DEVICES(GroupNormBackwardTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(GroupNormBackwardEveryDtype, kDtypes);
