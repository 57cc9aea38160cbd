/* aclnn-opencl: gradients of 2-D reflection and replication padding. */
#ifndef ACLNN_OPENCL_ACLNNOP_PAD2D_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_PAD2D_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradInput[i] = sum of gradOutput over every padded position that maps to input position i.
 * padding = [left, right, top, bottom]; negative pads crop. */
ACLNN_API aclnnStatus aclnnReflectionPad2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                                   const aclIntArray *padding, aclTensor *gradInput,
                                                                   uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnReflectionPad2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                                   aclrtStream stream);

ACLNN_API aclnnStatus aclnnReplicationPad2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                                    const aclIntArray *padding, aclTensor *gradInput,
                                                                    uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnReplicationPad2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                                    aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_PAD2D_BACKWARD_H_ */
