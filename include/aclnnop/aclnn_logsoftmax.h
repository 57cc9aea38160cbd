/* aclnn-opencl: LogSoftmax (host/ops/log_softmax.cpp on the reduction engine's ALONG form). */
#ifndef ACLNN_OPENCL_ACLNNOP_LOGSOFTMAX_H_
#define ACLNN_OPENCL_ACLNNOP_LOGSOFTMAX_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = log-softmax of self along dim (x - max - log(sum(exp(x - max)))), in out's dtype (docs/ops/log_softmax.md). */
ACLNN_API aclnnStatus aclnnLogSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out,
                                                      uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnLogSoftmax(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_LOGSOFTMAX_H_ */
