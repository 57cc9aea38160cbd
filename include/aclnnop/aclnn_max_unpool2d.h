/* aclnn-opencl: 2-D max unpooling (the forward of aclnnMaxUnpool2dBackward), a scatter by indices. */
#ifndef ACLNN_OPENCL_ACLNNOP_MAX_UNPOOL2D_H_
#define ACLNN_OPENCL_ACLNNOP_MAX_UNPOOL2D_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out[n][c][indices[n][c][i]] = self[n][c][i] over each flattened (H, W) plane; every other element 0.
 * self and indices (C, H, W) or (N, C, H, W) of one shape; outputSize = [oH, oW] with oH * oW >= H * W;
 * out (.., oH, oW), self's dtype. Indices outside [0, oH * oW) write nothing and are reported at the next
 * synchronize (507015); when two inputs name one position, the later one (higher i) wins. */
ACLNN_API aclnnStatus aclnnMaxUnpool2dGetWorkspaceSize(const aclTensor *self, const aclTensor *indices,
                                                       const aclIntArray *outputSize, aclTensor *out,
                                                       uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMaxUnpool2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_MAX_UNPOOL2D_H_ */
