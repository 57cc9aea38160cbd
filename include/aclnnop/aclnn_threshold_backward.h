/* aclnn-opencl: ReLU's gradient, ThresholdBackward (host/ops/threshold_backward.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_THRESHOLD_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_THRESHOLD_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = gradOutput where self > threshold, else 0, over the broadcast of gradOutput and self (CANN has no
 * aclnnReluBackward: ReLU's gradient is this with threshold 0). */
ACLNN_API aclnnStatus aclnnThresholdBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                             const aclScalar *threshold, aclTensor *out,
                                                             uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnThresholdBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_THRESHOLD_BACKWARD_H_ */
