/* aclnn-opencl: the gradient of 2-D max pooling with indices. */
#ifndef ACLNN_OPENCL_ACLNNOP_MAX_POOL2D_WITH_INDICES_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_MAX_POOL2D_WITH_INDICES_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradInput[i] = the sum of gradOutput over every window whose recorded index (indices, as
 * aclnnMaxPool2dWithIndices wrote them) is i, added in the windows' scan order; deterministic.
 * The attributes are the forward's. gradOutput, self, gradInput FLOAT, FLOAT16 or BF16 (one dtype);
 * indices INT32 or INT64 of gradOutput's shape; gradInput of self's shape. */
ACLNN_API aclnnStatus aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices, const aclIntArray *kernelSize,
    const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation, bool ceilMode,
    aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMaxPool2dWithIndicesBackward(void *workspace, uint64_t workspaceSize,
                                                        aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_MAX_POOL2D_WITH_INDICES_BACKWARD_H_ */
