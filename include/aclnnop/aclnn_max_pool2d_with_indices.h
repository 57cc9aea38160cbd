/* aclnn-opencl: 2-D max pooling with the argmax indices (the forward of aclnnMaxPool2dWithIndicesBackward). */
#ifndef ACLNN_OPENCL_ACLNNOP_MAX_POOL2D_WITH_INDICES_H_
#define ACLNN_OPENCL_ACLNNOP_MAX_POOL2D_WITH_INDICES_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = the maximum of each (dilated) window of self's last two dims, indices = its flat position
 * h * W + w within the (H, W) plane, as PyTorch's max_pool2d(return_indices=True).
 * kernelSize, padding, dilation: 1 or 2 values; stride: 0 (= kernelSize), 1 or 2 values.
 * self (C, H, W) or (N, C, H, W) (NHWC format: (H, W, C) or (N, H, W, C)), FLOAT, FLOAT16 or BF16;
 * out self's dtype, indices INT32 or INT64, both of the pooled shape. */
ACLNN_API aclnnStatus aclnnMaxPool2dWithIndicesGetWorkspaceSize(const aclTensor *self, const aclIntArray *kernelSize,
                                                                const aclIntArray *stride, const aclIntArray *padding,
                                                                const aclIntArray *dilation, bool ceilMode,
                                                                aclTensor *out, aclTensor *indices,
                                                                uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMaxPool2dWithIndices(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                                aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_MAX_POOL2D_WITH_INDICES_H_ */
