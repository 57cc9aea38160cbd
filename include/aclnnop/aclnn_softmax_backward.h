/* aclnn-opencl: SoftmaxBackward (host/ops/softmax_backward.cpp on the reduction engine's ALONG form). */
#ifndef ACLNN_OPENCL_ACLNNOP_SOFTMAX_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_SOFTMAX_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = output * (gradOutput - sum(gradOutput * output, dim)), output being Softmax's result
 * (docs/ops/softmax_backward.md). */
ACLNN_API aclnnStatus aclnnSoftmaxBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                                           int64_t dim, aclTensor *out, uint64_t *workspaceSize,
                                                           aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSoftmaxBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_SOFTMAX_BACKWARD_H_ */
