// aclnnNLLLoss: the training example's call, the PyTorch golden file, the host reference in double (every
// dtype of self and target, every reduction, ignored rows, 1-D self, several blocks of rows), views, a
// wider out dtype, bit-identical runs, empty self, an out-of-range target (a fault at the next synchronize,
// the row counted as ignored) and every documented error in CANN's order.
//
// Tolerances: nllCompare with nllReference's bounds (tests/cases/nll_loss_cases.cpp: the fp32 sums' depth
// times the unit roundoff times the sum of the terms' magnitudes, plus one unit in the last place of a
// 16-bit out); the golden cases the same bound.

#include <algorithm>
#include <cmath>

#include "cases/nll_loss_cases.h"
#include "device_fixture.h"
#include "golden/golden.h"
#include "harness/nll_loss.h"
#include "support/error_rows.h"
#include "support/fault_checks.h"
#include "support/golden_tally.h"
#include "support/op_test.h"
#include "support/plan_log.h"

using namespace testing_support;

namespace {

struct Problem {
    int64_t rows = 1, classes = 1;
    bool oneDim = false;  // self (C) and a 0-d target
    aclDataType dtype = ACL_FLOAT, targetType = ACL_INT64, outType = ACL_DT_UNDEFINED;
    int64_t reduction = 1, ignoreIndex = -100;
    std::vector<double> self, target, weight;
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
    p.self = randomValues(static_cast<size_t>(rows * classes), seed, -4.0, 0.0);
    for (double &v : p.self) v = roundTo(v, dt);
    p.target = randomValues(static_cast<size_t>(rows), seed + 1, 0.0, static_cast<double>(classes));
    for (size_t i = 0; i < p.target.size(); ++i) {
        p.target[i] = ignoreEvery && i % static_cast<size_t>(ignoreEvery) == 1 ? static_cast<double>(p.ignoreIndex)
                                                                                : std::floor(p.target[i]);
    }
    p.weight = randomValues(static_cast<size_t>(classes), seed + 2, 0.5, 1.5);
    for (double &v : p.weight) v = roundTo(v, dt);
    return p;
}

struct Result {
    std::vector<double> out, totalWeight;
    std::vector<uint8_t> outBytes, twBytes;
};

std::vector<int64_t> selfShape(const Problem &p) {
    return p.oneDim ? std::vector<int64_t>{p.classes} : std::vector<int64_t>{p.rows, p.classes};
}
std::vector<int64_t> outShape(const Problem &p) {
    return p.reduction == 0 && !p.oneDim ? std::vector<int64_t>{p.rows} : std::vector<int64_t>{};
}

// Runs the operator; `transposed`: self stored as (C, N) and viewed as (N, C), the target every other element;
// `log`: the plan's log at level info, from a planning of the same call first.
aclnnStatus runOp(const Problem &p, aclrtStream stream, Result *r, bool transposed = false,
                  std::string *log = nullptr) {
    const aclDataType outType = p.outType == ACL_DT_UNDEFINED ? p.dtype : p.outType;
    DeviceTensor self = transposed ? DeviceTensor(selfShape(p), p.dtype, {1, p.rows}, 0)
                                   : DeviceTensor(selfShape(p), p.dtype);
    DeviceTensor target = transposed ? DeviceTensor({p.rows}, p.targetType, {2}, 1)
                                     : DeviceTensor(p.oneDim ? std::vector<int64_t>{} : std::vector<int64_t>{p.rows},
                                                    p.targetType);
    DeviceTensor weight({p.classes}, p.dtype), out(outShape(p), outType), tw({}, outType);
    self.upload(p.self);
    target.upload(p.target);
    weight.upload(p.weight);
    out.fillStorage(0x5a);
    tw.fillStorage(0x5a);
    if (log) *log = planLog(kNLLLoss, {self, target, weight, p.reduction, p.ignoreIndex, out, tw});
    const aclnnStatus st =
        planAndRun(kNLLLoss, {self, target, weight, p.reduction, p.ignoreIndex, out, tw}, stream);
    if (st == ACL_SUCCESS) {
        r->out = out.download();
        r->totalWeight = tw.download();
        r->outBytes = out.storage();
        r->twBytes = tw.storage();
    }
    return st;
}

void expectMatchesReference(const Problem &p, const Result &r) {
    const NllReference want =
        nllReference(p.self, p.target, p.weight, p.rows, p.classes, p.reduction, p.ignoreIndex);
    const aclDataType outType = p.outType == ACL_DT_UNDEFINED ? p.dtype : p.outType;
    const CheckResult c = nllCompare(r.out, want.out, want.outBound, outType, "out");
    EXPECT_TRUE(c.ok) << c.detail;
    if (p.reduction != 0) {
        const CheckResult t = nllCompare(r.totalWeight, {want.totalWeight}, {want.totalWeightBound}, outType,
                                         "totalWeightOut");
        EXPECT_TRUE(t.ok) << t.detail;
    } else {
        for (uint8_t b : r.twBytes) ASSERT_EQ(b, 0x5a) << "totalWeightOut written for reduction none";
    }
}

void runAndExpectReference(const Problem &p, aclrtStream stream) {
    Result r;
    ASSERT_ACL_OK(runOp(p, stream, &r));
    expectMatchesReference(p, r);
}

class NLLLossTest : public DeviceTest {};

// The training example's call: (8, 10) log-probabilities, INT64 targets, a ones weight, mean, -100.
TEST_P(NLLLossTest, TrainingExample) {
    Problem p = makeProblem(8, 10, ACL_FLOAT, ACL_INT64, 1, 100);
    p.weight.assign(10, 1.0);
    Result r;
    ASSERT_ACL_OK(runOp(p, stream, &r));
    expectMatchesReference(p, r);
    EXPECT_EQ(r.totalWeight.at(0), 8.0);
}

TEST_P(NLLLossTest, GoldenCases) {
    forEachGoldenCase({"nll_loss.golden", 11, 11}, [&](const golden::Case &gc) {
        Problem p;
        const golden::Tensor &x = gc.tensor("self");
        p.oneDim = x.dims.size() == 1;
        p.rows = p.oneDim ? 1 : x.dims[0];
        p.classes = x.dims.back();
        p.dtype = goldenDtype(x.dtype);
        p.targetType = goldenDtype(gc.tensor("target").dtype);
        p.reduction = gc.ints("reduction").at(0);
        p.ignoreIndex = gc.ints("ignoreIndex").at(0);
        p.self = x.values;
        p.target = gc.tensor("target").values;
        p.weight = gc.tensor("weight").values;
        Result r;
        ASSERT_ACL_OK(runOp(p, stream, &r));
        const NllReference want =
            nllReference(p.self, p.target, p.weight, p.rows, p.classes, p.reduction, p.ignoreIndex);
        const CheckResult c = nllCompare(r.out, gc.tensor("out").values, want.outBound, p.dtype, "out");
        EXPECT_TRUE(c.ok) << c.detail;
        if (p.reduction != 0) {
            const CheckResult t = nllCompare(r.totalWeight, gc.tensor("totalWeightOut").values,
                                             {want.totalWeightBound}, p.dtype, "totalWeightOut");
            EXPECT_TRUE(t.ok) << t.detail;
        }
    });
}

// Several blocks of 4096 rows (the partials and the final sum), mean and sum, the same bits run to run.
TEST_P(NLLLossTest, ManyBlocksBitIdenticalRunToRun) {
    for (int64_t reduction : {1, 2}) {
        const Problem p = makeProblem(10000, 7, ACL_FLOAT, ACL_INT64, reduction, 200, 5);
        Result a, b;
        ASSERT_ACL_OK(runOp(p, stream, &a));
        ASSERT_ACL_OK(runOp(p, stream, &b));
        expectMatchesReference(p, a);
        EXPECT_TRUE(a.outBytes == b.outBytes);
        EXPECT_TRUE(a.twBytes == b.twBytes);
    }
}

// Rows that fit one block take one launch (nll_single); one ignored row more makes a second block and the two
// kernels (nll_partials, nll_final), whose sums are the same: the same bits, at the block's edge and below it.
TEST_P(NLLLossTest, OneBlockLaunchMatchesTwoBlocks) {
    for (int64_t rows : {int64_t{4096}, int64_t{300}}) {
        for (int64_t reduction : {1, 2}) {
            const Problem p = makeProblem(rows, 9, ACL_FLOAT, ACL_INT64, reduction, 500 + rows, 7);
            Problem more = p;
            more.rows = 4097;
            more.self.resize(static_cast<size_t>(more.rows * more.classes), -1.0);
            more.target.resize(static_cast<size_t>(more.rows), static_cast<double>(p.ignoreIndex));
            Result one, two;
            std::string oneLog, twoLog;
            ASSERT_ACL_OK(runOp(p, stream, &one, false, &oneLog));
            ASSERT_ACL_OK(runOp(more, stream, &two, false, &twoLog));
            EXPECT_NE(oneLog.find("kernel nll_single"), std::string::npos) << oneLog;
            EXPECT_NE(twoLog.find("kernel nll_final"), std::string::npos) << twoLog;
            expectMatchesReference(p, one);
            EXPECT_TRUE(one.outBytes == two.outBytes) << "rows " << rows << " reduction " << reduction;
            EXPECT_TRUE(one.twBytes == two.twBytes) << "rows " << rows << " reduction " << reduction;
        }
    }
}

// A transposed self and a strided target: the contiguous call's bits.
TEST_P(NLLLossTest, StridedViews) {
    for (int64_t reduction : {0, 1, 2}) {
        const Problem p = makeProblem(37, 6, ACL_FLOAT, ACL_INT32, reduction, 300, 4);
        Result plain, strided;
        ASSERT_ACL_OK(runOp(p, stream, &plain));
        ASSERT_ACL_OK(runOp(p, stream, &strided, true));
        expectMatchesReference(p, strided);
        EXPECT_TRUE(plain.outBytes == strided.outBytes) << "reduction " << reduction;
    }
}

// self (C) with a 0-d target: one row, every reduction (none gives one element too).
TEST_P(NLLLossTest, OneDimensionalSelf) {
    for (int64_t reduction : {0, 1, 2}) {
        Problem p = makeProblem(1, 6, ACL_FLOAT, ACL_INT64, reduction, 400);
        p.oneDim = true;
        ASSERT_NO_FATAL_FAILURE(runAndExpectReference(p, stream));
    }
}

// self FLOAT16 into a FLOAT out and totalWeightOut (CanCast): computed in fp32, stored once.
TEST_P(NLLLossTest, WiderOutDtype) {
    Problem p = makeProblem(50, 8, ACL_FLOAT16, ACL_INT64, 1, 500, 3);
    p.outType = ACL_FLOAT;
    ASSERT_NO_FATAL_FAILURE(runAndExpectReference(p, stream));
}

// Every target ignored: mean is 0 / 0 = NaN with a total weight of 0 (PyTorch's result).
TEST_P(NLLLossTest, AllIgnoredMeanIsNaN) {
    Problem p = makeProblem(5, 4, ACL_FLOAT, ACL_INT64, 1, 600);
    p.target.assign(5, -100.0);
    Result r;
    ASSERT_ACL_OK(runOp(p, stream, &r));
    EXPECT_TRUE(std::isnan(r.out.at(0)));
    EXPECT_EQ(r.totalWeight.at(0), 0.0);
}

// Empty self (0, 5): none writes nothing; mean NaN and sum 0, both with totalWeightOut 0.
TEST_P(NLLLossTest, EmptySelf) {
    for (int64_t reduction : {0, 1, 2}) {
        SCOPED_TRACE("reduction " + std::to_string(reduction));
        Problem p;
        p.rows = 0;
        p.classes = 5;
        p.reduction = reduction;
        p.weight.assign(5, 1.0);
        Result r;
        ASSERT_ACL_OK(runOp(p, stream, &r));
        if (reduction == 0) {
            EXPECT_TRUE(r.out.empty());
            for (uint8_t b : r.twBytes) ASSERT_EQ(b, 0x5a);
            continue;
        }
        EXPECT_EQ(std::isnan(r.out.at(0)), reduction == 1);
        if (reduction == 2) {
            EXPECT_EQ(r.out.at(0), 0.0);
        }
        EXPECT_EQ(r.totalWeight.at(0), 0.0);
    }
}

// A target outside [0, C) that is not ignoreIndex: CANN does not check; here the row counts as ignored
// (nothing read out of bounds) and the next synchronize reports 507015 naming the target and its row.
TEST_P(NLLLossTest, OutOfRangeTargetFaultsAtSynchronize) {
    for (double bad : {10.0, -1.0}) {
        for (int64_t reduction : {0, 1}) {
            SCOPED_TRACE("target " + std::to_string(bad) + " reduction " + std::to_string(reduction));
            Problem p = makeProblem(6, 10, ACL_FLOAT, ACL_INT64, reduction, 700);
            p.target[4] = bad;
            Result r;
            EXPECT_EQ(runOp(p, stream, &r), ACL_ERROR_RT_AICORE_EXCEPTION);
            const std::string msg = aclGetRecentErrMsg();
            EXPECT_NE(msg.find("aclNNLLLoss") == std::string::npos && msg.find("aclnnNLLLoss") == std::string::npos,
                      true)
                << msg;
            EXPECT_NE(msg.find("row 4"), std::string::npos) << msg;
            // The stream works on, and the row counts as ignored.
            Problem q = p;
            q.target[4] = -100;
            Result good;
            ASSERT_ACL_OK(runOp(q, stream, &good));
        }
    }
}

// Several out-of-range targets in one call: the fault names the smallest row on every run, whatever order the
// kernels take rows in (virtual lane l takes rows l, l + 64, ...; blocks of 4096 rows in the partials), for
// every reduction: rows 1, 8, 64 and 128, every row, a few scattered; across blocks, the last row of the first.
TEST_P(NLLLossTest, SeveralBadTargetsNameTheSmallestRow) {
    struct Pattern {
        int64_t rows;
        std::vector<size_t> bad;  // empty: every row
    };
    const std::vector<Pattern> patterns = {
        {200, {128, 64, 8, 1}}, {200, {}}, {200, {199, 70, 130}}, {9000, {8999, 4096, 4095, 8192}}};
    for (const Pattern &pattern : patterns) {
        for (int64_t reduction : {0, 1, 2}) {
            Problem p = makeProblem(pattern.rows, 10, ACL_FLOAT, ACL_INT64, reduction, 710);
            const size_t smallest = markBad(p.target, pattern.bad, 10.0);  // C is 10
            SCOPED_TRACE("rows " + std::to_string(pattern.rows) + ", reduction " + std::to_string(reduction) +
                         ", smallest bad row " + std::to_string(smallest));
            expectTheSameFaultEveryRun(
                stream, 3,
                [&] {
                    Result r;
                    return runOp(p, stream, &r);
                },
                {"aclnnNLLLoss", "target " + std::to_string(10 + smallest) + " of row " + std::to_string(smallest) + " "});
        }
    }
}

const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

class NLLLossEveryDtype : public DeviceDtypeTest {};

TEST_P(NLLLossEveryDtype, EveryTargetDtypeAndReduction) {
    uint64_t seed = 800;
    for (aclDataType tt : {ACL_INT64, ACL_INT32, ACL_UINT8}) {
        for (int64_t reduction : {0, 1, 2}) {
            SCOPED_TRACE(std::to_string(static_cast<int>(tt)) + " reduction " + std::to_string(reduction));
            ASSERT_NO_FATAL_FAILURE(
                runAndExpectReference(makeProblem(70, 9, dtype(), tt, reduction, seed++, 3), stream));
        }
    }
}

TEST_P(NLLLossTest, RegisteredCases) {
    CaseList cases = makeCases("NLLLoss");
    int ran = 0, speed = 0;
    for (auto &c : cases) {
        if (c->op != "NLLLoss") continue;
        speed += c->speedCase;
        if (c->speedCase && skipInQuickTier(c->name)) continue;
        runAndCheckCase(*c, stream);
        ++ran;
    }
    EXPECT_EQ(speed, 1);
    EXPECT_GE(ran, 4);
}

// ---- errors -------------------------------------------------------------------------------------------------

CallSpec lossCall() {
    return CallSpec(kNLLLoss, {{"self", TensorArg{{4, 5}}},
                               {"target", TensorArg{{4}, ACL_INT64}},
                               {"weight", TensorArg{{5}}},
                               {"reduction", int64_t{1}},
                               {"ignoreIndex", int64_t{-100}},
                               {"out", TensorArg{{}}},
                               {"totalWeightOut", TensorArg{{}}}});
}

ErrorRows lossRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    return validRow() + outPointerRows() + nullRows({"self", "target", "weight", "out", "totalWeightOut"}) + ErrorRows{
        {"a null output beats a bad dtype", set("self", dtype(ACL_DOUBLE)) + null("out"), ACLNN_ERR_PARAM_NULLPTR,
         {"out"}},
        {"weight FLOAT16", set("weight", dtype(ACL_FLOAT16)), INVALID, {"weight"}},
        {"out INT32", set("out", dtype(ACL_INT32)), INVALID, {"out", "cast"}},
        {"totalWeightOut INT64", set("totalWeightOut", dtype(ACL_INT64)), INVALID, {"totalWeightOut", "cast"}},
        {"out FLOAT16 from FLOAT", set("out", dtype(ACL_FLOAT16)), ACL_SUCCESS, {}},
        {"self DOUBLE", set({"self", "weight"}, dtype(ACL_DOUBLE)), INVALID, {"self", "DT_DOUBLE"}},
        {"self INT32", set({"self", "weight", "out", "totalWeightOut"}, dtype(ACL_INT32)), INVALID, {"self"}},
        {"target INT16", set("target", dtype(ACL_INT16)), INVALID, {"target", "DT_INT16"}},
        {"target FLOAT", set("target", dtype(ACL_FLOAT)), INVALID, {"target"}},
        {"target INT32", set("target", dtype(ACL_INT32)), ACL_SUCCESS, {}},
        {"target UINT8", set("target", dtype(ACL_UINT8)), ACL_SUCCESS, {}},
        {"a bad dtype beats reduction", set("target", dtype(ACL_INT16)) + set("reduction", value(int64_t{3})), INVALID,
         {"target"}},
        {"reduction 3", set("reduction", value(int64_t{3})), INVALID, {"reduction"}},
        {"reduction -1", set("reduction", value(int64_t{-1})), INVALID, {"reduction"}},
        {"self 3-D", set("self", shape({4, 5, 1})), INVALID, {"self"}},
        {"self 0-d", set("self", shape({})), INVALID, {"self"}},
        {"target 2-D", set("target", shape({4, 1})), INVALID, {"target"}},
        {"target of 3", set("target", shape({3})), INVALID, {"target", "[3]"}},
        {"self 1-D with target (4)", set("self", shape({5})), INVALID, {"self"}},
        {"self 1-D with a 0-d target", set("self", shape({5})) + set("target", shape({})), ACL_SUCCESS, {}},
        {"weight of 4", set("weight", shape({4})), INVALID, {"weight"}},
        {"weight 2-D", set("weight", shape({5, 1})), INVALID, {"weight"}},
        {"out (4) for mean", set("out", shape({4})), INVALID, {"out"}},
        {"out (1) for mean", set("out", shape({1})), ACL_SUCCESS, {}},
        {"out (1, 1) for mean", set("out", shape({1, 1})), INVALID, {"out"}},
        {"out () for none", set("reduction", value(int64_t{0})), INVALID, {"out"}},
        {"out (4) for none", set("reduction", value(int64_t{0})) + set("out", shape({4})), ACL_SUCCESS, {}},
        {"totalWeightOut (2)", set("totalWeightOut", shape({2})), INVALID, {"totalWeightOut"}},
        {"totalWeightOut (1, 1)", set("totalWeightOut", shape({1, 1})), ACL_SUCCESS, {}},
        {"C 0 with a non-empty target", set("self", shape({4, 0})) + set("weight", shape({0})), INVALID,
         {"non-empty"}},
        shortRow("self"),
        {"out rows at stride 0", set("reduction", value(int64_t{0})) + set("out", shape({4}), strides({0})), INVALID,
         {"out", "overlapping"}},
    } + withoutExecutorRows({"executor"});
}

ACLNN_ERROR_TABLE(NLLLossErrors, lossCall, lossRows);

}  // namespace

INSTANTIATE_ON_ALL_DEVICES(NLLLossTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(NLLLossEveryDtype, kDtypes);
