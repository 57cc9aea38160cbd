/* aclnn-opencl: the gradient of 2-D max unpooling (a gather by indices). */
#ifndef ACLNN_OPENCL_ACLNNOP_MAX_UNPOOL2D_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_MAX_UNPOOL2D_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnMaxUnpool2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                               const aclTensor *indices, const aclIntArray *outputSize,
                                                               aclTensor *out, uint64_t *workspaceSize,
                                                               aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMaxUnpool2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                               aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_MAX_UNPOOL2D_BACKWARD_H_ */
