// aclnnSigmoidBackward (aclnnop/aclnn_sigmoid_backward.h): gradInput = gradOutput * (1 - output) * output,
// `output` being Sigmoid's result, over the broadcast of the two, in their promoted dtype (complex too,
// multiplied as complex numbers without conjugation, as CANN's SigmoidGrad), cast to gradInput's on
// store. On the elementwise engine; its checks are CANN's own, in its order. The contract:
// docs/ops/sigmoid_backward.md.
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "common/dtype.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnSigmoidBackward";
const std::vector<aclDataType> kSigmoidBackwardDtypes = {ACL_FLOAT,     ACL_FLOAT16,    ACL_DOUBLE,
                                                         ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

void plan(OpPlan &plan, const aclTensor *gradOutput, const aclTensor *output, const aclTensor *gradInput) {
    const char *op = plan.checkName();
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, output, "output");
    checkNotNull(op, gradInput, "gradInput");
    checkDtypeInList(op, gradOutput, "gradOutput", kSigmoidBackwardDtypes);
    checkDtypeInList(op, output, "output", kSigmoidBackwardDtypes);
    checkDtypeInList(op, gradInput, "gradInput", kSigmoidBackwardDtypes);
    checkViews(op, {{gradOutput, "gradOutput"}, {output, "output"}});
    // Every pair of the list promotes to a dtype of the list (F16 with BF16 to F32, reals with complex to
    // complex), so only the cast to gradInput can fail here.
    const aclDataType promoted = promoteType(gradOutput->dtype, output->dtype);
    checkCastsTo(op, promoted, "the promoted dtype", gradInput, "gradInput");
    checkBroadcastTo(op, gradOutput, "gradOutput", output, "output", gradInput, "gradInput");
    checkView(op, gradInput, "gradInput");
    checkNoSelfOverlap(op, gradInput, "gradInput");
    requireDeviceSupports(plan.device(), promoted, op, "the promoted dtype");
    requireDeviceSupports(plan.device(), gradInput->dtype, op, "gradInput");

    plan.addInput(gradOutput, "gradOutput");
    plan.addInput(output, "output");
    plan.addOutput(gradInput, "gradInput");
    plan.allowInPlace(0, 0);
    plan.allowInPlace(0, 1);
    if (gradOutput->isEmpty() || output->isEmpty()) return;
    ElementwiseLaunch l;
    l.math = "EW_MUL(EW_MUL(b, EW_ONE_MINUS(a)), a)";
    l.compute = promoted;
    l.a = ElementwiseOperand::input(1);
    l.b = ElementwiseOperand::input(0);
    planElementwise(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnSigmoidBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                                 aclTensor *gradInput, uint64_t *workspaceSize,
                                                 aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, gradOutput, output, gradInput); });
}

aclnnStatus aclnnSigmoidBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                 const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
