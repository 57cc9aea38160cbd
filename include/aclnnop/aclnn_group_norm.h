/* aclnn-opencl: GroupNorm (the forward of aclnnGroupNormBackward). */
#ifndef ACLNN_OPENCL_ACLNNOP_GROUP_NORM_H_
#define ACLNN_OPENCL_ACLNNOP_GROUP_NORM_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* self (N, C, *) with prod(*) == HxW, in `group` groups of C / group channels: meanOut/rstdOut (N, group)
 * are each group's mean and 1 / sqrt(biased variance + eps); out = (self - mean) * rstd * gamma + beta.
 * gamma/beta (C) optional (null: ones / zeros). self FLOAT, FLOAT16 or BFLOAT16 (2-D to 8-D); every other
 * tensor in self's dtype. Empty self: meanOut 0, rstdOut NaN. docs/ops/group_norm.md. */
ACLNN_API aclnnStatus aclnnGroupNormGetWorkspaceSize(const aclTensor *self, const aclTensor *gamma,
                                                     const aclTensor *beta, int64_t N, int64_t C, int64_t HxW,
                                                     int64_t group, double eps, aclTensor *out, aclTensor *meanOut,
                                                     aclTensor *rstdOut, uint64_t *workspaceSize,
                                                     aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnGroupNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_GROUP_NORM_H_ */
