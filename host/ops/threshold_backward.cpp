// aclnnThresholdBackward (aclnnop/aclnn_threshold_backward.h): ReLU's gradient in CANN, which has no
// aclnnReluBackward: out = gradOutput where self > threshold, else 0, over the broadcast of the two. On
// the elementwise engine (the math is a select); its checks are CANN's own, in its order. The contract:
// docs/ops/threshold_backward.md.
//
// How the threshold compares, as CANN's op_api does it: a floating self compares in fp32 with threshold
// read as a float (ToFloat; ThresholdGradV2D), and a threshold within FLT_EPSILON of 0 counts as 0 (CANN
// runs ReluGrad then). An integer self compares with threshold converted to an integer (ConvertToTensor,
// then Greater): a real threshold truncated toward zero. We compare in int64, so a threshold outside
// self's range gives every element the one answer it should (CANN's narrowing conversion is undefined
// there). A NaN self is not greater than anything: its gradient is 0.
#include <cfloat>
#include <cmath>

#include "aclnnop/aclnn_threshold_backward.h"
#include "common/dtype.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnThresholdBackward";
const std::vector<aclDataType> kThresholdDtypes = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8, ACL_UINT8, ACL_BF16};

bool isFloatingDtype(aclDataType d) {
    const DtypeInfo *info = dtypeInfo(d);
    return info && info->floating;
}

// The threshold as the kernels compare with it: a float for floating self, else an int64 (truncated
// toward zero, saturated at int64's range).
ScalarValue comparedThreshold(const aclScalar *threshold, aclDataType self) {
    const ScalarValue v = ScalarValue::of(threshold);
    const DtypeInfo *info = dtypeInfo(v.dtype);
    const bool real = info && (info->floating || info->complex);  // complex: its real part, as ToFloat
    const double asDouble = real                       ? v.re
                            : v.dtype == ACL_UINT64    ? static_cast<double>(static_cast<uint64_t>(v.i))
                                                       : static_cast<double>(v.i);
    if (isFloatingDtype(self)) {
        const float f = static_cast<float>(asDouble);
        return ScalarValue::ofDouble(std::fabs(f) <= FLT_EPSILON ? 0.0 : static_cast<double>(f));
    }
    ScalarValue t;
    t.dtype = ACL_INT64;
    if (!real) {
        t.i = v.dtype == ACL_UINT64 && v.i < 0 ? INT64_MAX : v.i;  // a uint64 above INT64_MAX exceeds every self
    } else if (std::isnan(asDouble)) {
        t.i = INT64_MAX;  // nothing is greater than NaN
    } else if (asDouble >= 9.2233720368547758e18) {
        t.i = INT64_MAX;
    } else if (asDouble <= -9.2233720368547758e18) {
        t.i = INT64_MIN;
    } else {
        t.i = static_cast<int64_t>(asDouble);
    }
    return t;
}

void plan(OpPlan &plan, const aclTensor *gradOutput, const aclTensor *self, const aclScalar *threshold,
          const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, threshold, "aclScalar", "threshold");
    checkNotNull(op, out, "out");
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, self, "self");
    checkDtypeInList(op, gradOutput, "gradOutput", kThresholdDtypes);
    checkDtypeInList(op, self, "self", kThresholdDtypes);
    checkSameDtype(op, self, "self", gradOutput, "gradOutput");
    checkSameDtype(op, self, "self", out, "out");
    checkViews(op, {{gradOutput, "gradOutput"}, {self, "self"}});
    checkView(op, out, "out");
    checkBroadcastTo(op, self, "self", gradOutput, "gradOutput", out, "out");
    checkNoSelfOverlap(op, out, "out");

    const ScalarValue t = comparedThreshold(threshold, self->dtype);
    plan.addInput(gradOutput, "gradOutput");
    plan.addInput(self, "self");
    plan.addOutput(out, "out");
    plan.allowInPlace(0, 0);
    plan.allowInPlace(0, 1);
    plan.describeAttribute("threshold", t.dtype == ACL_INT64 ? static_cast<double>(t.i) : t.re);
    if (self->isEmpty() || gradOutput->isEmpty()) return;
    ElementwiseLaunch l;
    l.math = "a > alpha ? b : (C_VAL_T)0";
    l.compute = isFloatingDtype(self->dtype) ? ACL_FLOAT : ACL_INT64;
    l.a = ElementwiseOperand::input(1);
    l.b = ElementwiseOperand::input(0);
    l.alpha = t;
    planElementwise(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnThresholdBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                   const aclScalar *threshold, aclTensor *out,
                                                   uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor, [&](aclcl::OpPlan &plan) {
        aclcl::plan(plan, gradOutput, self, threshold, out);
    });
}

aclnnStatus aclnnThresholdBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
