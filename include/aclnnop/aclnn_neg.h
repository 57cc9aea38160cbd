/* aclnn-opencl: elementwise negation (host/ops/neg.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_NEG_H_
#define ACLNN_OPENCL_ACLNNOP_NEG_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = -self, computed in self's dtype and cast to out's; InplaceNeg writes selfRef. */
ACLNN_API aclnnStatus aclnnNegGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnNeg(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    const aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceNegGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceNeg(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_NEG_H_ */
