/* aclnn-opencl: convolution: ConvTbc (time, batch, channel), the forward of aclnnConvTbcBackward
 * (aclnnop/aclnn_convolution_backward.h). */
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

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_CONVOLUTION_H_ */
