// aclnnInplaceFillScalar (aclnnop/aclnn_fill_scalar.h): selfRef = value through selfRef's view, value an
// aclScalar converted to selfRef's dtype as the engine converts every scalar (host/ops/fill_value.h). The
// contract, in check order: docs/ops/fill_scalar.md.
//
// CANN requires PromoteType(selfRef, value) to exist (not that the value casts to selfRef: a float value
// fills an integer selfRef), so a UINT16, UINT32 or UINT64 selfRef takes only a value of its own dtype (or a
// complex one: the table's unsigned rows promote with complex).
#include "aclnnop/aclnn_fill_scalar.h"
#include "common/dtype.h"
#include "ops/fill_value.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnInplaceFillScalar";
// A2/A3's list (SocVersion 910B..910E); other chips lack the three unsigned types beyond UINT8.
const std::vector<aclDataType> kFillDtypes = {ACL_FLOAT,  ACL_INT32,  ACL_INT64,     ACL_FLOAT16,    ACL_INT16,
                                              ACL_INT8,   ACL_UINT8,  ACL_DOUBLE,    ACL_BOOL,       ACL_COMPLEX64,
                                              ACL_COMPLEX128, ACL_BF16, ACL_UINT16,  ACL_UINT32,     ACL_UINT64};

void plan(OpPlan &plan, const aclTensor *selfRef, const aclScalar *value) {
    const char *op = plan.checkName();
    checkNotNull(op, selfRef, "selfRef");
    checkNotNull(op, value, "aclScalar", "value");
    checkDtypeInList(op, selfRef, "selfRef", kFillDtypes);
    if (promoteType(selfRef->dtype, value->dtype) == ACL_DT_UNDEFINED) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: selfRef dtype %s and value dtype %s can't be promoted.", op,
                                                dtypeName(selfRef->dtype), dtypeName(value->dtype)));
    }
    checkView(op, selfRef, "selfRef");
    checkNoSelfOverlap(op, selfRef, "selfRef");
    requireDeviceSupports(plan.device(), selfRef->dtype, op, "selfRef");
    planFill(plan, selfRef, ScalarValue::of(value));
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnInplaceFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *value,
                                                   uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, selfRef, value); });
}

aclnnStatus aclnnInplaceFillScalar(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
