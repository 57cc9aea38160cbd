/* aclnn-opencl: elementwise exponential (host/ops/exp.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_EXP_H_
#define ACLNN_OPENCL_ACLNNOP_EXP_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = e^self, computed in self's dtype (BOOL and INT64 in FLOAT) and cast to out's; InplaceExp writes
 * selfRef (floating and complex dtypes only). */
ACLNN_API aclnnStatus aclnnExpGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnExp(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceExpGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceExp(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_EXP_H_ */
