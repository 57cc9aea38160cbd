// aclnnSigmoid, aclnnInplaceSigmoid (aclnnop/aclnn_sigmoid.h): out = 1 / (1 + exp(-self)), rows of the
// elementwise engine (the math: EW_SIGMOID in cl_kernels/elementwise.cl; for complex self the engine's
// complex exp and quotient). An integer or BOOL self is cast to out's dtype first; a floating or complex
// one computes in its own dtype (fp16 / bf16 in fp32, rounded once), then is cast to out's. The
// contract, in check order: docs/ops/sigmoid.md.
#include "aclnnop/aclnn_sigmoid.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

const std::vector<aclDataType> kSigmoidDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT8,       ACL_INT16,
                                                 ACL_INT32, ACL_INT64,   ACL_BOOL,   ACL_COMPLEX64, ACL_COMPLEX128,
                                                 ACL_BF16,  ACL_UINT8};
const std::vector<aclDataType> kSigmoidOutDtypes = {ACL_FLOAT,     ACL_FLOAT16,    ACL_DOUBLE,
                                                    ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

ElementwiseRow sigmoidRow(const char *api) {
    ElementwiseRow row{api, "EW_SIGMOID(a)", kSigmoidDtypes};
    row.unaryOut = UnaryOut::Listed;
    row.outDtypes = kSigmoidOutDtypes;
    row.unaryCompute = UnaryCompute::IntegralInOut;
    row.rankCheck = RankCheck::AfterShape;
    row.inplaceDtypes = kSigmoidOutDtypes;
    return row;
}
const ElementwiseRow kSigmoid = sigmoidRow("aclnnSigmoid"), kInplaceSigmoid = sigmoidRow("aclnnInplaceSigmoid");

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnSigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                         aclOpExecutor **executor) {
    return aclcl::unaryGetWorkspaceSize(aclcl::kSigmoid, self, out, workspaceSize, executor);
}
aclnnStatus aclnnSigmoid(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream) {
    return aclcl::runExecutor("aclnnSigmoid", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnInplaceSigmoidGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                aclOpExecutor **executor) {
    return aclcl::unaryGetWorkspaceSize(aclcl::kInplaceSigmoid, selfRef, nullptr, workspaceSize, executor, true);
}
aclnnStatus aclnnInplaceSigmoid(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                const aclrtStream stream) {
    return aclcl::runExecutor("aclnnInplaceSigmoid", workspace, workspaceSize, executor, stream);
}
