/* aclnn-opencl: convolution gradients: ConvolutionBackward (1-D NCL and 2-D NCHW) and ConvTbcBackward (time,
 * batch, channel). */
#ifndef ACLNN_OPENCL_ACLNNOP_CONVOLUTION_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_CONVOLUTION_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The gradients of aclnnConvolution (aclnnop/aclnn_convolution.h) for outputMask [gradInput, gradWeight,
 * gradBias]: each computed only when its flag is true (its tensor may be nullptr otherwise). gradOutput,
 * input, weight and the gradients FLOAT, FLOAT16 or BF16; gradBias ND (C_out); biasSizes [C_out], read on the
 * empty path only; outputPadding required (all 0). cubeMathType 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION,
 * 2 USE_FP16, 3 USE_HF32. transposed = true and 3-D are refused (161002) by this backend. */
ACLNN_API aclnnStatus aclnnConvolutionBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *input, const aclTensor *weight, const aclIntArray *biasSizes,
    const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation, bool transposed,
    const aclIntArray *outputPadding, int groups, const aclBoolArray *outputMask, int8_t cubeMathType,
    aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnConvolutionBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                               const aclrtStream stream);

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
