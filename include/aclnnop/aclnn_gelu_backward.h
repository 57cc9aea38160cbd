/* aclnn-opencl: Gelu's gradient (host/ops/gelu_backward.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_GELU_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_GELU_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradInput = gradOutput * GELU'(self), the derivative of aclnnGelu's tanh form, over the broadcast of
 * gradOutput and self, computed in their promoted dtype and cast to gradInput's. */
ACLNN_API aclnnStatus aclnnGeluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                        const aclTensor *gradInput, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnGeluBackward(void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                                        const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_GELU_BACKWARD_H_ */
