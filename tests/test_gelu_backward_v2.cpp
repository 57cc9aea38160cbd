// aclnnGeluBackwardV2: every dtype CANN lists, both forms ("none": PyTorch's gelu_backward(approximate=
// 'none'), the erf form; "tanh": as aclnnGeluBackward), against the float64 reference (support/
// activation_ref.h, within the bound it gives from OpenCL's ulp limits), with self broadcast, over random
// values and the edges; views; the errors in CANN's check order (the attribute's value last).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/gelu_backward_v2.h"
#include "support/activation_ref.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/gelu_test_inputs.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


std::vector<Expected> geluBackwardV2Ref(const std::vector<double> &g, const std::vector<double> &x,
                                        const std::vector<int64_t> &shape, const std::vector<int64_t> &xShape,
                                        bool tanhForm, aclDataType d) {
    std::vector<Expected> want;
    for (size_t i = 0; i < g.size(); ++i) {
        const double xv = x[refBroadcastIndex(i, shape, xShape)];
        want.push_back(tanhForm ? refGeluTanhBackward(g[i], xv, d, refRounding(d, d))
                                : refGeluErfBackward(g[i], xv, d, refRounding(d, d)));
    }
    return want;
}

class GeluBackwardV2EveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(GeluBackwardV2EveryDtype, kGeluBackwardV2Dtypes);

// gradOutput 3 x 5 x 7, self broadcast from 5 x 7, both forms.
TEST_P(GeluBackwardV2EveryDtype, BothFormsMatchTheReference) {
    const aclDataType d = dtype();
    const std::vector<int64_t> shape{3, 5, 7}, xShape{5, 7};
    size_t ran = 0;
    for (const char *approximate : {"none", "tanh"}) {
        SCOPED_TRACE(approximate);
        const bool tanhForm = std::string(approximate) == "tanh";
        DeviceTensor g(shape, d), x(xShape, d), out(shape, d);
        g.upload(refValues(d, 105, 110 + dtypeIndex(kGeluBackwardV2Dtypes)));
        x.upload(geluInputs(d, 35, 115 + dtypeIndex(kGeluBackwardV2Dtypes)));
        std::string text = approximate;  // the prototype's char *
        ASSERT_ACL_OK(planAndRun(kGeluBackwardV2, {g, x, text.data(), out}, stream));
        expectElements(out.download(), geluBackwardV2Ref(g.download(), x.download(), shape, xShape, tanhForm, d));
        ++ran;
    }
    EXPECT_EQ(ran, 2u);
}

class GeluBackwardV2Test : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(GeluBackwardV2Test);

// Transposed inputs into a strided gradInput at an offset (the erf form).
TEST_P(GeluBackwardV2Test, Views) {
    const std::vector<int64_t> shape{4, 6};
    DeviceTensor g(shape, ACL_FLOAT, {1, 4}, 1), x(shape, ACL_FLOAT, {1, 4}, 0), out(shape, ACL_FLOAT, {12, 2}, 3);
    g.upload(refValues(ACL_FLOAT, 24, 5));
    x.upload(geluInputs(ACL_FLOAT, 24, 6));
    std::string none = "none";
    ASSERT_ACL_OK(planAndRun(kGeluBackwardV2, {g, x, none.data(), out}, stream));
    expectElements(out.download(), geluBackwardV2Ref(g.download(), x.download(), shape, shape, false, ACL_FLOAT));
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls (approximate too); gradOutput and self promote, to F32, F16 or BF16, and
// gradInput has that dtype; (ours: ranks and views); gradOutput and self broadcast, gradInput their shape;
// approximate is "none" or "tanh"; (ours: gradInput not overlapping itself). Empty inputs succeed.

CallSpec geluBackwardV2Call() {
    return CallSpec(kGeluBackwardV2, {{"gradOutput", TensorArg{{2, 3, 4}}}, {"self", TensorArg{{3, 4}}},
                                      {"approximate", Text{"tanh"}}, {"gradInput", TensorArg{{2, 3, 4}}}});
}
ErrorRows geluBackwardV2Rows() {
    return validRow() + outPointerRows() + nullRows({"gradOutput", "self", "gradInput", "approximate"}) + ErrorRows{
        {"gradOutput DT_UINT16 (no promotion)", set("gradOutput", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID,
         {"gradOutput", "DT_UINT16", "promoted"}},
        {"promoted DT_INT32", set({"gradOutput", "self"}, dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"DT_INT32", "support list"}},
        {"gradInput not the promoted dtype", set("self", dtype(ACL_FLOAT16)) + set("gradInput", dtype(ACL_FLOAT16)),
         ACLNN_ERR_PARAM_INVALID, {"gradInput", "DT_FLOAT", "DT_FLOAT16"}},
        {"self rank 9", set("self", shape({1, 1, 1, 1, 1, 1, 1, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        shortRow("gradOutput"),
        {"not broadcastable", set("self", shape({5, 4})), ACLNN_ERR_PARAM_INVALID, {"gradOutput", "self", "broadcast"}},
        {"gradInput not the broadcast shape", set("gradInput", shape({3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"gradInput", "[2, 3, 4]"}},
        {"approximate erf", set("approximate", value(Text{"erf"})), ACLNN_ERR_PARAM_INVALID, {"approximate", "erf"}},
        {"approximate Tanh", set("approximate", value(Text{"Tanh"})), ACLNN_ERR_PARAM_INVALID, {"approximate", "Tanh"}},
        overlapRow("gradInput", {0, 0, 1}),
        {"empty self", set({"self", "gradOutput", "gradInput"}, shape({0, 4})), ACL_SUCCESS, {}},
        {"approximate none", set("approximate", value(Text{"none"})), ACL_SUCCESS, {}},
        {"float16 gradOutput with float32 self", set("gradOutput", dtype(ACL_FLOAT16)), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(GeluBackwardV2Errors, geluBackwardV2Call, geluBackwardV2Rows);

// PyTorch golden data (tests/golden/ops/gelu_backward_v2.py: gelu_backward(approximate='none' | 'tanh') for
// approximate none or tanh, over CANN's dtypes, the edges first; at an infinite self the limits), each value
// within goldenOk's bound.
TEST_P(GeluBackwardV2Test, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 6, kFp64Cases = 0;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("gradOutput").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"gelu_backward_v2.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &gt = c.tensor("gradOutput"), &xt = c.tensor("self"), &want = c.tensor("gradInput");
        const aclDataType d = goldenDtype(gt.dtype), outDtype = goldenDtype(want.dtype);
        DeviceTensor g(gt.dims, d), x(xt.dims, goldenDtype(xt.dtype)), out(want.dims, outDtype);
        g.upload(gt.values);
        x.upload(xt.values);
        const int64_t approximate = static_cast<int64_t>(c.num("approximate"));
        std::string text = approximate == 0 ? "none" : "tanh";  // the prototype's char *
        ASSERT_ACL_OK(planAndRun(kGeluBackwardV2, {g, x, text.data(), out}, stream));
        const std::vector<double> got = out.download();
        const std::vector<Expected> bounds = [&] {
            std::vector<Expected> e;
            for (size_t i = 0; i < static_cast<size_t>(want.numel()); ++i) {
                const size_t j = refBroadcastIndex(i, want.dims, xt.dims);
                e.push_back(approximate == 0 ? refGeluErfBackward(gt.values[i], xt.values[j], d, d)
                                           : refGeluTanhBackward(gt.values[i], xt.values[j], d, d));
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
