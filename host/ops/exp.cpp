// aclnnExp, aclnnInplaceExp (aclnnop/aclnn_exp.h): out = e^self, a row of the elementwise engine
// (host/engines/elementwise.h). The contract, in check order: docs/ops/exp.md.
// BOOL and INT64 self compute in F32 (so their out must be floating: CanCast(F32, out)); Exp checks out's
// shape before the rank; InplaceExp takes only the floating and complex dtypes.
#include "aclnnop/aclnn_exp.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

ElementwiseRow expRow(const char *api) {
    ElementwiseRow row{api, "EW_EXP(a)", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128,
                                          ACL_BOOL, ACL_INT64}};
    row.unaryCompute = UnaryCompute::IntegralInF32;
    row.rankCheck = RankCheck::AfterShape;
    return row;
}
ElementwiseRow inplaceExpRow() {
    ElementwiseRow row = expRow("aclnnInplaceExp");
    row.inplaceDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
    return row;
}
const ElementwiseRow kExp = expRow("aclnnExp"), kInplaceExp = inplaceExpRow();

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnExpGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                     aclOpExecutor **executor) {
    return aclcl::unaryGetWorkspaceSize(aclcl::kExp, self, out, workspaceSize, executor);
}
aclnnStatus aclnnExp(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnExp", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceExpGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::unaryGetWorkspaceSize(aclcl::kInplaceExp, selfRef, nullptr, workspaceSize, executor, true);
}
aclnnStatus aclnnInplaceExp(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceExp", workspace, workspaceSize, executor, stream);
}
