/* aclnn-opencl: SiLU (host/ops/silu.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_SILU_H_
#define ACLNN_OPENCL_ACLNNOP_SILU_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = self * sigmoid(self). */
ACLNN_API aclnnStatus aclnnSiluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSilu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_SILU_H_ */
