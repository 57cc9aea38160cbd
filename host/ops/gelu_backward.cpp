// aclnnGeluBackward (aclnnop/aclnn_gelu_backward.h): gradInput = gradOutput * GELU'(self), the derivative
// of the tanh form that aclnnGelu computes (CANN's GeluGrad kernel differentiates the tanh form, whatever
// its doc's erf formula says: OPS_COMPANION 4), over the broadcast of the two, in their promoted dtype
// (fp16 / bf16 in fp32, rounded once), cast to gradInput's dtype on store. On the elementwise engine (the
// math: ew_gelu_tanh_backward in cl_kernels/elementwise.cl); its checks are CANN's own, in its order. The
// contract: docs/ops/gelu_backward.md.
#include "aclnnop/aclnn_gelu_backward.h"
#include "engines/elementwise.h"
#include "ops/gelu_backward_checks.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnGeluBackward";

void plan(OpPlan &plan, const aclTensor *gradOutput, const aclTensor *self, const aclTensor *gradInput) {
    const char *op = plan.checkName();
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, self, "self");
    checkNotNull(op, gradInput, "gradInput");
    const aclDataType promoted = geluBackwardPromoted(op, gradOutput, self);
    checkViews(op, {{gradOutput, "gradOutput"}, {self, "self"}});
    checkBroadcastTo(op, gradOutput, "gradOutput", self, "self", gradInput, "gradInput");
    // Ours: CANN casts the result to any gradInput dtype; the engine stores into the dtypes Cast lists.
    checkDtypeInList(op, gradInput, "gradInput", kStorableDtypes);
    checkView(op, gradInput, "gradInput");
    checkNoSelfOverlap(op, gradInput, "gradInput");
    requireDeviceSupports(plan.device(), gradInput->dtype, op, "gradInput");
    planGeluBackward(plan, gradOutput, self, gradInput, promoted, "ew_gelu_tanh_backward(b, a)");
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnGeluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                              const aclTensor *gradInput, uint64_t *workspaceSize,
                                              aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, gradOutput, self, gradInput); });
}

aclnnStatus aclnnGeluBackward(void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                              const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspace_size, executor, stream);
}
