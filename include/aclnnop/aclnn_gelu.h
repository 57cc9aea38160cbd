/* aclnn-opencl: GELU, the tanh form (host/ops/gelu.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_GELU_H_
#define ACLNN_OPENCL_ACLNNOP_GELU_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = 0.5 * self * (1 + tanh(sqrt(2 / pi) * (self + 0.044715 * self^3))). */
ACLNN_API aclnnStatus aclnnGeluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnGelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_GELU_H_ */
