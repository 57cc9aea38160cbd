// aclnnAbs (aclnnop/aclnn_abs.h): out = |self|, a row of the elementwise engine (host/engines/elementwise.h).
// The contract, in check order: docs/ops/abs.md.
// out's dtype is self's, except a COMPLEX64 self whose |z| is a FLOAT out; formats are checked (no private
// format, out's format self's). UINT8 and BOOL come out unchanged; the most negative integer wraps to
// itself, as in two's complement.
#include "aclnnop/aclnn_abs.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

ElementwiseRow absRow() {
    ElementwiseRow row{"aclnnAbs", "EW_ABS(a)", {ACL_DOUBLE, ACL_FLOAT, ACL_FLOAT16, ACL_INT64, ACL_INT32, ACL_INT16,
                                                 ACL_INT8, ACL_UINT8, ACL_BOOL, ACL_BF16, ACL_COMPLEX64}};
    row.unaryOut = UnaryOut::IsResult;
    row.realResultOfComplex = true;
    row.formatCheck = FormatCheck::NotPrivateSameAsSelf;
    return row;
}
const ElementwiseRow kAbs = absRow();

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnAbsGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                     aclOpExecutor **executor) {
    return aclcl::unaryGetWorkspaceSize(aclcl::kAbs, self, out, workspaceSize, executor);
}
aclnnStatus aclnnAbs(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream) {
    return aclcl::runExecutor("aclnnAbs", workspace, workspaceSize, executor, stream);
}
