// aclnnMul, aclnnMuls, aclnnInplaceMul, aclnnInplaceMuls (aclnnop/aclnn_mul.h): out = self * other, rows of
// the elementwise engine (host/engines/elementwise.h). The contract, in check order: docs/ops/mul.md.
// Mul lists out's dtype too; Muls computes BF16 in F32 (CANN's InferTensorScalarDtype) and, like CANN on
// A2/A3, does not check CanCast(compute, out).
#include "aclnnop/aclnn_mul.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

const std::vector<aclDataType> kMulDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_DOUBLE, ACL_INT8,       ACL_UINT8,
                                             ACL_INT16, ACL_INT64,   ACL_BOOL,  ACL_COMPLEX128, ACL_COMPLEX64, ACL_BF16};

ElementwiseRow mulRow(const char *api, bool scalar) {
    ElementwiseRow row{api, "EW_MUL(a, b)", kMulDtypes};
    row.outListed = true;
    row.scalarTyping = ScalarTyping::Muls;
    row.castCheckedToOut = !scalar;
    return row;
}
const ElementwiseRow kMul = mulRow("aclnnMul", false), kMuls = mulRow("aclnnMuls", true),
                     kInplaceMul = mulRow("aclnnInplaceMul", false), kInplaceMuls = mulRow("aclnnInplaceMuls", true);

}  // namespace
}  // namespace aclcl

using aclcl::binaryGetWorkspaceSize;
using aclcl::binaryScalarGetWorkspaceSize;

aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out,
                                     uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryGetWorkspaceSize(aclcl::kMul, self, other, nullptr, out, workspaceSize, executor);
}
aclnnStatus aclnnMul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnMul", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnMulsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out,
                                      uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binaryScalarGetWorkspaceSize(aclcl::kMuls, self, other, nullptr, out, workspaceSize, executor);
}
aclnnStatus aclnnMuls(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnMuls", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceMulGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize,
                                            aclOpExecutor **executor) {
    return binaryGetWorkspaceSize(aclcl::kInplaceMul, selfRef, other, nullptr, nullptr, workspaceSize, executor, true);
}
aclnnStatus aclnnInplaceMul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceMul", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceMulsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize,
                                             aclOpExecutor **executor) {
    return binaryScalarGetWorkspaceSize(aclcl::kInplaceMuls, selfRef, other, nullptr, nullptr, workspaceSize, executor,
                                        true);
}
aclnnStatus aclnnInplaceMuls(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceMuls", workspace, workspaceSize, executor, stream);
}
