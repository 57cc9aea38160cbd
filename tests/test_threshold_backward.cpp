// aclnnThresholdBackward (ReLU's gradient): every dtype CANN lists against the host reference (exact: the
// result is gradOutput's value or 0), with thresholds that show how each kind of self compares (0, the
// ReLU case; within FLT_EPSILON of 0; negative and fractional, which an integer self truncates; out of an
// integer dtype's range), NaN and the threshold itself in self; a view; the errors in CANN's check order.
#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/threshold_backward.h"
#include "support/activation_ref.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


// The mask as CANN computes it: a floating self against the threshold as a float (0 within FLT_EPSILON),
// an integer self against the threshold truncated toward zero.
bool passes(double self, double threshold, aclDataType d) {
    if (refIsFloat(d)) {
        const float t = static_cast<float>(threshold);
        return self > (std::fabs(t) <= FLT_EPSILON ? 0.0f : t);
    }
    return self > std::trunc(threshold);
}

std::vector<Expected> thresholdRef(const std::vector<double> &grad, const std::vector<double> &self,
                                   const std::vector<int64_t> &shape, const std::vector<int64_t> &selfShape,
                                   double threshold, aclDataType d) {
    std::vector<Expected> want;
    for (size_t i = 0; i < grad.size(); ++i) {
        const double x = self[refBroadcastIndex(i, shape, selfShape)];
        want.push_back(Expected::exactly(passes(x, threshold, d) ? grad[i] : 0.0));
    }
    return want;
}

class ThresholdBackwardEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(ThresholdBackwardEveryDtype, kThresholdDtypes);

// gradOutput 3 x 5 x 7, self broadcast from 5 x 7, for each threshold; self holds the threshold's own
// value, its neighbours and (floating) NaN and -0.
TEST_P(ThresholdBackwardEveryDtype, MatchesTheReference) {
    const aclDataType d = dtype();
    const std::vector<int64_t> shape{3, 5, 7}, selfShape{5, 7};
    const std::vector<double> thresholds{0, 0.5, -1.5, 1e-8, 100.25, -300};
    size_t ran = 0;
    for (size_t k = 0; k < thresholds.size(); ++k) {
        const double t = thresholds[k];
        SCOPED_TRACE("threshold " + std::to_string(t));
        std::vector<double> self = refValues(d, 35, 11 + k), grad = refValues(d, 105, 40 + k);
        const std::vector<double> edges = refIsFloat(d) ? std::vector<double>{0, -0.0, 0.5, -1.5, 1e-8, -1, 1, 100.25,
                                                                              std::numeric_limits<double>::quiet_NaN()}
                                                        : std::vector<double>{0, -1, -2, 1, 100, 101, -128, 2};
        for (size_t e = 0; e < edges.size(); ++e) self[e] = refRound(roundTo(edges[e], refIsFloat(d) ? d : ACL_DOUBLE), d);
        DeviceTensor g(shape, d), s(selfShape, d), out(shape, d);
        g.upload(grad);
        s.upload(self);
        OwnedScalar threshold(t, ACL_FLOAT);
        ASSERT_ACL_OK(planAndRun(kThresholdBackward, {g, s, threshold.get(), out}, stream));
        expectElements(out.download(), thresholdRef(g.download(), s.download(), shape, selfShape, t, d));
        ++ran;
    }
    EXPECT_EQ(ran, thresholds.size());
}

class ThresholdBackwardTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(ThresholdBackwardTest);

// An integer threshold scalar past self's range: nothing of an int8 self is greater than 300, everything
// is greater than -300 (compared in int64, not narrowed to int8).
TEST_P(ThresholdBackwardTest, IntegerThresholdsOutsideSelfsRange) {
    const std::vector<int64_t> shape{16};
    std::vector<double> self(16), grad(16, 7);
    for (size_t i = 0; i < self.size(); ++i) self[i] = -128.0 + 17 * static_cast<double>(i);
    for (const auto &[t, all] : {std::pair<int64_t, bool>{300, false}, {-300, true}}) {
        DeviceTensor g(shape, ACL_INT8), s(shape, ACL_INT8), out(shape, ACL_INT8);
        g.upload(grad);
        s.upload(self);
        OwnedScalar threshold(static_cast<double>(t), ACL_INT64);
        ASSERT_ACL_OK(planAndRun(kThresholdBackward, {g, s, threshold.get(), out}, stream));
        const std::vector<double> got = out.download();
        for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], all ? 7.0 : 0.0) << "threshold " << t << ", " << i;
    }
}

// Transposed self and gradOutput into a strided out at an offset (the engine's views), and in place over
// gradOutput.
TEST_P(ThresholdBackwardTest, ViewsAndInPlace) {
    const std::vector<int64_t> shape{4, 6};
    DeviceTensor g(shape, ACL_FLOAT, {1, 4}, 0), s(shape, ACL_FLOAT, {1, 4}, 2), out(shape, ACL_FLOAT, {12, 2}, 5);
    g.upload(refValues(ACL_FLOAT, 24, 3));
    s.upload(refValues(ACL_FLOAT, 24, 4));
    OwnedScalar threshold(0.25, ACL_FLOAT);
    ASSERT_ACL_OK(planAndRun(kThresholdBackward, {g, s, threshold.get(), out}, stream));
    const std::vector<Expected> want = thresholdRef(g.download(), s.download(), shape, shape, 0.25, ACL_FLOAT);
    expectElements(out.download(), want);
    ASSERT_ACL_OK(planAndRun(kThresholdBackward, {g, s, threshold.get(), g}, stream));
    expectElements(g.download(), want);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: threshold, out, gradOutput, self null; gradOutput's and self's dtypes, then
// gradOutput's and out's against self's; ranks (and ours: the views); self and gradOutput broadcast, out
// their shape; (ours: out not overlapping itself). Empty self or gradOutput succeeds.

CallSpec thresholdCall() {
    return CallSpec(kThresholdBackward, {{"gradOutput", TensorArg{{2, 3, 4}}}, {"self", TensorArg{{3, 4}}},
                                         {"threshold", ScalarArg{0.5, ACL_FLOAT}}, {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows thresholdRows() {
    return validRow() + outPointerRows() + nullRows({"threshold", "out", "gradOutput", "self"}) + ErrorRows{
        {"gradOutput DT_INT16", set("gradOutput", dtype(ACL_INT16)), ACLNN_ERR_PARAM_INVALID, {"gradOutput", "DT_INT16"}},
        {"self DT_DOUBLE", set("self", dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_DOUBLE"}},
        {"DT_INT64 (950 only)", set({"gradOutput", "self", "out"}, dtype(ACL_INT64)), ACLNN_ERR_PARAM_INVALID,
         {"gradOutput", "DT_INT64"}},
        {"gradOutput not self's dtype", set("self", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"gradOutput", "DT_INT32", "DT_FLOAT"}},
        {"out not self's dtype", set("out", dtype(ACL_FLOAT16)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_FLOAT16"}},
        {"self rank 9", set("self", shape({1, 1, 1, 1, 1, 1, 1, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        shortRow("gradOutput"),
        {"not broadcastable", set("self", shape({5, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "gradOutput", "broadcast"}},
        {"out not the broadcast shape", set("out", shape({3, 4})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 4]"}},
        overlapRow("out", {0, 0, 1}),
        {"empty self", set({"self", "gradOutput", "out"}, shape({0, 4})), ACL_SUCCESS, {}},
        {"int8 with a double threshold", set({"gradOutput", "self", "out"}, dtype(ACL_INT8)) +
             set("threshold", value(ScalarArg{-1.5, ACL_DOUBLE})),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(ThresholdBackwardErrors, thresholdCall, thresholdRows);

// PyTorch golden data (tests/golden/ops/threshold_backward.py: torch.ops.aten.threshold_backward over every
// dtype CANN lists, thresholds 0 and others, self at the threshold, signed zeros, infinities, NaN), value for
// value: exact (a NaN self gives 0, CANN's mask self > threshold, where PyTorch's passes the gradient: the
// generator stores 0).
TEST_P(ThresholdBackwardTest, MatchesPyTorchGolden) {
    forEachGoldenCase({"threshold_backward.golden", 8, 8}, [&](const golden::Case &c) {
        const golden::Tensor &gt = c.tensor("gradOutput"), &xt = c.tensor("self"), &want = c.tensor("out");
        const aclDataType d = goldenDtype(gt.dtype);
        DeviceTensor g(gt.dims, d), s(xt.dims, d), out(want.dims, d);
        g.upload(gt.values);
        s.upload(xt.values);
        const double t = c.num("threshold");
        OwnedScalar threshold(t, t == std::floor(t) ? ACL_INT64 : ACL_FLOAT);
        ASSERT_ACL_OK(planAndRun(kThresholdBackward, {g, s, threshold.get(), out}, stream));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(sameValue(got[i], want.values[i]))
                << "value " << i << ": " << got[i] << " vs " << want.values[i];
        }
    });
}

}  // namespace
