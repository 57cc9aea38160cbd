// aclnnNeg, aclnnInplaceNeg (aclnnop/aclnn_neg.h): out = -self, a row of the elementwise engine
// (host/engines/elementwise.h). The contract, in check order: docs/ops/neg.md.
// Integers wrap (-(-128) is -128 in INT8); floats flip the sign bit (-0 from 0, NaN stays NaN).
#include "aclnnop/aclnn_neg.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

// CanCast(self, out), rank then out's shape: the row's defaults.
ElementwiseRow negRow(const char *api) {
    return ElementwiseRow{api, "-a", {ACL_INT8, ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE,
                                      ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16}};
}
const ElementwiseRow kNeg = negRow("aclnnNeg"), kInplaceNeg = negRow("aclnnInplaceNeg");

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnNegGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                     aclOpExecutor **executor) {
    return aclcl::unaryGetWorkspaceSize(aclcl::kNeg, self, out, workspaceSize, executor);
}
aclnnStatus aclnnNeg(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream) {
    return aclcl::runExecutor("aclnnNeg", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceNegGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::unaryGetWorkspaceSize(aclcl::kInplaceNeg, selfRef, nullptr, workspaceSize, executor, true);
}
aclnnStatus aclnnInplaceNeg(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceNeg", workspace, workspaceSize, executor, stream);
}
