// aclnnConstantPadNd: every dtype CANN lists against the host reference (self's elements where they land,
// value converted to self's dtype elsewhere; exact), pads on one, two and every dim, negative pads cropping,
// an all-zero pad (a copy), views in and out, empty self and out, and every documented error in CANN's check
// order.
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/constant_pad_nd.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/glue_ref.h"
#include "support/golden_tally.h"
#include "support/int_array.h"
#include "support/op_test.h"
#include "support/plan_log.h"
#include "common/test_hooks.h"

using namespace testing_support;

namespace {

// Runs ConstantPadNd over self (holding `values`) with a FLOAT value into out and compares exactly.
void expectPad(const DeviceTensor &self, const std::vector<double> &values, const std::vector<int64_t> &pad,
               double value, const DeviceTensor &out, aclrtStream stream) {
    IntArray p(pad);
    OwnedScalar v(value, ACL_FLOAT);
    ASSERT_ACL_OK(planAndRun(kConstantPadNd, {self, p, v.get(), out}, stream));
    const std::vector<double> want = refPad(self.shape(), self.dtype(), values, pad, value);
    const std::vector<double> got = out.download();
    const CheckResult r = compareExactly(got, want, sameValue, "ConstantPadNd", "out");
    EXPECT_TRUE(r.ok) << r.detail;
}

std::vector<int64_t> paddedShape(std::vector<int64_t> shape, const std::vector<int64_t> &pad) {
    for (size_t j = 0; j < pad.size() / 2; ++j) shape[shape.size() - 1 - j] += pad[2 * j] + pad[2 * j + 1];
    return shape;
}

class ConstantPadNdEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(ConstantPadNdEveryDtype, kConstantPadNdDtypes);

// A 2 x 3 x 4 self of the dtype under pads of one, two and three dims, crops among them, and none.
TEST_P(ConstantPadNdEveryDtype, PadsMatchTheReference) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    const std::vector<int64_t> shape{2, 3, 4};
    const std::vector<std::vector<int64_t>> pads{{1, 2},   {1, 2, -1, 1}, {0, 0, 0, 0, 1, 1}, {-1, -2, 2, 0, 0, 1},
                                                 {}, {0, 0}};
    size_t ran = 0;
    for (const auto &pad : pads) {
        SCOPED_TRACE("pad " + ::testing::PrintToString(pad));
        DeviceTensor self(shape, d), out(paddedShape(shape, pad), d);
        const std::vector<double> values = refValues(d, 24, 9 + dtypeIndex(kConstantPadNdDtypes));
        self.upload(values);
        expectPad(self, values, pad, 2.5, out, stream);
        ++ran;
    }
    EXPECT_EQ(ran, 6u);
}

class ConstantPadNdTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(ConstantPadNdTest);

// A small example by hand: [[1, 2], [3, 4]] padded by (1, 0) on the last dim and (0, 1) on the first with 9.
TEST_P(ConstantPadNdTest, SmallExampleByHand) {
    DeviceTensor self({2, 2}, ACL_FLOAT), out({3, 3}, ACL_FLOAT);
    self.upload({1, 2, 3, 4});
    IntArray pad({1, 0, 0, 1});
    OwnedScalar value(9, ACL_FLOAT);
    ASSERT_ACL_OK(planAndRun(kConstantPadNd, {self, pad, value.get(), out}, stream));
    EXPECT_EQ(out.download(), (std::vector<double>{9, 1, 2, 9, 3, 4, 9, 9, 9}));
}

// The value converts to self's dtype as a scalar does: -2.75 into INT8 truncates to -2, into UINT8 wraps to
// 254, into BOOL is true.
TEST_P(ConstantPadNdTest, ValueConvertsToSelfsDtype) {
    for (aclDataType d : {ACL_INT8, ACL_UINT8, ACL_BOOL, ACL_FLOAT16}) {
        SCOPED_TRACE(aclcl::dtypeName(d));
        DeviceTensor self({1}, d), out({3}, d);
        self.upload({1});
        IntArray pad({1, 1});
        OwnedScalar value(-2.75, ACL_FLOAT);
        ASSERT_ACL_OK(planAndRun(kConstantPadNd, {self, pad, value.get(), out}, stream));
        const double v = d == ACL_INT8 ? -2 : d == ACL_UINT8 ? 254 : d == ACL_BOOL ? 1 : -2.75;
        EXPECT_EQ(out.download(), (std::vector<double>{v, 1, v}));
    }
}

// A transposed self with an offset into an out with gaps: nothing but out's elements is written.
TEST_P(ConstantPadNdTest, ViewsInAndOut) {
    DeviceTensor self({3, 4}, ACL_FLOAT, {1, 3}, 5), out({5, 3}, ACL_FLOAT, {8, 2}, 1);
    const std::vector<double> values = refValues(ACL_FLOAT, 12, 6);
    self.upload(values);
    out.fillStorage(0x7f);
    expectPad(self, values, {0, -1, 1, 1}, -1.5, out, stream);
    size_t untouched = 0;
    for (uint8_t b : out.storage()) untouched += b == 0x7f;
    EXPECT_EQ(untouched, out.storage().size() - 15 * sizeof(float));
}

// An empty self with positive pads: out is all value. Cropped to nothing along a dim, out is empty and
// untouched (success). An empty out: success, nothing written.
TEST_P(ConstantPadNdTest, EmptySelfAndOut) {
    DeviceTensor self({2, 0}, ACL_FLOAT), out({2, 3}, ACL_FLOAT);
    expectPad(self, {}, {2, 1}, 4, out, stream);
    DeviceTensor full({2, 3}, ACL_FLOAT), empty({2, 0}, ACL_FLOAT);
    full.upload({1, 2, 3, 4, 5, 6});
    IntArray crop({-3, 0});
    OwnedScalar value(0, ACL_FLOAT);
    ASSERT_ACL_OK(planAndRun(kConstantPadNd, {full, crop, value.get(), empty}, stream));
}

// The two plans (host/ops/constant_pad_nd.cpp): pads of only the last two dims, whose leading dims merge
// into at most two, take the 2-D pads' gather (its row kernel on CPU devices, the row-streaming kernel with
// TestHook::ManyWorkItemKernels, as GPUs run it); the others the elementwise engine. Both give the
// reference's elements, for elements of 1, 4 and 16 bytes, crops and pads on either side, views.
TEST_P(ConstantPadNdTest, GatherAndEngineGiveTheSameElements) {
    struct Shape {
        std::vector<int64_t> dims, strides;  // strides empty: contiguous
        std::vector<int64_t> pad;
        bool gather;
    };
    const std::vector<Shape> shapes{
        {{2, 3, 2, 5, 7}, {}, {1, 2, 2, 1}, true},              // leading 2 x 3 x 2 merge into one
        {{2, 3, 4, 5, 6}, {120, 240, 30, 6, 1}, {1, 1, 1, 1}, false},  // three leading dims that do not merge
        {{3, 9, 37}, {}, {-2, 3, 1, -4}, true},                // crops left and bottom, pads right and top
        {{4, 6}, {1, 4}, {0, 0, 2, 1}, true},                  // a transposed self, only H padded
        {{5}, {}, {3, 0}, true},                               // one dim
        {{2, 3, 4}, {}, {1, 0, 0, 0, 0, 1}, false},            // the leading dim padded
    };
    size_t ran = 0;
    for (const Shape &sh : shapes) {
        for (aclDataType d : {ACL_INT8, ACL_FLOAT, ACL_COMPLEX128}) {
            if (needsFp64(d) && !fp64()) continue;
            for (bool many : {false, true}) {
                SCOPED_TRACE(::testing::PrintToString(sh.dims) + " pad " + ::testing::PrintToString(sh.pad) + " " +
                             aclcl::dtypeName(d) + (many ? " row-streaming" : ""));
                aclcl::ScopedTestHook hook(aclcl::TestHook::ManyWorkItemKernels, many);
                DeviceTensor self = sh.strides.empty() ? DeviceTensor(sh.dims, d) : DeviceTensor(sh.dims, d, sh.strides, 2);
                DeviceTensor out(paddedShape(sh.dims, sh.pad), d);
                const std::vector<double> values = refValues(d, product(sh.dims), 5);
                self.upload(values);
                IntArray p(sh.pad);
                OwnedScalar v(-3.0, ACL_FLOAT);
                const std::string log = planLog(kConstantPadNd, {self, p, v.get(), out});
                EXPECT_EQ(log.find("pad2d_fwd") != std::string::npos, sh.gather) << log;
                expectPad(self, values, sh.pad, -3.0, out, stream);
                ++ran;
            }
        }
    }
    EXPECT_EQ(ran, fp64() ? 36u : 24u);
}

// PyTorch's constant_pad_nd (tests/golden/ops/constant_pad_nd.py): every dtype CANN lists that PyTorch has,
// pads of one to three dims with crops, the value 2.5.
TEST_P(ConstantPadNdTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 36, kFp64Cases = 6;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("self").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"constant_pad_nd.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        DeviceTensor self(s.dims, goldenDtype(s.dtype)), out(want.dims, goldenDtype(want.dtype));
        self.upload(s.values);
        IntArray pad(c.ints("pad"));
        OwnedScalar value(c.values("value")[0], ACL_FLOAT);
        ASSERT_ACL_OK(planAndRun(kConstantPadNd, {self, pad, value.get(), out}, stream));
        const CheckResult r = compareExactly(out.download(), want.values, sameValue, c.name, "out");
        EXPECT_TRUE(r.ok) << r.detail;
    });
}

// The benchmark's case (8 x 64 x 56 x 56 FLOAT, pad 1 on each side of the last two dims): the full tier only.
TEST_P(ConstantPadNdTest, BenchmarkShape) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the 8 x 64 x 56 x 56 case");
    const std::vector<int64_t> shape{8, 64, 56, 56}, pad{1, 1, 1, 1};
    const std::vector<double> values = refValues(ACL_FLOAT, 8 * 64 * 56 * 56, 3);
    DeviceTensor self(shape, ACL_FLOAT), out(paddedShape(shape, pad), ACL_FLOAT);
    self.upload(values);
    expectPad(self, values, pad, 0, out, stream);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; out's dtype = self's, self's list; formats; ranks (with ours: the views);
// the pad's length; each dim's crop, out's dim, a padded dim of 0 with a positive pad; (ours: out not
// overlapping itself, fp64 on the device).

CallSpec padCall() {
    return CallSpec(kConstantPadNd, {{"self", TensorArg{{2, 3, 4}}}, {"pad", Ints{1, 2, -1, 0}},
                                     {"value", ScalarArg{0.5, ACL_FLOAT}}, {"out", TensorArg{{2, 2, 7}}}});
}
ErrorRows padRows() {
    return validRow() + outPointerRows() + nullRows({"self", "pad", "value", "out"}) + ErrorRows{
        {"out of another dtype", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_FLOAT", "DT_INT32"}},
        {"self COMPLEX32", set({"self", "out"}, dtype(ACL_COMPLEX32)), ACLNN_ERR_PARAM_INVALID,
         {"self", "DT_COMPLEX32"}},
        {"self NCHW, out ND", set("self", format(ACL_FORMAT_NCHW)), ACLNN_ERR_PARAM_INVALID, {"format"}},
        {"self rank 9", set("self", shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        shortRow("self"),
        {"out rank 2", set("out", shape({2, 7})), ACLNN_ERR_PARAM_INVALID, {"out", "rank"}},
        {"pad of odd length", set("pad", ints({1, 2, -1})), ACLNN_ERR_PARAM_INVALID, {"pad", "even"}},
        {"pad of 8 values", set("pad", ints({1, 2, -1, 0, 0, 0, 0, 0})), ACLNN_ERR_PARAM_INVALID, {"pad", "8"}},
        {"crop below 0", set("pad", ints({1, 2, -2, -2})), ACLNN_ERR_PARAM_INVALID, {"negative", "dim 1"}},
        {"out dim", set("out", shape({2, 2, 6})), ACLNN_ERR_PARAM_INVALID, {"out", "dim 2", "7", "6"}},
        {"padded dim of 0 with a positive pad", set("pad", ints({1, 2, -3, 0})) + set("out", shape({2, 0, 7})),
         ACLNN_ERR_PARAM_INVALID, {"dim 1", "size 0"}},
        overlapRow("out", {0, 7, 1}),
        withoutFp64Row("DT_DOUBLE without fp64", set({"self", "out"}, dtype(ACL_DOUBLE)), {"fp64"}),
        {"self NCHW, out NCHW", set({"self", "out"}, format(ACL_FORMAT_NCHW)), ACL_SUCCESS, {}},
        {"cropped to 0, no positive pad", set("pad", ints({0, 0, -3, 0})) + set("out", shape({2, 0, 4})), ACL_SUCCESS,
         {}},
        {"empty self, positive pads", set("self", shape({2, 0, 4})) + set("pad", ints({1, 1, 1, 1})) +
             set("out", shape({2, 2, 6})),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(ConstantPadNdErrors, padCall, padRows);

}  // namespace
