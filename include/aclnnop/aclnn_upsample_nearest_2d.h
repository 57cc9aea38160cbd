/* aclnn-opencl: 2-D nearest-neighbour upsampling (PyTorch's legacy 'nearest'), a gather copy. */
#ifndef ACLNN_OPENCL_ACLNNOP_UPSAMPLE_NEAREST_2D_H_
#define ACLNN_OPENCL_ACLNNOP_UPSAMPLE_NEAREST_2D_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out[n][c][oh][ow] = self[n][c][src(oh, H, outH)][src(ow, W, outW)], src(o, in, outSize) =
 * min(floor(o * (float)in / outSize), in - 1) in float as PyTorch computes it. self 4-D, format NCHW or
 * NHWC (the format decides which dims are H, W and C); outputSize = [outH, outW]; out of self's dtype and
 * format, its H and W those of outputSize. */
ACLNN_API aclnnStatus aclnnUpsampleNearest2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *outputSize,
                                                             aclTensor *out, uint64_t *workspaceSize,
                                                             aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnUpsampleNearest2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_UPSAMPLE_NEAREST_2D_H_ */
