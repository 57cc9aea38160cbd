/* aclnn-opencl: elementwise absolute value (host/ops/abs.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_ABS_H_
#define ACLNN_OPENCL_ACLNNOP_ABS_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = |self| in self's dtype; a COMPLEX64 self gives |z| in a FLOAT out. */
ACLNN_API aclnnStatus aclnnAbsGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnAbs(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_ABS_H_ */
