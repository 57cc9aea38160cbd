// aclnnMean and aclnnMeanV2: every dtype CANN lists against the host reference (support/reduction_ref.h: the
// sum exact in the engine's order, the division within OpenCL's fp32 bound: reduction_checks.h, meanSlack),
// over several dims sets and keepDim; self cast to `dtype` first and the result to out's dtype; views; an empty
// self (NaN); MeanV2's noop; and every documented error in CANN's check order.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/mean.h"
#include "support/error_rows.h"
#include "support/op_test.h"
#include "support/reduction_checks.h"

using namespace testing_support;

namespace {

const std::vector<aclDataType> kMeanDtypes = {ACL_FLOAT, ACL_INT32,  ACL_INT64, ACL_FLOAT16,   ACL_INT16,     ACL_INT8,
                                              ACL_UINT8, ACL_DOUBLE, ACL_BF16,  ACL_COMPLEX64, ACL_COMPLEX128};

class MeanEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(MeanEveryDtype, kMeanDtypes);

// A 3 x 4 x 5 self of the dtype averaged in that dtype over each dims set, with and without keepDim.
TEST_P(MeanEveryDtype, DimsSetsMatchTheReference) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    const std::vector<int64_t> shape{3, 4, 5};
    const std::vector<std::vector<int64_t>> dimsSets{{1}, {0, -1}, {-3}, {}};
    size_t ran = 0;
    for (const auto &dims : dimsSets) {
        for (bool keep : {false, true}) {
            SCOPED_TRACE("dim " + ::testing::PrintToString(dims) + (keep ? " keepDim" : ""));
            std::vector<int64_t> outShape;
            const std::vector<bool> reduced = refReducedFlags(3, dims);
            for (size_t k = 0; k < 3; ++k) {
                if (!reduced[k]) outShape.push_back(shape[k]);
                else if (keep) outShape.push_back(1);
            }
            DeviceTensor self(shape, d), out(outShape, d);
            const std::vector<double> values = refValues(d, 60, 21 + dtypeIndex(kMeanDtypes));
            self.upload(values);
            expectReduction({kMean, true, dims, keep, d}, self, values, out, stream);
            ++ran;
        }
    }
    EXPECT_EQ(ran, 8u);
}

// Self cast to `dtype` first (CanCast(self, dtype)), the mean in `dtype`, then stored into a FLOAT / DOUBLE out
// (CanCast(dtype, out); a complex dtype into a complex out).
TEST_P(MeanEveryDtype, CastsThroughDtypeToOut) {
    const aclDataType from = dtype();
    if (needsFp64(from) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(from) << " needs cl_khr_fp64";
    size_t ran = 0;
    for (aclDataType to : kMeanDtypes) {
        if ((needsFp64(to) && !fp64()) || !aclcl::canCast(from, to)) continue;
        const aclDataType outDtype = refIsComplex(to) ? to : fp64() ? ACL_DOUBLE : ACL_FLOAT;
        if (!aclcl::canCast(to, outDtype)) continue;
        SCOPED_TRACE(std::string(aclcl::dtypeName(from)) + " averaged as " + aclcl::dtypeName(to) + " into " +
                     aclcl::dtypeName(outDtype));
        DeviceTensor self({4, 6}, from), out({4}, outDtype);
        const std::vector<double> values = refValues(from, 24, 9);
        self.upload(values);
        expectReduction({kMean, true, {-1}, false, to}, self, values, out, stream);
        ++ran;
    }
    EXPECT_GE(ran, 1u);  // at least the dtype itself
}

class MeanTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(MeanTest);

// By hand: the mean of 1 .. 4 over dim 1 of a 2 x 4 self is 2.5 and 6.5; as INT32 the sums 10 and 26 divide
// truncating: 2 and 6.
TEST_P(MeanTest, SmallExampleByHand) {
    IntArray dims({1});
    DeviceTensor self({2, 4}, ACL_FLOAT), out({2}, ACL_FLOAT);
    self.upload({1, 2, 3, 4, 5, 6, 7, 8});
    ASSERT_ACL_OK(planAndRun(kMean, {self, dims, false, ACL_FLOAT, out}, stream));
    EXPECT_EQ(out.download(), (std::vector<double>{2.5, 6.5}));
    DeviceTensor iself({2, 4}, ACL_INT32), iout({2}, ACL_INT32);
    iself.upload({1, 2, 3, 4, 5, 6, 7, 8});
    ASSERT_ACL_OK(planAndRun(kMean, {iself, dims, false, ACL_INT32, iout}, stream));
    EXPECT_EQ(iout.download(), (std::vector<double>{2, 6}));
}

// A strided self with an offset, over two non-adjacent dims, into a strided keepDim out.
TEST_P(MeanTest, ViewsInAndOut) {
    DeviceTensor self({4, 3, 5}, ACL_FLOAT, {1, 24, 4}, 2), out({1, 3, 1}, ACL_FLOAT, {3, 5, 1}, 1);
    const std::vector<double> values = refValues(ACL_FLOAT, 60, 4);
    self.upload(values);
    expectReduction({kMean, true, {0, 2}, true, ACL_FLOAT}, self, values, out, stream);
}

// An empty self fills out with NaN whatever out's shape (CANN does not check it there); an INT32 out takes NaN
// as the store converts it: 0.
TEST_P(MeanTest, EmptySelfFillsOutWithNan) {
    IntArray dims({0});
    DeviceTensor self({0, 3}, ACL_FLOAT), out({2, 2}, ACL_FLOAT);
    out.upload({1, 2, 3, 4});
    ASSERT_ACL_OK(planAndRun(kMean, {self, dims, false, ACL_FLOAT, out}, stream));
    for (double v : out.download()) EXPECT_TRUE(std::isnan(v)) << v;
    DeviceTensor iself({0, 3}, ACL_INT32), iout({3}, ACL_INT32);
    iout.upload({1, 2, 3});
    ASSERT_ACL_OK(planAndRun(kMean, {iself, dims, false, ACL_INT32, iout}, stream));
    EXPECT_EQ(iout.download(), (std::vector<double>{0, 0, 0}));
}

// MeanV2: self's dtype throughout; an empty dim averages every dim, or with noopWithEmptyAxes copies self.
TEST_P(MeanTest, MeanV2) {
    DeviceTensor self({2, 3}, ACL_FLOAT16), all({}, ACL_FLOAT16), copy({2, 3}, ACL_FLOAT16), rows({2, 1}, ACL_FLOAT16);
    const std::vector<double> values{1, 2, 3, 4, 5, 6.5};
    self.upload(values);
    IntArray none(std::vector<int64_t>{}), last({-1});
    ASSERT_ACL_OK(planAndRun(kMeanV2, {self, none, false, false, all}, stream));
    EXPECT_EQ(all.download(), (std::vector<double>{roundTo(21.5 / 6, ACL_FLOAT16)}));
    ASSERT_ACL_OK(planAndRun(kMeanV2, {self, none, false, true, copy}, stream));
    EXPECT_EQ(copy.download(), values);
    ASSERT_ACL_OK(planAndRun(kMeanV2, {self, last, true, true, rows}, stream));
    EXPECT_EQ(rows.download(), (std::vector<double>{2, roundTo(15.5 / 3, ACL_FLOAT16)}));
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; self's, dtype's and out's lists; CanCast(self, dtype), CanCast(dtype, out);
// dims in range and not repeated; ranks and views; then an empty self (out's dtype must be fillable) or out's
// reduced shape.

CallSpec meanCall() {
    return CallSpec(kMean, {{"self", TensorArg{{2, 3, 4}}}, {"dim", Ints{0, 2}}, {"keepDim", true},
                            {"dtype", int64_t{ACL_FLOAT}}, {"out", TensorArg{{1, 3, 1}}}});
}
ErrorRows meanRows() {
    return validRow() + outPointerRows() + nullRows({"self", "dim", "out"}) + ErrorRows{
        {"self BOOL", set("self", dtype(ACL_BOOL)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_BOOL"}},
        {"dtype BOOL", set("dtype", value(int64_t{ACL_BOOL})), ACLNN_ERR_PARAM_INVALID, {"dtype", "DT_BOOL"}},
        {"out BOOL", set("out", dtype(ACL_BOOL)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_BOOL"}},
        {"self FLOAT to dtype INT32", set("dtype", value(int64_t{ACL_INT32})), ACLNN_ERR_PARAM_INVALID,
         {"self", "DT_FLOAT", "DT_INT32"}},
        {"dtype FLOAT to out INT32", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_FLOAT", "DT_INT32"}},
        {"dim out of range", set("dim", ints({-4})), ACLNN_ERR_PARAM_INVALID, {"dim", "[-3, 2]", "-4"}},
        {"dim repeated", set("dim", ints({0, -3})), ACLNN_ERR_PARAM_INVALID, {"dim", "0", "multiple"}},
        {"self rank 9", set("self", shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        {"out rank 9", set("out", shape({1, 1, 1, 1, 1, 1, 1, 3, 1})), ACLNN_ERR_PARAM_INVALID, {"out", "8"}},
        shortRow("self"),
        {"out shape", set("out", shape({3})), ACLNN_ERR_PARAM_INVALID, {"out", "[1, 3, 1]", "[3]"}},
        overlapRow("out", {0, 0, 0}),
        withoutFp64Row("DT_DOUBLE without fp64",
                       set("dtype", value(int64_t{ACL_DOUBLE})) + set("out", dtype(ACL_DOUBLE)), {"fp64"}),
        {"empty self, complex out", set("self", shape({2, 0, 4})) + set("dtype", value(int64_t{ACL_COMPLEX64})) +
             set("out", dtype(ACL_COMPLEX64)),
         ACLNN_ERR_PARAM_INVALID, {"out", "DT_COMPLEX64"}},
        {"empty self, any out shape", set("self", shape({2, 0, 4})) + set("out", shape({5})), ACL_SUCCESS, {}},
        {"integer dtype", set("self", dtype(ACL_INT8)) + set("dtype", value(int64_t{ACL_INT16})) +
             set("out", dtype(ACL_INT64)),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(MeanErrors, meanCall, meanRows);

CallSpec meanV2Call() {
    return CallSpec(kMeanV2, {{"self", TensorArg{{2, 3}}}, {"dim", Ints(std::vector<int64_t>{})}, {"keepDim", false},
                              {"noopWithEmptyAxes", true}, {"out", TensorArg{{2, 3}}}});
}
ErrorRows meanV2Rows() {
    return validRow() + outPointerRows() + nullRows({"self", "dim", "out"}) + ErrorRows{
        {"self BOOL", set({"self", "out"}, dtype(ACL_BOOL)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_BOOL"}},
        {"out not self's dtype", set("out", dtype(ACL_FLOAT16)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_FLOAT", "DT_FLOAT16"}},
        {"dim out of range", set("dim", ints({2})), ACLNN_ERR_PARAM_INVALID, {"dim", "[-2, 1]", "2"}},
        {"reducing: out shape", set("noopWithEmptyAxes", value(false)), ACLNN_ERR_PARAM_INVALID,
         {"out", "[]", "[2, 3]"}},
        {"reducing every dim", set("noopWithEmptyAxes", value(false)) + set("out", shape({})), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(MeanV2Errors, meanV2Call, meanV2Rows);

}  // namespace
