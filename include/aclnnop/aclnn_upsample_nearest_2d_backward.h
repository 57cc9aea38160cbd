/* aclnn-opencl: the gradient of 2-D nearest-neighbour upsampling, a deterministic gather sum. */
#ifndef ACLNN_OPENCL_ACLNNOP_UPSAMPLE_NEAREST_2D_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_UPSAMPLE_NEAREST_2D_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradInput[n][c][ih][iw] = the sum of gradOut[n][c][oh][ow] over every (oh, ow) whose nearest source is
 * (ih, iw), as in aclnnUpsampleNearest2d; scalesH / scalesW > 0 use 1 / scale as the ratio, otherwise
 * inputH / outH and inputW / outW. outputSize = [outH, outW]; inputSize = the four sizes of gradInput in
 * gradOut's layout (NCHW: N, C, H, W; NHWC format: N, H, W, C). 16-bit gradients are summed in fp32. */
ACLNN_API aclnnStatus aclnnUpsampleNearest2dBackwardGetWorkspaceSize(const aclTensor *gradOut,
                                                                     const aclIntArray *outputSize,
                                                                     const aclIntArray *inputSize, double scalesH,
                                                                     double scalesW, aclTensor *gradInput,
                                                                     uint64_t *workspaceSize,
                                                                     aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnUpsampleNearest2dBackward(void *workspace, uint64_t workspaceSize,
                                                     aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_UPSAMPLE_NEAREST_2D_BACKWARD_H_ */
