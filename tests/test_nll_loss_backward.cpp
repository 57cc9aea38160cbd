// aclnnNLLLossBackward: the training example's call, the PyTorch golden file, the host reference in double
// (every dtype of self and target, every reduction, ignored rows, 1-D self), views, the cascade from
// aclnnNLLLoss's totalWeightOut, empty self, an out-of-range target (a fault at the next synchronize, the
// row left 0) and every documented error in CANN's order.
//
// Tolerance: each element is one product -w * g (mean: g / totalWeight first, OpenCL's 2.5-ulp division)
// in fp32, rounded once to out's dtype: |got - ref| <= 4 u |ref| (u = 2^-24) plus one unit in the last place
// of a 16-bit out.

#include <algorithm>
#include <cmath>

#include "cases/nll_loss_cases.h"
#include "device_fixture.h"
#include "golden/golden.h"
#include "harness/nll_loss.h"
#include "harness/nll_loss_backward.h"
#include "support/error_rows.h"
#include "support/fault_checks.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {

struct Problem {
    int64_t rows = 1, classes = 1;
    bool oneDim = false;
    aclDataType dtype = ACL_FLOAT, targetType = ACL_INT64;
    int64_t reduction = 1, ignoreIndex = -100;
    std::vector<double> grad, target, weight;
    double totalWeight = 1;
};

Problem makeProblem(int64_t rows, int64_t classes, aclDataType dt, aclDataType tt, int64_t reduction, uint64_t seed,
                    int ignoreEvery = 0) {
    Problem p;
    p.rows = rows;
    p.classes = classes;
    p.dtype = dt;
    p.targetType = tt;
    p.reduction = reduction;
    p.ignoreIndex = tt == ACL_UINT8 ? 255 : -100;
    p.target = randomValues(static_cast<size_t>(rows), seed + 1, 0.0, static_cast<double>(classes));
    for (size_t i = 0; i < p.target.size(); ++i) {
        p.target[i] = ignoreEvery && i % static_cast<size_t>(ignoreEvery) == 1 ? static_cast<double>(p.ignoreIndex)
                                                                                : std::floor(p.target[i]);
    }
    p.weight = randomValues(static_cast<size_t>(classes), seed + 2, 0.5, 1.5);
    for (double &v : p.weight) v = roundTo(v, dt);
    p.grad = randomValues(reduction == 0 ? static_cast<size_t>(rows) : 1, seed + 3, -2.0, 2.0);
    for (double &v : p.grad) v = roundTo(v, dt);
    p.totalWeight = roundTo(static_cast<double>(rows) * 0.9, dt);
    return p;
}

std::vector<double> reference(const Problem &p) {
    return nllBackwardReference(p.grad, p.target, p.weight, p.rows, p.classes, p.reduction, p.ignoreIndex,
                                p.totalWeight);
}

CheckResult compare(const Problem &p, const std::vector<double> &got, const std::vector<double> &want) {
    std::vector<double> bound(want.size());
    for (size_t i = 0; i < want.size(); ++i) bound[i] = 4 * std::ldexp(1.0, -24) * std::fabs(want[i]);
    return nllCompare(got, want, bound, p.dtype, "out");
}

aclnnStatus runOp(const Problem &p, aclrtStream stream, std::vector<double> *got, bool transposed = false) {
    const std::vector<int64_t> shape = p.oneDim ? std::vector<int64_t>{p.classes}
                                                : std::vector<int64_t>{p.rows, p.classes};
    const std::vector<int64_t> rowShape = p.oneDim ? std::vector<int64_t>{} : std::vector<int64_t>{p.rows};
    DeviceTensor grad(p.reduction == 0 ? rowShape : std::vector<int64_t>{}, p.dtype), self(shape, p.dtype),
        target(rowShape, p.targetType), weight({p.classes}, p.dtype), tw({}, p.dtype);
    DeviceTensor out = transposed ? DeviceTensor(shape, p.dtype, {1, p.rows}, 0) : DeviceTensor(shape, p.dtype);
    grad.upload(p.grad);
    self.upload(std::vector<double>(static_cast<size_t>(p.rows * p.classes), -1.0));
    target.upload(p.target);
    weight.upload(p.weight);
    tw.upload({p.totalWeight});
    out.fillStorage(0x5a);
    const aclnnStatus st = planAndRun(kNLLLossBackward,
                                      {grad, self, target, weight, p.reduction, p.ignoreIndex, tw, out}, stream);
    if (st == ACL_SUCCESS) *got = out.download();
    return st;
}

void runAndExpectReference(const Problem &p, aclrtStream stream) {
    std::vector<double> got;
    ASSERT_ACL_OK(runOp(p, stream, &got));
    const CheckResult c = compare(p, got, reference(p));
    EXPECT_TRUE(c.ok) << c.detail;
}

class NLLLossBackwardTest : public DeviceTest {};

// The training example's call: (8, 10), INT64 targets, a ones weight, mean, gradOutput 1, totalWeight 8.
TEST_P(NLLLossBackwardTest, TrainingExample) {
    Problem p = makeProblem(8, 10, ACL_FLOAT, ACL_INT64, 1, 10);
    p.weight.assign(10, 1.0);
    p.grad = {1.0};
    p.totalWeight = 8;
    std::vector<double> got;
    ASSERT_ACL_OK(runOp(p, stream, &got));
    for (int64_t n = 0; n < 8; ++n) {
        for (int64_t c = 0; c < 10; ++c) {
            const double want = c == static_cast<int64_t>(p.target[static_cast<size_t>(n)]) ? -0.125 : 0.0;
            EXPECT_EQ(got[static_cast<size_t>(n * 10 + c)], want) << n << ", " << c;
        }
    }
}

TEST_P(NLLLossBackwardTest, GoldenCases) {
    forEachGoldenCase({"nll_loss_backward.golden", 6, 6}, [&](const golden::Case &gc) {
        Problem p;
        const golden::Tensor &x = gc.tensor("self");
        p.oneDim = x.dims.size() == 1;
        p.rows = p.oneDim ? 1 : x.dims[0];
        p.classes = x.dims.back();
        p.dtype = goldenDtype(x.dtype);
        p.targetType = goldenDtype(gc.tensor("target").dtype);
        p.reduction = gc.ints("reduction").at(0);
        p.ignoreIndex = gc.ints("ignoreIndex").at(0);
        p.grad = gc.tensor("gradOutput").values;
        p.target = gc.tensor("target").values;
        p.weight = gc.tensor("weight").values;
        p.totalWeight = gc.tensor("totalWeight").values.at(0);
        std::vector<double> got;
        ASSERT_ACL_OK(runOp(p, stream, &got));
        const CheckResult c = compare(p, got, gc.tensor("out").values);
        EXPECT_TRUE(c.ok) << c.detail;
        const CheckResult r = compare(p, got, reference(p));
        EXPECT_TRUE(r.ok) << r.detail;
    });
}

// aclnnNLLLoss's own totalWeightOut feeds the backward (mean): the gradient of the mean loss.
TEST_P(NLLLossBackwardTest, CascadeFromNLLLoss) {
    const int64_t rows = 20, classes = 6;
    const std::vector<double> x = randomValues(static_cast<size_t>(rows * classes), 20, -3.0, 0.0);
    std::vector<double> t = randomValues(static_cast<size_t>(rows), 21, 0.0, 6.0);
    for (double &v : t) v = std::floor(v);
    t[3] = -100;
    const std::vector<double> w = randomValues(static_cast<size_t>(classes), 22, 0.5, 1.5);
    DeviceTensor self({rows, classes}, ACL_FLOAT), target({rows}, ACL_INT64), weight({classes}, ACL_FLOAT),
        loss({}, ACL_FLOAT), tw({}, ACL_FLOAT), one({}, ACL_FLOAT), grad({rows, classes}, ACL_FLOAT);
    self.upload(x);
    target.upload(t);
    weight.upload(w);
    one.upload({1.0});
    ASSERT_ACL_OK(planAndRun(kNLLLoss, {self, target, weight, int64_t{1}, int64_t{-100}, loss, tw}, stream));
    ASSERT_ACL_OK(planAndRun(kNLLLossBackward,
                             {one, self, target, weight, int64_t{1}, int64_t{-100}, tw, grad}, stream));
    Problem p;
    p.rows = rows;
    p.classes = classes;
    p.reduction = 1;
    p.grad = {1.0};
    p.target = t;
    p.weight = w;
    for (double &v : p.weight) v = roundTo(v, ACL_FLOAT);
    p.totalWeight = tw.download().at(0);
    const CheckResult c = compare(p, grad.download(), reference(p));
    EXPECT_TRUE(c.ok) << c.detail;
}

TEST_P(NLLLossBackwardTest, TransposedOut) {
    for (int64_t reduction : {0, 1, 2}) {
        const Problem p = makeProblem(13, 5, ACL_FLOAT, ACL_INT32, reduction, 30, 4);
        std::vector<double> plain, strided;
        ASSERT_ACL_OK(runOp(p, stream, &plain));
        ASSERT_ACL_OK(runOp(p, stream, &strided, true));
        EXPECT_EQ(plain, strided);
        const CheckResult c = compare(p, strided, reference(p));
        EXPECT_TRUE(c.ok) << c.detail;
    }
}

TEST_P(NLLLossBackwardTest, OneDimensionalSelf) {
    for (int64_t reduction : {0, 1, 2}) {
        Problem p = makeProblem(1, 6, ACL_FLOAT, ACL_INT64, reduction, 40);
        p.oneDim = true;
        ASSERT_NO_FATAL_FAILURE(runAndExpectReference(p, stream));
    }
}

TEST_P(NLLLossBackwardTest, BitIdenticalRunToRun) {
    const Problem p = makeProblem(300, 17, ACL_FLOAT, ACL_INT64, 1, 50, 3);
    std::vector<double> a, b;
    ASSERT_ACL_OK(runOp(p, stream, &a));
    ASSERT_ACL_OK(runOp(p, stream, &b));
    EXPECT_EQ(a, b);
}

TEST_P(NLLLossBackwardTest, EmptySelf) {
    Problem p;
    p.rows = 0;
    p.classes = 4;
    p.reduction = 1;
    p.grad = {1.0};
    p.weight.assign(4, 1.0);
    std::vector<double> got;
    ASSERT_ACL_OK(runOp(p, stream, &got));
    EXPECT_TRUE(got.empty());
}

// A target outside [0, C): its row stays 0, 507015 at the next synchronize naming the target and its row.
TEST_P(NLLLossBackwardTest, OutOfRangeTargetFaultsAtSynchronize) {
    Problem p = makeProblem(6, 10, ACL_FLOAT, ACL_INT64, 0, 60);
    p.target[2] = 12;
    std::vector<double> got;
    EXPECT_EQ(runOp(p, stream, &got), ACL_ERROR_RT_AICORE_EXCEPTION);
    const std::string msg = aclGetRecentErrMsg();
    EXPECT_NE(msg.find("aclnnNLLLossBackward"), std::string::npos) << msg;
    EXPECT_NE(msg.find("target 12"), std::string::npos) << msg;
    EXPECT_NE(msg.find("row 2"), std::string::npos) << msg;
}

// Several out-of-range targets in one call: the fault names the smallest row on every run (one work-item per
// element of out, so rows are reached in no fixed order across work-groups): rows 1, 8, 64 and 128, every
// row, a few scattered.
TEST_P(NLLLossBackwardTest, SeveralBadTargetsNameTheSmallestRow) {
    const std::vector<std::vector<size_t>> patterns = {{128, 64, 8, 1}, {}, {199, 70, 130}};
    for (const std::vector<size_t> &bad : patterns) {
        for (int64_t reduction : {0, 1}) {
            Problem p = makeProblem(200, 10, ACL_FLOAT, ACL_INT64, reduction, 61);
            const size_t smallest = markBad(p.target, bad, 10.0);  // C is 10
            SCOPED_TRACE("reduction " + std::to_string(reduction) + ", smallest bad row " + std::to_string(smallest));
            expectTheSameFaultEveryRun(
                stream, 3,
                [&] {
                    std::vector<double> got;
                    return runOp(p, stream, &got);
                },
                {"aclnnNLLLossBackward",
                 "target " + std::to_string(10 + smallest) + " of row " + std::to_string(smallest) + " "});
        }
    }
}

const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

class NLLLossBackwardEveryDtype : public DeviceDtypeTest {};

TEST_P(NLLLossBackwardEveryDtype, EveryTargetDtypeAndReduction) {
    uint64_t seed = 100;
    for (aclDataType tt : {ACL_INT64, ACL_INT32, ACL_UINT8}) {
        for (int64_t reduction : {0, 1, 2}) {
            SCOPED_TRACE(std::to_string(static_cast<int>(tt)) + " reduction " + std::to_string(reduction));
            ASSERT_NO_FATAL_FAILURE(
                runAndExpectReference(makeProblem(40, 9, dtype(), tt, reduction, seed++, 3), stream));
        }
    }
}

// ---- errors -------------------------------------------------------------------------------------------------

CallSpec gradCall() {
    return CallSpec(kNLLLossBackward, {{"gradOutput", TensorArg{{}}},
                                       {"self", TensorArg{{4, 5}}},
                                       {"target", TensorArg{{4}, ACL_INT64}},
                                       {"weight", TensorArg{{5}}},
                                       {"reduction", int64_t{1}},
                                       {"ignoreIndex", int64_t{-100}},
                                       {"totalWeight", TensorArg{{}}},
                                       {"out", TensorArg{{4, 5}}}});
}

ErrorRows gradRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    return validRow() + outPointerRows() +
           nullRows({"gradOutput", "self", "target", "weight", "totalWeight", "out"}) + ErrorRows{
        {"a null output beats a bad dtype", set("self", dtype(ACL_DOUBLE)) + null("out"), ACLNN_ERR_PARAM_NULLPTR,
         {"out"}},
        {"self DOUBLE", set("self", dtype(ACL_DOUBLE)), INVALID, {"self", "DT_DOUBLE"}},
        {"gradOutput FLOAT16", set("gradOutput", dtype(ACL_FLOAT16)), INVALID, {"gradOutput"}},
        {"weight BF16", set("weight", dtype(ACL_BF16)), INVALID, {"weight"}},
        {"totalWeight FLOAT16", set("totalWeight", dtype(ACL_FLOAT16)), INVALID, {"totalWeight"}},
        {"target INT16", set("target", dtype(ACL_INT16)), INVALID, {"target", "DT_INT16"}},
        {"target UINT8", set("target", dtype(ACL_UINT8)), ACL_SUCCESS, {}},
        {"out INT32", set("out", dtype(ACL_INT32)), INVALID, {"out", "cast"}},
        {"out FLOAT16 from FLOAT", set("out", dtype(ACL_FLOAT16)), ACL_SUCCESS, {}},
        {"reduction 3", set("reduction", value(int64_t{3})), INVALID, {"reduction"}},
        {"self 3-D", set({"self", "out"}, shape({4, 5, 1})), INVALID, {"self"}},
        {"target 2-D", set("target", shape({4, 1})), INVALID, {"target"}},
        {"target of 3", set("target", shape({3})), INVALID, {"target"}},
        {"weight of 4", set("weight", shape({4})), INVALID, {"weight"}},
        {"totalWeight (2)", set("totalWeight", shape({2})), INVALID, {"totalWeight"}},
        {"gradOutput (4) for mean", set("gradOutput", shape({4})), INVALID, {"gradOutput"}},
        {"gradOutput () for none", set("reduction", value(int64_t{0})), INVALID, {"gradOutput"}},
        {"gradOutput (4) for none", set("reduction", value(int64_t{0})) + set("gradOutput", shape({4})), ACL_SUCCESS,
         {}},
        {"out (5, 4)", set("out", shape({5, 4})), INVALID, {"out"}},
        shortRow("self"),
        overlapRow("out", {0, 1}),
    } + withoutExecutorRows({"executor"});
}

ACLNN_ERROR_TABLE(NLLLossBackwardErrors, gradCall, gradRows);

}  // namespace

INSTANTIATE_ON_ALL_DEVICES(NLLLossBackwardTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(NLLLossBackwardEveryDtype, kDtypes);
