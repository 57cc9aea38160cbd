// aclnnArgMax: every dtype CANN lists against the host reference (the first maximal index along dim, a NaN
// counting as maximal, as PyTorch's argmax), every dim with and without keepdim, out INT32 and INT64 (and any
// dtype the engine stores into), ties and NaNs, both paths of the reduction engine giving the same index on
// any work-group size, views, 0-d and empty tensors, and every documented error in CANN's check order.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "common/test_hooks.h"
#include "harness/argmax.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/glue_ref.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;
using aclcl::ScopedTestHook;
using aclcl::TestHook;

namespace {

// self's shape with `dim` dropped, or kept as 1.
std::vector<int64_t> reducedOf(const std::vector<int64_t> &shape, int64_t dim, bool keepdim) {
    std::vector<int64_t> s;
    for (size_t k = 0; k < shape.size(); ++k) {
        if (static_cast<int64_t>(k) != dim) s.push_back(shape[k]);
        else if (keepdim) s.push_back(1);
    }
    return s;
}

// Runs ArgMax over self (holding `values`, of self's shape) into out and compares every index exactly;
// returns them.
std::vector<double> expectArgMax(const DeviceTensor &self, const std::vector<double> &values, int64_t dim,
                                 bool keepdim, const DeviceTensor &out, aclrtStream stream) {
    EXPECT_EQ(planAndRun(kArgMax, {self, dim, keepdim, out}, stream), ACL_SUCCESS) << aclGetRecentErrMsg();
    const int64_t rank = static_cast<int64_t>(self.shape().size());
    const std::vector<double> want = refArgMax(self.shape(), dim < 0 ? dim + std::max<int64_t>(rank, 1) : dim, values);
    const std::vector<double> got = out.download();
    const CheckResult r = compareExactly(got, want, sameValue, "ArgMax", "out");
    EXPECT_TRUE(r.ok) << r.detail;
    return got;
}

class ArgMaxEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(ArgMaxEveryDtype, kArgMaxDtypes);

// A 3 x 4 x 5 self of the dtype (values with many ties in the narrow dtypes) along every dim, negative ones
// too, with and without keepdim, into INT64 and INT32 outs.
TEST_P(ArgMaxEveryDtype, EveryDimMatchesTheReference) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    const std::vector<int64_t> shape{3, 4, 5};
    size_t ran = 0;
    for (int64_t dim : {0, 1, 2, -1, -3}) {
        for (bool keep : {false, true}) {
            for (aclDataType o : {ACL_INT64, ACL_INT32}) {
                SCOPED_TRACE("dim " + std::to_string(dim) + (keep ? " keepdim " : " ") + aclcl::dtypeName(o));
                const int64_t k = dim < 0 ? dim + 3 : dim;
                DeviceTensor self(shape, d), out(reducedOf(shape, k, keep), o);
                const std::vector<double> values = refValues(d, 60, 17 + dtypeIndex(kArgMaxDtypes));
                self.upload(values);
                expectArgMax(self, values, dim, keep, out, stream);
                ++ran;
            }
        }
    }
    EXPECT_EQ(ran, 20u);
}

// Long rows on both paths (EACH, and LANES on every work-group size) give the reference's index: the
// maximum's value appears several times, the first copy in a lane other than 0.
TEST_P(ArgMaxEveryDtype, BothPathsGiveTheFirstIndex) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    const int64_t rows = 3, n = 3000;
    std::vector<double> values = refValues(d, static_cast<size_t>(rows * n), 5);
    // Above every value refValues draws (floats below 4, integers below 120, UINT8 below 240).
    const double top = d == ACL_UINT8 ? 250 : 127;
    for (int64_t r = 0; r < rows; ++r) {
        for (int64_t e : {200 + 37 * r, 1500 + r, 2999 - r}) values[static_cast<size_t>(r * n + e)] = top;
    }
    DeviceTensor self({rows, n}, d);
    self.upload(values);
    size_t ran = 0;
    for (int forced : {1, 2, 4, 16, 64}) {
        SCOPED_TRACE("path hook " + std::to_string(forced));
        ScopedTestHook hook(TestHook::ReductionPath, forced);
        DeviceTensor out({rows}, ACL_INT64);
        const std::vector<double> got = expectArgMax(self, values, 1, false, out, stream);
        EXPECT_EQ(got, (std::vector<double>{200, 237, 274}));
        ++ran;
    }
    EXPECT_EQ(ran, 5u);
}

class ArgMaxTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(ArgMaxTest);

// A small example by hand: [[1, 5, 5], [7, 2, 7]] along dim 1 is [1, 0] (the first of equal maxima).
TEST_P(ArgMaxTest, SmallExampleByHand) {
    DeviceTensor self({2, 3}, ACL_FLOAT), out({2}, ACL_INT64);
    self.upload({1, 5, 5, 7, 2, 7});
    ASSERT_ACL_OK(planAndRun(kArgMax, {self, int64_t{1}, false, out}, stream));
    EXPECT_EQ(out.download(), (std::vector<double>{1, 0}));
}

// A NaN counts as maximal and the first NaN wins (PyTorch's rule), on both paths; infinities are ordinary
// values below it.
TEST_P(ArgMaxTest, FirstNanWins) {
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    for (aclDataType d : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}) {
        if (needsFp64(d) && !fp64()) continue;
        for (int forced : {1, 2}) {
            SCOPED_TRACE(std::string(aclcl::dtypeName(d)) + " path hook " + std::to_string(forced));
            ScopedTestHook hook(TestHook::ReductionPath, forced);
            const int64_t n = 2000;
            std::vector<double> values(static_cast<size_t>(3 * n), -1.0);
            values[5] = inf;           // row 0: +inf, no NaN
            values[n + 9] = inf;       // row 1: +inf before two NaNs
            values[n + 700] = nan;
            values[n + 65] = nan;
            values[2 * n + 1999] = nan;  // row 2: the last element
            DeviceTensor self({3, n}, d), out({3, 1}, ACL_INT32);
            self.upload(values);
            EXPECT_EQ(expectArgMax(self, values, -1, true, out, stream), (std::vector<double>{5, 65, 1999}));
        }
    }
}

// Out in other dtypes the engine stores into (CANN does not list out's): the index converted.
TEST_P(ArgMaxTest, OutInOtherDtypes) {
    const std::vector<double> values{3, 9, 1, 9, 4, 2, 8, 8};
    for (aclDataType o : {ACL_FLOAT, ACL_INT16, ACL_UINT8, ACL_FLOAT16}) {
        SCOPED_TRACE(aclcl::dtypeName(o));
        DeviceTensor self({2, 4}, ACL_INT32), out({2}, o);
        self.upload(values);
        EXPECT_EQ(expectArgMax(self, values, 1, false, out, stream), (std::vector<double>{1, 2}));
    }
}

// A transposed self with a storage offset into a keepdim out with gaps between its elements.
TEST_P(ArgMaxTest, ViewsInAndOut) {
    const std::vector<int64_t> shape{5, 3, 4};
    DeviceTensor self(shape, ACL_FLOAT, {1, 20, 5}, 7), out({5, 1, 4}, ACL_INT64, {9, 4, 2}, 3);
    const std::vector<double> values = refValues(ACL_FLOAT16, 60, 3);
    self.upload(values);
    out.fillStorage(0x5a);
    expectArgMax(self, values, 1, true, out, stream);
    // Nothing but out's 20 elements was written: the gaps keep their byte.
    size_t untouched = 0;
    for (uint8_t b : out.storage()) untouched += b == 0x5a;
    EXPECT_EQ(untouched, out.storage().size() - 20 * sizeof(int64_t));
}

// A 0-d self: index 0 for dim 0 or -1, into a 0-d out or any one-element out.
TEST_P(ArgMaxTest, ZeroDimSelfIsIndexZero) {
    DeviceTensor self({}, ACL_FLOAT), out({}, ACL_INT64), out11({1, 1}, ACL_INT32);
    self.upload({-7.75});
    for (int64_t dim : {0, -1}) {
        out.upload({9});
        ASSERT_ACL_OK(planAndRun(kArgMax, {self, dim, false, out}, stream));
        EXPECT_EQ(out.download(), (std::vector<double>{0}));
    }
    ASSERT_ACL_OK(planAndRun(kArgMax, {self, int64_t{0}, true, out11}, stream));
    EXPECT_EQ(out11.download(), (std::vector<double>{0}));
}

// An empty self, or an empty out, succeeds with nothing to do (CANN's): out keeps its values.
TEST_P(ArgMaxTest, EmptySelfOrOutWritesNothing) {
    DeviceTensor self({3, 0}, ACL_FLOAT), out({3}, ACL_INT64);
    out.upload({5, 6, 7});
    ASSERT_ACL_OK(planAndRun(kArgMax, {self, int64_t{1}, false, out}, stream));
    EXPECT_EQ(out.download(), (std::vector<double>{5, 6, 7}));
    DeviceTensor self2({0, 4}, ACL_FLOAT), out2({4}, ACL_INT64);
    out2.upload({1, 2, 3, 4});
    ASSERT_ACL_OK(planAndRun(kArgMax, {self2, int64_t{0}, false, out2}, stream));
    EXPECT_EQ(out2.download(), (std::vector<double>{1, 2, 3, 4}));
}

// PyTorch's argmax (tests/golden/ops/argmax.py): every dtype CANN lists, ties and NaNs, every dim, keepdim.
TEST_P(ArgMaxTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 36, kFp64Cases = 4;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        return goldenDtype(c.tensor("self").dtype) == ACL_DOUBLE && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"argmax.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        DeviceTensor self(s.dims, goldenDtype(s.dtype)), out(want.dims, ACL_INT64);
        self.upload(s.values);
        const int64_t dim = c.ints("dim")[0];
        const bool keepdim = c.ints("keepdim")[0] != 0;
        ASSERT_ACL_OK(planAndRun(kArgMax, {self, dim, keepdim, out}, stream));
        EXPECT_EQ(out.download(), want.values);
    });
}

// The benchmark's shape (4096 x 1000 along dim 1): the full tier only.
TEST_P(ArgMaxTest, BenchmarkShape) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the 4096 x 1000 case");
    const std::vector<double> values = refValues(ACL_FLOAT, 4096 * 1000, 21);
    DeviceTensor self({4096, 1000}, ACL_FLOAT), out({4096}, ACL_INT64);
    self.upload(values);
    expectArgMax(self, values, 1, false, out, stream);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; self's list; ranks (with ours: the malformed-view checks); dim in range;
// then an empty self or out succeeds; out's dtype (ours: one the engine stores into) and reduced shape.

CallSpec argMaxCall() {
    return CallSpec(kArgMax, {{"self", TensorArg{{2, 3, 4}}}, {"dim", int64_t{1}}, {"keepdim", false},
                              {"out", TensorArg{{2, 4}, ACL_INT64}}});
}
ErrorRows argMaxRows() {
    return validRow() + outPointerRows() + nullRows({"self", "out"}) + ErrorRows{
        {"self UINT32", set("self", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT32"}},
        {"self BOOL", set("self", dtype(ACL_BOOL)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_BOOL"}},
        {"self COMPLEX64", set("self", dtype(ACL_COMPLEX64)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_COMPLEX64"}},
        {"self rank 9", set("self", shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        shortRow("self"),
        {"out rank 9", set("out", shape({1, 1, 1, 1, 1, 1, 1, 2, 4})), ACLNN_ERR_PARAM_INVALID, {"out", "8"}},
        {"dim 3", set("dim", value(int64_t{3})), ACLNN_ERR_PARAM_INVALID, {"dim", "[-3, 2]", "3"}},
        {"dim -4", set("dim", value(int64_t{-4})), ACLNN_ERR_PARAM_INVALID, {"dim", "[-3, 2]", "-4"}},
        {"empty self, any out", set("self", shape({2, 0, 4})) + set("out", shape({7}), dtype(ACL_COMPLEX32)),
         ACL_SUCCESS, {}},
        {"out COMPLEX32", set("out", dtype(ACL_COMPLEX32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_COMPLEX32"}},
        {"out shape", set("out", shape({2, 3})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 4]", "[2, 3]"}},
        {"out keepdim shape", set("keepdim", value(true)), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 1, 4]", "[2, 4]"}},
        overlapRow("out", {0, 1}),
        withoutFp64Row("DT_DOUBLE without fp64", set("self", dtype(ACL_DOUBLE)), {"fp64"}),
        {"out INT32", set("out", dtype(ACL_INT32)), ACL_SUCCESS, {}},
        {"0-d self, one-element out", set("self", shape({})) + set("dim", value(int64_t{-1})) +
             set("out", shape({1, 1})),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(ArgMaxErrors, argMaxCall, argMaxRows);

}  // namespace
