// aclnnSiluBackward (aclnnop/aclnn_silu_backward.h): gradInput = gradOutput * s * (1 + self * (1 - s)),
// s = sigmoid(self), on the elementwise engine (the math: ew_silu_backward in cl_kernels/elementwise.cl,
// in fp32 for fp16 / bf16, rounded once). Its checks are CANN's own, in its A2/A3 order: the three
// tensors of one dtype and one shape (no broadcasting there). The contract: docs/ops/silu_backward.md.
#include "aclnnop/aclnn_silu_backward.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnSiluBackward";
const std::vector<aclDataType> kSiluBackwardDtypes = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};

void plan(OpPlan &plan, const aclTensor *gradOutput, const aclTensor *self, const aclTensor *gradInput) {
    const char *op = plan.checkName();
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, self, "self");
    checkNotNull(op, gradInput, "gradInput");
    checkDtypeInList(op, gradOutput, "gradOutput", kSiluBackwardDtypes);
    checkDtypeInList(op, self, "self", kSiluBackwardDtypes);
    checkDtypeInList(op, gradInput, "gradInput", kSiluBackwardDtypes);
    checkSameDtype(op, gradInput, "gradInput", gradOutput, "gradOutput");
    checkSameDtype(op, gradInput, "gradInput", self, "self");
    checkViews(op, {{gradOutput, "gradOutput"}, {self, "self"}});
    checkShapeIs(op, gradOutput, "gradOutput", gradInput->viewDims);
    checkShapeIs(op, self, "self", gradInput->viewDims);
    checkView(op, gradInput, "gradInput");
    checkNoSelfOverlap(op, gradInput, "gradInput");

    plan.addInput(gradOutput, "gradOutput");
    plan.addInput(self, "self");
    plan.addOutput(gradInput, "gradInput");
    plan.allowInPlace(0, 0);
    plan.allowInPlace(0, 1);
    if (gradOutput->isEmpty() || self->isEmpty()) return;
    ElementwiseLaunch l;
    l.math = "ew_silu_backward(b, a)";
    l.compute = self->dtype;
    l.a = ElementwiseOperand::input(1);
    l.b = ElementwiseOperand::input(0);
    planElementwise(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnSiluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput,
                                              uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, gradOutput, self, gradInput); });
}

aclnnStatus aclnnSiluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
