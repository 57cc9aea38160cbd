/* aclnn-opencl: im2col (PyTorch unfold), the forward of aclnnIm2colBackward. */
#ifndef ACLNN_OPENCL_ACLNNOP_IM2COL_H_
#define ACLNN_OPENCL_ACLNNOP_IM2COL_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Extracts the sliding blocks of self: self (C, H, W) or (N, C, H, W); out (C*kh*kw, L) or
 * (N, C*kh*kw, L), L = L0 * L1 blocks, Li = (size + 2*padding - dilation*(kernel-1) - 1) / stride + 1.
 * kernelSize, dilation, padding, stride: 2 values each, (H, W). Zeros where a block leaves the
 * image. out may have another dtype than self (cast once). */
ACLNN_API aclnnStatus aclnnIm2colGetWorkspaceSize(const aclTensor *self, const aclIntArray *kernelSize,
                                                  const aclIntArray *dilation, const aclIntArray *padding,
                                                  const aclIntArray *stride, const aclTensor *out,
                                                  uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnIm2col(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_IM2COL_H_ */
