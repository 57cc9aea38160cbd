// aclnnDiv, aclnnDivs, aclnnInplaceDiv, aclnnInplaceDivs (aclnnop/aclnn_div.h): out = self / other, true
// division, rows of the elementwise engine (host/engines/elementwise.h). The contract, in check order:
// docs/ops/div.md.
// Integer and BOOL operands divide in F32 (a floating quotient, cast to out on store: into an integer out
// it truncates and saturates); floating and complex ones in their promoted dtype. Division by zero is
// IEEE's: +-inf, or NaN for 0 / 0. Div checks in its own order (CheckOrder::Div): out first, shapes
// before dtypes; Divs checks the scalar's dtype against the list too, and CanCast(self, out).
#include "aclnnop/aclnn_div.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

ElementwiseRow divRow(const char *api) {
    ElementwiseRow row{api, "EW_DIV(a, b)", {ACL_FLOAT16, ACL_FLOAT, ACL_INT64, ACL_INT32, ACL_INT16, ACL_INT8,
                                             ACL_UINT8, ACL_DOUBLE, ACL_BOOL, ACL_BF16, ACL_COMPLEX64, ACL_COMPLEX128}};
    row.order = CheckOrder::Div;
    row.scalarTyping = ScalarTyping::Divs;
    row.computeFor = integralComputesInF32;
    row.formatCheck = FormatCheck::NotPrivate;
    return row;
}
const ElementwiseRow kDiv = divRow("aclnnDiv"), kDivs = divRow("aclnnDivs"), kInplaceDiv = divRow("aclnnInplaceDiv"),
                     kInplaceDivs = divRow("aclnnInplaceDivs");

}  // namespace
}  // namespace aclcl

using aclcl::binaryGetWorkspaceSize;
using aclcl::binaryScalarGetWorkspaceSize;

aclnnStatus aclnnDivGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out,
                                     uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryGetWorkspaceSize(aclcl::kDiv, self, other, nullptr, out, workspaceSize, executor);
}
aclnnStatus aclnnDiv(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnDiv", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnDivsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out,
                                      uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryScalarGetWorkspaceSize(aclcl::kDivs, self, other, nullptr, out, workspaceSize, executor);
}
aclnnStatus aclnnDivs(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnDivs", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceDivGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize,
                                            aclOpExecutor **executor) {
    return binaryGetWorkspaceSize(aclcl::kInplaceDiv, selfRef, other, nullptr, nullptr, workspaceSize, executor, true);
}
aclnnStatus aclnnInplaceDiv(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceDiv", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceDivsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize,
                                             aclOpExecutor **executor) {
    return binaryScalarGetWorkspaceSize(aclcl::kInplaceDivs, selfRef, other, nullptr, nullptr, workspaceSize, executor,
                                        true);
}
aclnnStatus aclnnInplaceDivs(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceDivs", workspace, workspaceSize, executor, stream);
}
