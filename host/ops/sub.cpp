// aclnnSub, aclnnSubs, aclnnInplaceSub, aclnnInplaceSubs (aclnnop/aclnn_sub.h): out = self - alpha * other,
// rows of the elementwise engine (host/engines/elementwise.h). The contract, in check order:
// docs/ops/sub.md. Add's dtypes, typing and checks; on A2/A3 CANN computes F16 and BF16 in F32 when alpha
// is not 1 (computeFor), and accepts BOOL (true - true is false, false - true is true: nonzero is true).
#include "aclnnop/aclnn_sub.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

const std::vector<aclDataType> kSubDtypes = {ACL_FLOAT, ACL_INT32,  ACL_INT64, ACL_FLOAT16, ACL_INT16,     ACL_INT8,
                                             ACL_UINT8, ACL_DOUBLE, ACL_BOOL,  ACL_BF16,    ACL_COMPLEX64, ACL_COMPLEX128};

ElementwiseRow subRow(const char *api) {
    ElementwiseRow row{api, "a - EW_STEP(EW_MUL(alpha, b))", kSubDtypes};
    row.alpha = true;
    row.scalarTyping = ScalarTyping::Adds;
    row.computeFor = floatAlphaComputesInF32;
    return row;
}
const ElementwiseRow kSub = subRow("aclnnSub"), kSubs = subRow("aclnnSubs"), kInplaceSub = subRow("aclnnInplaceSub"),
                     kInplaceSubs = subRow("aclnnInplaceSubs");

}  // namespace
}  // namespace aclcl

using aclcl::binaryGetWorkspaceSize;
using aclcl::binaryScalarGetWorkspaceSize;

aclnnStatus aclnnSubGetWorkspaceSize(const aclTensor *self, const aclTensor *other, const aclScalar *alpha,
                                     aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryGetWorkspaceSize(aclcl::kSub, self, other, alpha, out, workspaceSize, executor);
}
aclnnStatus aclnnSub(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnSub", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnSubsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, const aclScalar *alpha,
                                      aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryScalarGetWorkspaceSize(aclcl::kSubs, self, other, alpha, out, workspaceSize, executor);
}
aclnnStatus aclnnSubs(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnSubs", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceSubGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, const aclScalar *alpha,
                                            uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryGetWorkspaceSize(aclcl::kInplaceSub, selfRef, other, alpha, nullptr, workspaceSize, executor, true);
}
aclnnStatus aclnnInplaceSub(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceSub", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceSubsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, const aclScalar *alpha,
                                             uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryScalarGetWorkspaceSize(aclcl::kInplaceSubs, selfRef, other, alpha, nullptr, workspaceSize, executor,
                                        true);
}
aclnnStatus aclnnInplaceSubs(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceSubs", workspace, workspaceSize, executor, stream);
}
