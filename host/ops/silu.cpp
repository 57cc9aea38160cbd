// aclnnSilu (aclnnop/aclnn_silu.h): out = self * sigmoid(self), a row of the elementwise engine (the math:
// ew_silu in cl_kernels/elementwise.cl, in fp32 for fp16 / bf16, rounded once). The contract, in check
// order: docs/ops/silu.md. CANN's Silu has no rank limit (it flattens more than 8 dims).
#include "aclnnop/aclnn_silu.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

ElementwiseRow siluRow() {
    ElementwiseRow row{"aclnnSilu", "ew_silu(a)", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}};
    row.unaryOut = UnaryOut::IsResult;
    row.rankCheck = RankCheck::None;
    return row;
}
const ElementwiseRow kSilu = siluRow();

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnSiluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                      aclOpExecutor **executor) {
    return aclcl::unaryGetWorkspaceSize(aclcl::kSilu, self, out, workspaceSize, executor);
}
aclnnStatus aclnnSilu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnSilu", workspace, workspaceSize, executor, stream);
}
