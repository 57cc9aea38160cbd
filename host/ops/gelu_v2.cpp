// aclnnGeluV2 (aclnnop/aclnn_gelu_v2.h): y = GELU(x), approximate 1 the tanh form (ew_gelu_tanh, as
// aclnnGelu), any other value the exact erf form x * Phi(x) (ew_gelu_erf), on the elementwise engine. Its
// checks are CANN's own, in its order (y's dtype against x's before x's list; no rank limit of its own:
// ours, with the views), so it plans with planElementwise. The contract: docs/ops/gelu_v2.md.
#include "aclnnop/aclnn_gelu_v2.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnGeluV2";
const std::vector<aclDataType> kGeluV2Dtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

void plan(OpPlan &plan, const aclTensor *x, int64_t approximate, const aclTensor *y) {
    const char *op = plan.checkName();
    checkNotNull(op, x, "x");
    checkNotNull(op, y, "y");
    checkSameDtype(op, x, "x", y, "y");
    checkDtypeInList(op, x, "x", kGeluV2Dtypes);
    checkViews(op, {{x, "x"}, {y, "y"}});
    checkShapeIs(op, y, "y", x->viewDims);
    checkNoSelfOverlap(op, y, "y");

    // CANN reads approximate as "tanh" when it is 1 and as "none" otherwise (no value is an error).
    const bool tanhForm = approximate == 1;
    plan.addInput(x, "x");
    plan.addOutput(y, "y");
    plan.allowInPlace(0, 0);
    plan.describeAttribute("approximate", approximate);
    if (x->isEmpty()) return;
    ElementwiseLaunch l;
    l.math = tanhForm ? "ew_gelu_tanh(a)" : "ew_gelu_erf(a)";
    l.compute = x->dtype;
    l.a = ElementwiseOperand::input(0);
    planElementwise(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnGeluV2GetWorkspaceSize(const aclTensor *x, int64_t approximate, aclTensor *y, uint64_t *workspaceSize,
                                        aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, x, approximate, y); });
}

aclnnStatus aclnnGeluV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
