/* aclnn-opencl: convolution gradients: ConvTbcBackward (time, batch, channel). */
#ifndef ACLNN_OPENCL_ACLNNOP_CONVOLUTION_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_CONVOLUTION_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cubeMathType: 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16, 3 USE_HF32. */
ACLNN_API aclnnStatus aclnnConvTbcBackwardGetWorkspaceSize(const aclTensor *self, const aclTensor *input,
                                                          const aclTensor *weight, const aclTensor *bias, int64_t pad,
                                                          int8_t cubeMathType, aclTensor *gradInput,
                                                          aclTensor *gradWeight, aclTensor *gradBias,
                                                          uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnConvTbcBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_CONVOLUTION_BACKWARD_H_ */
