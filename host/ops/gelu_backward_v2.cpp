// aclnnGeluBackwardV2 (aclnnop/aclnn_gelu_backward_v2.h): gradInput = gradOutput * GELU'(self) with the
// form chosen by `approximate`: "none" differentiates the erf form (ew_gelu_erf_backward), "tanh" the tanh
// form (ew_gelu_tanh_backward, as aclnnGeluBackward), over the broadcast of the two, in their promoted
// dtype, which must be gradInput's. On the elementwise engine; its checks are CANN's own, in its order
// (the attribute's value last; no rank check of its own: ours, with the views). The contract:
// docs/ops/gelu_backward_v2.md.
#include <cstring>

#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "engines/elementwise.h"
#include "ops/gelu_backward_checks.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnGeluBackwardV2";

void plan(OpPlan &plan, const aclTensor *gradOutput, const aclTensor *self, const char *approximate,
          const aclTensor *gradInput) {
    const char *op = plan.checkName();
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, self, "self");
    checkNotNull(op, gradInput, "gradInput");
    if (!approximate) {
        fail(ACLNN_ERR_PARAM_NULLPTR,
             strformat("%s: Expected approximate to be \"none\" or \"tanh\", but found nullptr.", op));
    }
    const aclDataType promoted = geluBackwardPromoted(op, gradOutput, self);
    if (promoted != gradInput->dtype) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected gradInput to have the promoted dtype of gradOutput and self, %s, but found %s.",
                       op, dtypeName(promoted), dtypeName(gradInput->dtype)));
    }
    checkViews(op, {{gradOutput, "gradOutput"}, {self, "self"}});
    checkBroadcastTo(op, gradOutput, "gradOutput", self, "self", gradInput, "gradInput");
    const bool tanhForm = std::strcmp(approximate, "tanh") == 0;
    if (!tanhForm && std::strcmp(approximate, "none") != 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected approximate to be \"none\" or \"tanh\", but found \"%s\".", op, approximate));
    }
    checkView(op, gradInput, "gradInput");
    checkNoSelfOverlap(op, gradInput, "gradInput");
    planGeluBackward(plan, gradOutput, self, gradInput, promoted,
                     tanhForm ? "ew_gelu_tanh_backward(b, a)" : "ew_gelu_erf_backward(b, a)");
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnGeluBackwardV2GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, char *approximate,
                                                aclTensor *gradInput, uint64_t *workspaceSize,
                                                aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor, [&](aclcl::OpPlan &plan) {
        aclcl::plan(plan, gradOutput, self, approximate, gradInput);
    });
}

aclnnStatus aclnnGeluBackwardV2(void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                                const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspace_size, executor, stream);
}
