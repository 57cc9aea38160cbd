/* aclnn-opencl: 2-D nearest-neighbour upsampling with PyTorch's scales (legacy 'nearest'). */
#ifndef ACLNN_OPENCL_ACLNNOP_UPSAMPLE_NEAREST_2D_V2_H_
#define ACLNN_OPENCL_ACLNNOP_UPSAMPLE_NEAREST_2D_V2_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUpsampleNearest2d with scales: along an axis, scales > 0 makes the ratio (float)(1.0 / scales) in
 * place of (float)in / out (PyTorch's scales_h, scales_w; equal sizes still copy and twice the size still
 * halves). self and out 4-D; out's format (NCHW or NHWC) decides the layout of both; an empty self or out is
 * a success that writes nothing. */
ACLNN_API aclnnStatus aclnnUpsampleNearest2dV2GetWorkspaceSize(const aclTensor *self, const aclIntArray *outputSize,
                                                               float scalesH, float scalesW, aclTensor *out,
                                                               uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnUpsampleNearest2dV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                               const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_UPSAMPLE_NEAREST_2D_V2_H_ */
