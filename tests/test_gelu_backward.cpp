// aclnnGeluBackward: every dtype CANN lists against the float64 reference (support/activation_ref.h:
// PyTorch's gelu_backward(approximate='tanh'), the derivative of aclnnGelu's form, within the bound it
// gives from OpenCL's ulp limits), with self broadcast, over random values and the edges; promotion and
// the unchecked cast to gradInput; views and in place; the errors in CANN's check order.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "engines/elementwise.h"
#include "harness/gelu_backward.h"
#include "support/activation_ref.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/gelu_test_inputs.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


std::vector<Expected> geluBackwardRef(const std::vector<double> &g, const std::vector<double> &x,
                                      const std::vector<int64_t> &shape, const std::vector<int64_t> &xShape,
                                      aclDataType compute, aclDataType out) {
    std::vector<Expected> want;
    for (size_t i = 0; i < g.size(); ++i) {
        want.push_back(refGeluTanhBackward(g[i], x[refBroadcastIndex(i, shape, xShape)], compute,
                                           refRounding(compute, out)));
    }
    return want;
}

class GeluBackwardEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(GeluBackwardEveryDtype, kGeluBackwardDtypes);

// gradOutput 3 x 5 x 7, self broadcast from 5 x 7.
TEST_P(GeluBackwardEveryDtype, MatchesTheReference) {
    const aclDataType d = dtype();
    const std::vector<int64_t> shape{3, 5, 7}, xShape{5, 7};
    DeviceTensor g(shape, d), x(xShape, d), out(shape, d);
    g.upload(refValues(d, 105, 90 + dtypeIndex(kGeluBackwardDtypes)));
    x.upload(geluInputs(d, 35, 95 + dtypeIndex(kGeluBackwardDtypes)));
    ASSERT_ACL_OK(planAndRun(kGeluBackward, {g, x, out}, stream));
    expectElements(out.download(), geluBackwardRef(g.download(), x.download(), shape, xShape, d, d));
}

class GeluBackwardTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(GeluBackwardTest);

// fp16 with bf16 computes in fp32; gradInput's dtype is CANN's to choose: fp16 (rounded on store), and
// int32 (truncated toward zero, as the cast CANN appends; gradOutput scaled so that the values are whole
// numbers apart).
TEST_P(GeluBackwardTest, PromotesAndCastsToGradInput) {
    const std::vector<int64_t> shape{4, 9};
    DeviceTensor g(shape, ACL_FLOAT16), x({9}, ACL_BF16), half(shape, ACL_FLOAT16), whole(shape, ACL_INT32);
    std::vector<double> gv = refValues(ACL_FLOAT16, 36, 3);
    for (double &v : gv) v = roundTo(v * 100, ACL_FLOAT16);
    g.upload(gv);
    x.upload(geluInputs(ACL_BF16, 9, 4));
    ASSERT_ACL_OK(planAndRun(kGeluBackward, {g, x, half}, stream));
    expectElements(half.download(), geluBackwardRef(g.download(), x.download(), shape, {9}, ACL_FLOAT, ACL_FLOAT16));
    ASSERT_ACL_OK(planAndRun(kGeluBackward, {g, x, whole}, stream));
    const std::vector<double> got = whole.download();
    const std::vector<Expected> want = geluBackwardRef(g.download(), x.download(), shape, {9}, ACL_FLOAT, ACL_FLOAT);
    size_t checked = 0;
    for (size_t i = 0; i < got.size(); ++i) {
        // Where the fp32 value may round across a whole number, truncation may land on either side.
        const double lo = refStore(want[i].want - want[i].bound, ACL_INT32),
                     hi = refStore(want[i].want + want[i].bound, ACL_INT32);
        if (lo != hi) continue;
        EXPECT_EQ(got[i], lo) << "element " << i << " (" << want[i].want << ")";
        ++checked;
    }
    EXPECT_GE(checked, 30u);
}

// Transposed inputs into a strided gradInput at an offset, then in place over gradOutput.
TEST_P(GeluBackwardTest, ViewsAndInPlace) {
    const std::vector<int64_t> shape{4, 6};
    DeviceTensor g(shape, ACL_FLOAT, {1, 4}, 1), x(shape, ACL_FLOAT, {1, 4}, 0), out(shape, ACL_FLOAT, {12, 2}, 3);
    g.upload(refValues(ACL_FLOAT, 24, 5));
    x.upload(geluInputs(ACL_FLOAT, 24, 6));
    ASSERT_ACL_OK(planAndRun(kGeluBackward, {g, x, out}, stream));
    const std::vector<Expected> want = geluBackwardRef(g.download(), x.download(), shape, shape, ACL_FLOAT, ACL_FLOAT);
    expectElements(out.download(), want);
    ASSERT_ACL_OK(planAndRun(kGeluBackward, {g, x, g}, stream));
    expectElements(g.download(), want);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; gradOutput and self promote, to F32, F16 or BF16; ranks (and ours: the
// views); gradOutput and self broadcast, gradInput their shape; (ours: gradInput of a dtype the engine
// stores, not overlapping itself). gradInput's dtype is otherwise not checked. Empty inputs succeed.

CallSpec geluBackwardCall() {
    return CallSpec(kGeluBackward, {{"gradOutput", TensorArg{{2, 3, 4}}}, {"self", TensorArg{{3, 4}}},
                                    {"gradInput", TensorArg{{2, 3, 4}}}});
}
ErrorRows geluBackwardRows() {
    return validRow() + outPointerRows() + nullRows({"gradOutput", "self", "gradInput"}) + ErrorRows{
        {"gradOutput DT_UINT16 (no promotion)", set("gradOutput", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID,
         {"gradOutput", "DT_UINT16", "promoted"}},
        {"promoted DT_DOUBLE", set("self", dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID, {"DT_DOUBLE", "support list"}},
        {"promoted DT_INT32", set({"gradOutput", "self"}, dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"DT_INT32", "support list"}},
        {"self rank 9", set("self", shape({1, 1, 1, 1, 1, 1, 1, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        shortRow("self"),
        {"not broadcastable", set("self", shape({5, 4})), ACLNN_ERR_PARAM_INVALID, {"gradOutput", "self", "broadcast"}},
        {"gradInput not the broadcast shape", set("gradInput", shape({3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"gradInput", "[2, 3, 4]"}},
        {"gradInput DT_COMPLEX32 (ours)", set("gradInput", dtype(ACL_COMPLEX32)), ACLNN_ERR_PARAM_INVALID,
         {"gradInput", "DT_COMPLEX32"}},
        overlapRow("gradInput", {0, 0, 1}),
        {"empty self", set({"self", "gradOutput", "gradInput"}, shape({0, 4})), ACL_SUCCESS, {}},
        {"int32 gradOutput with float16 self", set("gradOutput", dtype(ACL_INT32)) + set("self", dtype(ACL_FLOAT16)),
         ACL_SUCCESS, {}},
        {"gradInput DT_INT8 (not checked)", set("gradInput", dtype(ACL_INT8)), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(GeluBackwardErrors, geluBackwardCall, geluBackwardRows);

// PyTorch golden data (tests/golden/ops/gelu_backward.py: gelu_backward(approximate='tanh'), CANN's form,
// over CANN's dtypes, the edges first, self broadcast; at an infinite self the limits, as CANN's kernel),
// each value within goldenOk's bound.
TEST_P(GeluBackwardTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 4, kFp64Cases = 0;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("gradOutput").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"gelu_backward.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &gt = c.tensor("gradOutput"), &xt = c.tensor("self"), &want = c.tensor("gradInput");
        const aclDataType d = goldenDtype(gt.dtype), outDtype = goldenDtype(want.dtype);
        DeviceTensor g(gt.dims, d), x(xt.dims, goldenDtype(xt.dtype)), out(want.dims, outDtype);
        g.upload(gt.values);
        x.upload(xt.values);
        ASSERT_ACL_OK(planAndRun(kGeluBackward, {g, x, out}, stream));
        const std::vector<double> got = out.download();
        const std::vector<Expected> bounds = [&] {
            std::vector<Expected> e;
            for (size_t i = 0; i < static_cast<size_t>(want.numel()); ++i) {
                const size_t j = refBroadcastIndex(i, want.dims, xt.dims);
                e.push_back(refGeluTanhBackward(gt.values[i], xt.values[j], d, d));
            }
            return e;
        }();
        ASSERT_EQ(got.size(), want.values.size());
        ASSERT_EQ(bounds.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(goldenOk(got[i], want.values[i], bounds[i], outDtype))
                << "value " << i << ": " << got[i] << " vs " << want.values[i] << " (exact " << bounds[i].want
                << ", bound " << bounds[i].bound << ")";
        }
    });
}

}  // namespace
