// aclnnReduceSum: every dtype CANN lists against the host reference (support/reduction_ref.h: the engine's
// documented order, every step rounded as the engine rounds, so exact), over several dims sets (negative, all
// by an empty array), keepDims, self cast to another dtype first, BOOL as OR; views; an empty self and a 0-d
// one; and every documented error in CANN's check order. The engine's own cases (paths, merging, order) are in
// tests/test_reduction.cpp.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/reduce_sum.h"
#include "runtime/device.h"
#include "support/error_rows.h"
#include "support/op_test.h"
#include "support/reduction_checks.h"

using namespace testing_support;

namespace {


class ReduceSumEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(ReduceSumEveryDtype, kReduceSumDtypes);

// A 3 x 4 x 5 self of the dtype summed in that dtype over each dims set, with and without keepDims.
TEST_P(ReduceSumEveryDtype, DimsSetsMatchTheReference) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    const std::vector<int64_t> shape{3, 4, 5};
    const std::vector<std::vector<int64_t>> dimsSets{{1}, {0, -1}, {-3}, {2, 0, 1}, {}};
    size_t ran = 0;
    for (const auto &dims : dimsSets) {
        for (bool keep : {false, true}) {
            SCOPED_TRACE("dims " + ::testing::PrintToString(dims) + (keep ? " keepDims" : ""));
            std::vector<int64_t> outShape;
            const std::vector<bool> reduced = refReducedFlags(3, dims);
            for (size_t k = 0; k < 3; ++k) {
                if (!reduced[k]) outShape.push_back(shape[k]);
                else if (keep) outShape.push_back(1);
            }
            DeviceTensor self(shape, d), out(outShape, d);
            const std::vector<double> values = refValues(d, 60, 11 + dtypeIndex(kReduceSumDtypes));
            self.upload(values);
            expectReduction({kReduceSum, false, dims, keep, d}, self, values, out, stream);
            ++ran;
        }
    }
    EXPECT_EQ(ran, 10u);
}

// Self is cast to `dtype` first (the store's conversion), then summed in it: into every dtype from this one.
TEST_P(ReduceSumEveryDtype, CastsToEveryDtypeFirst) {
    const aclDataType from = dtype();
    if (needsFp64(from) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(from) << " needs cl_khr_fp64";
    size_t ran = 0;
    for (aclDataType to : kReduceSumDtypes) {
        if (needsFp64(to) && !fp64()) continue;
        SCOPED_TRACE(std::string(aclcl::dtypeName(from)) + " summed as " + aclcl::dtypeName(to));
        DeviceTensor self({4, 6}, from), out({4}, to);
        const std::vector<double> values = refValues(from, 24, 5);
        self.upload(values);
        expectReduction({kReduceSum, false, {-1}, false, to}, self, values, out, stream);
        ++ran;
    }
    EXPECT_EQ(ran, fp64() ? 12u : 10u);
}

class ReduceSumTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(ReduceSumTest);

// A small example by hand: a 4 x 2 float self holding 0 .. 7 summed over dim 0 is [12, 16].
TEST_P(ReduceSumTest, SmallExampleByHand) {
    DeviceTensor self({4, 2}, ACL_FLOAT), out({2}, ACL_FLOAT);
    self.upload({0, 1, 2, 3, 4, 5, 6, 7});
    IntArray dims({0});
    ASSERT_ACL_OK(planAndRun(kReduceSum, {self, dims, false, ACL_FLOAT, out}, stream));
    EXPECT_EQ(out.download(), (std::vector<double>{12, 16}));
}

// BOOL is a logical OR (ReduceAny), not a sum that would wrap: 256 trues give true, all falses false.
TEST_P(ReduceSumTest, BoolIsLogicalOr) {
    DeviceTensor self({2, 256}, ACL_BOOL), out({2}, ACL_BOOL);
    std::vector<double> values(512, 0.0);
    for (size_t i = 256; i < 512; ++i) values[i] = 1;
    self.upload(values);
    IntArray dims({1});
    ASSERT_ACL_OK(planAndRun(kReduceSum, {self, dims, false, ACL_BOOL, out}, stream));
    EXPECT_EQ(out.download(), (std::vector<double>{0, 1}));
}

// Integers wrap at the dtype's width: 100 + 100 as INT8 is -56.
TEST_P(ReduceSumTest, IntegersWrap) {
    DeviceTensor self({2}, ACL_INT8), out({}, ACL_INT8);
    self.upload({100, 100});
    IntArray dims({});
    ASSERT_ACL_OK(planAndRun(kReduceSum, {self, dims, false, ACL_INT8, out}, stream));
    EXPECT_EQ(out.download(), (std::vector<double>{-56}));
}

// A transposed self with a storage offset into a keepDims out with gaps between its elements.
TEST_P(ReduceSumTest, ViewsInAndOut) {
    const std::vector<int64_t> shape{5, 3, 4};
    DeviceTensor self(shape, ACL_FLOAT, {1, 20, 5}, 7), out({5, 1, 4}, ACL_FLOAT, {9, 4, 2}, 3);
    const std::vector<double> values = refValues(ACL_FLOAT, 60, 3);
    self.upload(values);
    out.fillStorage(0xff);
    expectReduction({kReduceSum, false, {1}, true, ACL_FLOAT}, self, values, out, stream);
}

// One output of 2^20 elements takes the CHUNKS path (16 chunks of 65,536, each short enough for a capped
// compiler's loops: Device::compilerBugs.loopIterationCap, Mesa's llvmpipe, which stops them silently), and 2^20
// ones sum to 2^20 exactly on every device. A prime count (1,048,573) has no chunks: it takes LANES, whose loops
// are longer than a capped compiler runs, so there it is refused, naming why, and out keeps its bits; everywhere
// else it is exact.
TEST_P(ReduceSumTest, LongReductionIsExactOrRefusedWhereLoopsAreCapped) {
    for (const int64_t n : {int64_t{1} << 20, int64_t{1048573}}) {
        SCOPED_TRACE(std::to_string(n) + " elements");
        DeviceTensor self({n}, ACL_FLOAT), out({}, ACL_FLOAT);
        self.upload(std::vector<double>(static_cast<size_t>(n), 1.0));
        out.upload({-1});
        IntArray dims({});
        const aclnnStatus status = planAndRun(kReduceSum, {self, dims, false, ACL_FLOAT, out}, stream);
        if (n % 2 == 1 && aclcl::deviceAt(device()).compilerBugs.loopIterationCap) {
            EXPECT_EQ(status, ACLNN_ERR_PARAM_INVALID);
            EXPECT_NE(std::string(aclGetRecentErrMsg()).find("stops longer loops"), std::string::npos)
                << aclGetRecentErrMsg();
            EXPECT_EQ(out.download(), (std::vector<double>{-1})) << "a refused call wrote out";
        } else {
            ASSERT_EQ(status, ACL_SUCCESS) << aclGetRecentErrMsg();
            EXPECT_EQ(out.download(), (std::vector<double>{static_cast<double>(n)}));
        }
    }
}

// An empty self fills out with 0 whatever out's shape (CANN does not check it there); nothing else is written.
TEST_P(ReduceSumTest, EmptySelfFillsOutWithZero) {
    DeviceTensor self({3, 0, 2}, ACL_FLOAT), out({2, 2}, ACL_FLOAT);
    out.upload({5, 6, 7, 8});
    IntArray dims({1});
    ASSERT_ACL_OK(planAndRun(kReduceSum, {self, dims, false, ACL_FLOAT, out}, stream));
    EXPECT_EQ(out.download(), (std::vector<double>{0, 0, 0, 0}));
}

// A 0-d self: out = cast(self) (any dims in [-1, 0]; out of one element, in any shape).
TEST_P(ReduceSumTest, ZeroDimSelfIsCast) {
    DeviceTensor self({}, ACL_FLOAT), out({1, 1}, ACL_INT32);
    self.upload({-7.75});
    for (const std::vector<int64_t> &d : {std::vector<int64_t>{}, std::vector<int64_t>{0}, std::vector<int64_t>{-1}}) {
        IntArray dims(d);
        ASSERT_ACL_OK(planAndRun(kReduceSum, {self, dims, true, ACL_INT32, out}, stream));
        EXPECT_EQ(out.download(), (std::vector<double>{-7}));
    }
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; self's, out's and dtype's lists, out = dtype; rank and views; dims in range
// and not repeated; then an empty self (out's dtype must be fillable, complex is not) or out's reduced shape.

CallSpec reduceSumCall() {
    return CallSpec(kReduceSum, {{"self", TensorArg{{2, 3, 4}}}, {"dims", Ints{1, -1}}, {"keepDims", false},
                                 {"dtype", int64_t{ACL_FLOAT}}, {"out", TensorArg{{2}}}});
}
ErrorRows reduceSumRows() {
    return validRow() + outPointerRows() + nullRows({"self", "dims", "out"}) + ErrorRows{
        {"self UINT32", set("self", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT32"}},
        {"out UINT32", set("out", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_UINT32"}},
        {"dtype UINT32", set("dtype", value(int64_t{ACL_UINT32})), ACLNN_ERR_PARAM_INVALID, {"dtype", "DT_UINT32"}},
        {"out not of dtype", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_FLOAT", "DT_INT32"}},
        {"self rank 9", set("self", shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        shortRow("self"),
        {"dims out of range", set("dims", ints({1, 3})), ACLNN_ERR_PARAM_INVALID, {"dims", "[-3, 2]", "3"}},
        {"dims repeated", set("dims", ints({2, -1})), ACLNN_ERR_PARAM_INVALID, {"dims", "2", "multiple"}},
        {"empty self, complex out", set("self", shape({2, 0, 4})) + set("dtype", value(int64_t{ACL_COMPLEX64})) +
             set("out", dtype(ACL_COMPLEX64)),
         ACLNN_ERR_PARAM_INVALID, {"out", "DT_COMPLEX64"}},
        {"out shape", set("out", shape({3})), ACLNN_ERR_PARAM_INVALID, {"out", "[2]", "[3]"}},
        {"out keepDims shape", set("keepDims", value(true)), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 1, 1]", "[2]"}},
        overlapRow("out", {0}),
        withoutFp64Row("DT_DOUBLE without fp64", set("self", dtype(ACL_DOUBLE)), {"fp64"}),
        {"empty self, any out shape", set("self", shape({2, 0, 4})) + set("out", shape({5, 5})), ACL_SUCCESS, {}},
        {"0-d self, one-element out", set("self", shape({})) + set("dims", ints({-1})) + set("out", shape({1, 1})),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(ReduceSumErrors, reduceSumCall, reduceSumRows);

}  // namespace
