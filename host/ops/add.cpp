// aclnnAdd, aclnnAdds, aclnnInplaceAdd, aclnnInplaceAdds (aclnnop/aclnn_add.h): out = self + alpha * other,
// rows of the elementwise engine (host/engines/elementwise.h). The contract, in check order:
// docs/ops/add.md.
//
// The math rounds alpha * other to the compute dtype before the add (CANN's Mul-then-Add path for BF16,
// F64, integers and complex); CANN's fused Axpy for F16 keeps alpha and the product in float
// (fp16KeepsFloatAlpha), and for F32 and I32 the intermediate rounding changes nothing.
#include "aclnnop/aclnn_add.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

const std::vector<aclDataType> kAddDtypes = {ACL_FLOAT, ACL_INT32,  ACL_INT64, ACL_FLOAT16,   ACL_INT16,     ACL_INT8,
                                             ACL_UINT8, ACL_DOUBLE, ACL_BOOL,  ACL_BF16, ACL_COMPLEX64, ACL_COMPLEX128};
constexpr const char *kAddMath = "a + EW_STEP(EW_MUL(alpha, b))";

ElementwiseRow addRow(const char *api) {
    ElementwiseRow row{api, kAddMath, kAddDtypes};
    row.alpha = true;
    row.scalarTyping = ScalarTyping::Adds;
    return row;
}
const ElementwiseRow kAdd = addRow("aclnnAdd"), kAdds = addRow("aclnnAdds"), kInplaceAdd = addRow("aclnnInplaceAdd"),
                     kInplaceAdds = addRow("aclnnInplaceAdds");

}  // namespace
}  // namespace aclcl

using aclcl::binaryGetWorkspaceSize;
using aclcl::binaryScalarGetWorkspaceSize;

aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor *self, const aclTensor *other, const aclScalar *alpha,
                                     aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryGetWorkspaceSize(aclcl::kAdd, self, other, alpha, out, workspaceSize, executor);
}
aclnnStatus aclnnAdd(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnAdd", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnAddsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, const aclScalar *alpha,
                                      aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryScalarGetWorkspaceSize(aclcl::kAdds, self, other, alpha, out, workspaceSize, executor);
}
aclnnStatus aclnnAdds(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnAdds", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceAddGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *other, const aclScalar *alpha,
                                            uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryGetWorkspaceSize(aclcl::kInplaceAdd, selfRef, other, alpha, nullptr, workspaceSize, executor, true);
}
aclnnStatus aclnnInplaceAdd(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceAdd", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceAddsGetWorkspaceSize(const aclTensor *selfRef, const aclScalar *other, const aclScalar *alpha,
                                             uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryScalarGetWorkspaceSize(aclcl::kInplaceAdds, selfRef, other, alpha, nullptr, workspaceSize, executor,
                                        true);
}
aclnnStatus aclnnInplaceAdds(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceAdds", workspace, workspaceSize, executor, stream);
}
