// aclnnGelu (aclnnop/aclnn_gelu.h): out = 0.5 * self * (1 + tanh(sqrt(2 / pi) * (self + 0.044715 *
// self^3))), always the tanh form (CANN's Gelu has no `approximate`; GeluV2 chooses), a row of the
// elementwise engine (the math: ew_gelu_tanh in cl_kernels/elementwise.cl, x * sigmoid(2u), in fp32 for
// fp16 / bf16, rounded once). The contract, in check order: docs/ops/gelu.md.
#include "aclnnop/aclnn_gelu.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

ElementwiseRow geluRow() {
    ElementwiseRow row{"aclnnGelu", "ew_gelu_tanh(a)", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}};
    row.unaryOut = UnaryOut::IsResult;
    row.formatCheck = FormatCheck::NotPrivate;
    return row;
}
const ElementwiseRow kGelu = geluRow();

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnGeluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                      aclOpExecutor **executor) {
    return aclcl::unaryGetWorkspaceSize(aclcl::kGelu, self, out, workspaceSize, executor);
}
aclnnStatus aclnnGelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream) {
    return aclcl::runExecutor("aclnnGelu", workspace, workspaceSize, executor, stream);
}
