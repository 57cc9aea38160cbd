// aclnnInplaceZero (aclnnop/aclnn_zero.h): selfRef = 0 through selfRef's view, on the elementwise engine
// (host/ops/fill_value.h). The contract, in check order: docs/ops/zero.md.
//
// CANN checks no rank here; the engine addresses views of at most 8 dims, so a rank above 8 is rejected with
// the other malformed views (161002, ours).
#include "aclnnop/aclnn_zero.h"
#include "ops/fill_value.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnInplaceZero";
const std::vector<aclDataType> kZeroDtypes = {ACL_INT8, ACL_INT32, ACL_INT64,  ACL_UINT8,      ACL_FLOAT16,
                                              ACL_FLOAT, ACL_BOOL, ACL_DOUBLE, ACL_INT16,      ACL_UINT16,
                                              ACL_COMPLEX128, ACL_COMPLEX64, ACL_BF16};

void plan(OpPlan &plan, const aclTensor *selfRef) {
    const char *op = plan.checkName();
    checkNotNull(op, selfRef, "selfRef");
    checkDtypeInList(op, selfRef, "selfRef", kZeroDtypes);
    checkView(op, selfRef, "selfRef");
    checkNoSelfOverlap(op, selfRef, "selfRef");
    requireDeviceSupports(plan.device(), selfRef->dtype, op, "selfRef");
    planFill(plan, selfRef, ScalarValue::ofDouble(0));
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnInplaceZeroGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, selfRef); });
}

aclnnStatus aclnnInplaceZero(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
