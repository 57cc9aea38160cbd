// aclnnRelu, aclnnInplaceRelu (aclnnop/aclnn_relu.h): out = max(self, 0), rows of the elementwise engine
// (host/engines/elementwise.h; the math: EW_RELU in cl_kernels/elementwise.cl). The contract, in check
// order: docs/ops/relu.md. A NaN stays NaN (as PyTorch's relu), -0 gives +0; UINT8 is the identity (CANN
// copies it).
#include "aclnnop/aclnn_relu.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

const std::vector<aclDataType> kReluDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_UINT8, ACL_INT32, ACL_INT64, ACL_BF16};

ElementwiseRow reluRow(const char *api) {
    ElementwiseRow row{api, "EW_RELU(a)", kReluDtypes};
    row.unaryOut = UnaryOut::IsResult;
    return row;
}
const ElementwiseRow kRelu = reluRow("aclnnRelu"), kInplaceRelu = reluRow("aclnnInplaceRelu");

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnReluGetWorkspaceSize(const aclTensor *self, const aclTensor *out, uint64_t *workspaceSize,
                                      aclOpExecutor **executor) {
    return aclcl::unaryGetWorkspaceSize(aclcl::kRelu, self, out, workspaceSize, executor);
}
aclnnStatus aclnnRelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream) {
    return aclcl::runExecutor("aclnnRelu", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceReluGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::unaryGetWorkspaceSize(aclcl::kInplaceRelu, selfRef, nullptr, workspaceSize, executor, true);
}
aclnnStatus aclnnInplaceRelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                             const aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceRelu", workspace, workspaceSize, executor, stream);
}
