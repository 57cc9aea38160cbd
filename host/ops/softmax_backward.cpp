// aclnnSoftmaxBackward (aclnnop/aclnn_softmax_backward.h): out = y * (g - sum(g * y)) along `dim`, y being
// Softmax's result (`output`) and g gradOutput, in their dtype (fp16 / bf16 in fp32, rounded once), cast to
// out's (not checked, as CANN). The ALONG form of the reduction engine (host/engines/reduction.h): one
// accumulation in the engine's fixed order, then each element. The contract, in CANN's check order:
// docs/ops/softmax_backward.md. An empty gradOutput or output succeeds before the dtype checks, as CANN's.
#include "aclnnop/aclnn_softmax_backward.h"
#include "engines/elementwise.h"
#include "engines/reduction.h"
#include "ops/softmax_backward_out.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnSoftmaxBackward";
const std::vector<aclDataType> kSoftmaxBackwardDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

// x is gradOutput, y output.
constexpr ReductionAlongRow kSoftmaxBackward{
    kApi, "0", "acc + x * y", "acc + other", nullptr, nullptr, nullptr, "y * (x - first)"};

void plan(OpPlan &plan, const aclTensor *gradOutput, const aclTensor *output, int64_t dim, const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, output, "output");
    checkNotNull(op, out, "out");
    // Empty: success at once (CANN's order on A2/A3), once the views are real ones (ours: no negative dim).
    if (gradOutput->isEmpty() || output->isEmpty()) {
        checkViews(op, {{gradOutput, "gradOutput"}, {output, "output"}});
        return;
    }
    checkDtypeInList(op, gradOutput, "gradOutput", kSoftmaxBackwardDtypes);
    checkDtypeInList(op, output, "output", kSoftmaxBackwardDtypes);
    checkSameDtype(op, output, "output", gradOutput, "gradOutput");
    const int64_t along = alongDim(op, gradOutput, dim, "dim");
    checkViews(op, {{gradOutput, "gradOutput"}, {output, "output"}, {out, "out"}});
    checkSameShape(op, output, "output", gradOutput, "gradOutput");
    checkSameShape(op, out, "out", gradOutput, "gradOutput");
    checkSoftmaxGradOut(op, out);
    checkNoSelfOverlap(op, out, "out");
    requireDeviceSupports(plan.device(), gradOutput->dtype, op, "gradOutput");
    requireDeviceSupports(plan.device(), out->dtype, op, "out");

    plan.addInput(gradOutput, "gradOutput");
    plan.addInput(output, "output");
    plan.addOutput(out, "out");
    plan.allowInPlace(0, 0);
    plan.allowInPlace(0, 1);
    plan.describeAttribute("dim", dim);
    ReductionAlongLaunch l;
    l.row = &kSoftmaxBackward;
    l.accumulate = gradOutput->dtype;
    l.dim = along;
    l.x = 0;
    l.y = 1;
    planReductionAlong(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnSoftmaxBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output, int64_t dim,
                                                 aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, gradOutput, output, dim, out); });
}
aclnnStatus aclnnSoftmaxBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                 aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
