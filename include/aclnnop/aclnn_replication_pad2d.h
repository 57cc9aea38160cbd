/* aclnn-opencl: 2-D replication padding (the forward of aclnnReplicationPad2dBackward). */
#ifndef ACLNN_OPENCL_ACLNNOP_REPLICATION_PAD2D_H_
#define ACLNN_OPENCL_ACLNNOP_REPLICATION_PAD2D_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = self padded in its last two dims by repeating its edge rows and columns.
 * padding = [left, right, top, bottom], of any size; negative pads crop.
 * self (C, H, W) or (N, C, H, W); out (.., H + top + bottom, W + left + right), self's dtype. */
ACLNN_API aclnnStatus aclnnReplicationPad2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *padding,
                                                            aclTensor *out, uint64_t *workspaceSize,
                                                            aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnReplicationPad2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_REPLICATION_PAD2D_H_ */
