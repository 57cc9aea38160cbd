/* aclnn-opencl: Softmax (host/ops/softmax.cpp on the reduction engine's ALONG form). */
#ifndef ACLNN_OPENCL_ACLNNOP_SOFTMAX_H_
#define ACLNN_OPENCL_ACLNNOP_SOFTMAX_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = softmax of self along dim (exp(x - max) / sum), in self's dtype, cast to out's (docs/ops/softmax.md). */
ACLNN_API aclnnStatus aclnnSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out,
                                                   uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSoftmax(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_SOFTMAX_H_ */
