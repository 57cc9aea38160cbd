/* aclnn-opencl: LogSoftmaxBackward (host/ops/log_softmax_backward.cpp on the reduction engine's ALONG form). */
#ifndef ACLNN_OPENCL_ACLNNOP_LOGSOFTMAX_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_LOGSOFTMAX_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = gradOutput - exp(output) * sum(gradOutput, dim), output being LogSoftmax's result
 * (docs/ops/log_softmax_backward.md). */
ACLNN_API aclnnStatus aclnnLogSoftmaxBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                                              int64_t dim, aclTensor *out, uint64_t *workspaceSize,
                                                              aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnLogSoftmaxBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                              aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_LOGSOFTMAX_BACKWARD_H_ */
