// aclnnCast (aclnnop/aclnn_cast.h): out = self converted to `dtype`, on the elementwise engine (the math
// is the value itself, computed in self's dtype; the conversion is the store's, rounding once:
// cl_kernels/common.cl). The contract, in check order: docs/ops/cast.md.
//
// CANN never compares out's dtype with `dtype` (it casts to `dtype`, then copies into out); we reject a
// mismatch (161002) rather than cast twice. Floating to integer truncates toward zero and saturates, NaN
// giving 0 (the doc's rule for NaN; saturation is ours). Complex to real keeps the real part.
#include <algorithm>

#include "aclnnop/aclnn_cast.h"
#include "common/dtype.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnCast";
// CANN's list for Cast is every dtype the engine holds.
const std::vector<aclDataType> &kCastDtypes = kStorableDtypes;

void plan(OpPlan &plan, const aclTensor *self, aclDataType dtype, const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, self, "self");
    checkNotNull(op, out, "out");
    checkDtypeInList(op, self, "self", kCastDtypes);
    if (std::find(kCastDtypes.begin(), kCastDtypes.end(), dtype) == kCastDtypes.end()) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: dtype %s (%d) not implemented, should be in dtype support list %s.",
                                                op, dtypeName(dtype) ? dtypeName(dtype) : "unknown",
                                                static_cast<int>(dtype),
                                                dtypeList(kCastDtypes.data(), kCastDtypes.size()).c_str()));
    }
    if (out->dtype != dtype) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected out to have the requested dtype %s, but found %s.", op,
                                                dtypeName(dtype), dtypeName(out->dtype)));
    }
    checkViews(op, {{self, "self"}, {out, "out"}});
    checkShapeIs(op, out, "out", self->viewDims);
    checkNoSelfOverlap(op, out, "out");
    requireDeviceSupports(plan.device(), self->dtype, op, "self");
    requireDeviceSupports(plan.device(), out->dtype, op, "out");

    plan.addInput(self, "self");
    plan.addOutput(out, "out");
    plan.allowInPlace(0, 0);
    plan.describeAttribute("dtype", static_cast<int64_t>(dtype));
    if (self->isEmpty()) return;
    ElementwiseLaunch l;
    l.compute = self->dtype;
    l.a = ElementwiseOperand::input(0);
    planElementwise(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnCastGetWorkspaceSize(const aclTensor *self, const aclDataType dtype, aclTensor *out,
                                      uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, self, dtype, out); });
}

aclnnStatus aclnnCast(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
