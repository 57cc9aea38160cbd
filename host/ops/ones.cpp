// aclnnInplaceOne (aclnnop/aclnn_ones.h): selfRef = 1 through selfRef's view, on the elementwise engine
// (host/ops/fill_value.h). The contract, in check order: docs/ops/ones.md. CANN's header declares selfRef
// `const aclTensor *` although the call writes it; so does ours. CANN's doc lists UINT16, its code rejects
// it: so do we.
#include "aclnnop/aclnn_ones.h"
#include "ops/fill_value.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnInplaceOne";
const std::vector<aclDataType> kOneDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_INT16,  ACL_INT32,
                                             ACL_INT64, ACL_UINT8,   ACL_BOOL, ACL_DOUBLE, ACL_BF16};

void plan(OpPlan &plan, const aclTensor *selfRef) {
    const char *op = plan.checkName();
    checkNotNull(op, selfRef, "selfRef");
    checkDtypeInList(op, selfRef, "selfRef", kOneDtypes);
    checkView(op, selfRef, "selfRef");
    checkNoSelfOverlap(op, selfRef, "selfRef");
    requireDeviceSupports(plan.device(), selfRef->dtype, op, "selfRef");
    planFill(plan, selfRef, ScalarValue::ofDouble(1));
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnInplaceOneGetWorkspaceSize(const aclTensor *selfRef, uint64_t *workspaceSize,
                                            aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, selfRef); });
}

aclnnStatus aclnnInplaceOne(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
