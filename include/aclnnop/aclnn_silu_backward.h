/* aclnn-opencl: Silu's gradient (host/ops/silu_backward.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_SILU_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_SILU_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradInput = gradOutput * s * (1 + self * (1 - s)), s = sigmoid(self); the three tensors of one dtype and
 * one shape. */
ACLNN_API aclnnStatus aclnnSiluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                        aclTensor *gradInput, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSiluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                        aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_SILU_BACKWARD_H_ */
