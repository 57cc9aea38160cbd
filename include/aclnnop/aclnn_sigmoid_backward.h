/* aclnn-opencl: Sigmoid's gradient (host/ops/sigmoid_backward.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_SIGMOID_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_SIGMOID_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradInput = gradOutput * (1 - output) * output, output being Sigmoid's result y, over the broadcast of
 * gradOutput and output, computed in their promoted dtype and cast to gradInput's. */
ACLNN_API aclnnStatus aclnnSigmoidBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                                           aclTensor *gradInput, uint64_t *workspaceSize,
                                                           aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSigmoidBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_SIGMOID_BACKWARD_H_ */
