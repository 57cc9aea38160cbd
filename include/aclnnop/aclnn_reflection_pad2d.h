/* aclnn-opencl: 2-D reflection padding (the forward of aclnnReflectionPad2dBackward). */
#ifndef ACLNN_OPENCL_ACLNNOP_REFLECTION_PAD2D_H_
#define ACLNN_OPENCL_ACLNNOP_REFLECTION_PAD2D_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = self padded in its last two dims by mirroring (the edge row/column is not repeated).
 * padding = [left, right, top, bottom], each below the dimension it pads; negative pads crop.
 * self (C, H, W) or (N, C, H, W); out (.., H + top + bottom, W + left + right), self's dtype. */
ACLNN_API aclnnStatus aclnnReflectionPad2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *padding,
                                                           aclTensor *out, uint64_t *workspaceSize,
                                                           aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnReflectionPad2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_REFLECTION_PAD2D_H_ */
