/* aclnn-opencl: convolution: Convolution (1-D NCL and 2-D NCHW) and ConvTbc (time, batch, channel), the
 * forwards of aclnnConvolutionBackward and aclnnConvTbcBackward (aclnnop/aclnn_convolution_backward.h). */
#ifndef ACLNN_OPENCL_ACLNNOP_CONVOLUTION_H_
#define ACLNN_OPENCL_ACLNNOP_CONVOLUTION_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out[t, b, co] = bias[co] + sum_k sum_ci self[t + k - pad, b, ci] * weight[k, ci, co] (torch.conv_tbc).
 * self (T, B, C_in), weight (K, C_in, C_out), bias (C_out), out (T + 2*pad + 1 - K, B, C_out).
 * self, weight and out FLOAT, FLOAT16 or BF16, one dtype; bias any of the three; pad in [0, 255].
 * cubeMathType: 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16, 3 USE_HF32. */
ACLNN_API aclnnStatus aclnnConvTbcGetWorkspaceSize(const aclTensor *self, const aclTensor *weight,
                                                  const aclTensor *bias, const int64_t pad, aclTensor *out,
                                                  int8_t cubeMathType, uint64_t *workspaceSize,
                                                  aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnConvTbc(void *workspace, const uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

/* output[n, co, ...] = bias[co] + sum over the group's input channels and the kernel taps of input * weight
 * (torch.nn.functional.conv1d / conv2d). input (N, C_in, L) NCL or (N, C_in, H, W) NCHW; weight
 * (C_out, C_in/groups, k...) in the same format; bias (C_out) or nullptr; padding 1 or 2 values (1-D: left,
 * right) or 2 or 4 (2-D: top, bottom, left, right). FLOAT, FLOAT16 or BF16, each tensor its own; computed in
 * fp32. cubeMathType 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16, 3 USE_HF32, 4 USE_FP32_ADD.
 * transposed = true and 3-D (NCDHW) convolutions are refused (161002) by this backend. */
ACLNN_API aclnnStatus aclnnConvolutionGetWorkspaceSize(const aclTensor *input, const aclTensor *weight,
                                                       const aclTensor *bias, const aclIntArray *stride,
                                                       const aclIntArray *padding, const aclIntArray *dilation,
                                                       bool transposed, const aclIntArray *outputPadding,
                                                       const int64_t groups, aclTensor *output, int8_t cubeMathType,
                                                       uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnConvolution(void *workspace, const uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_CONVOLUTION_H_ */
