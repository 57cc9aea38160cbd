/* aclnn-opencl: elementwise subtraction (host/ops/sub.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_SUB_H_
#define ACLNN_OPENCL_ACLNNOP_SUB_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = self - alpha * other, broadcast (NumPy rules), computed in CANN's promoted dtype and cast to out's.
 * Subs takes other as an aclScalar; the Inplace forms write selfRef. */
ACLNN_API aclnnStatus aclnnSubGetWorkspaceSize(const aclTensor *self, const aclTensor *other, const aclScalar *alpha, aclTensor *out, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSub(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    aclrtStream stream);
ACLNN_API aclnnStatus aclnnSubsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, const aclScalar *alpha, aclTensor *out, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSubs(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceSubGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, const aclScalar *alpha, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceSub(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceSubsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, const aclScalar *alpha, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceSubs(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_SUB_H_ */
