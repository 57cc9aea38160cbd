/* aclnn-opencl: the gradient of im2col (col2im, PyTorch fold). */
#ifndef ACLNN_OPENCL_ACLNNOP_IM2COL_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_IM2COL_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnIm2colBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclIntArray *inputSize,
                                                          const aclIntArray *kernelSize, const aclIntArray *dilation,
                                                          const aclIntArray *padding, const aclIntArray *stride,
                                                          aclTensor *out, uint64_t *workspaceSize,
                                                          aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnIm2colBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_IM2COL_BACKWARD_H_ */
