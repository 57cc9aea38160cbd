/* aclnn-opencl: the logistic sigmoid (host/ops/sigmoid.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_SIGMOID_H_
#define ACLNN_OPENCL_ACLNNOP_SIGMOID_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = 1 / (1 + exp(-self)), cast to out's dtype; InplaceSigmoid writes selfRef. */
ACLNN_API aclnnStatus aclnnSigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSigmoid(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   const aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceSigmoidGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                          aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceSigmoid(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                          const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_SIGMOID_H_ */
