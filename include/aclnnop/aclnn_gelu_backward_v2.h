/* aclnn-opencl: Gelu's gradient with the form selectable (host/ops/gelu_backward_v2.cpp on the elementwise
 * engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_GELU_BACKWARD_V2_H_
#define ACLNN_OPENCL_ACLNNOP_GELU_BACKWARD_V2_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradInput = gradOutput * GELU'(self) over the broadcast of gradOutput and self, computed in their promoted
 * dtype (which gradInput's must be); approximate "none" differentiates the erf form, "tanh" the tanh form. */
ACLNN_API aclnnStatus aclnnGeluBackwardV2GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                          char *approximate, aclTensor *gradInput,
                                                          uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnGeluBackwardV2(void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                                          const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_GELU_BACKWARD_V2_H_ */
