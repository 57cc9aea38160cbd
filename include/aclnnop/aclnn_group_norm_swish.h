/* aclnn-opencl: GroupNorm followed by Swish (the forward of aclnnGroupNormSwishGrad). */
#ifndef ACLNN_OPENCL_ACLNNOP_GROUP_NORM_SWISH_H_
#define ACLNN_OPENCL_ACLNNOP_GROUP_NORM_SWISH_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* x (N, C, ...) in numGroups groups of C / numGroups channels: meanOut/rstdOut (N, numGroups) are each
 * group's mean and 1 / sqrt(biased variance + eps); yOut = (x - mean) * rstd * gamma + beta, then, when
 * activateSwish, yOut * sigmoid(swishScale * yOut). x FLOAT, FLOAT16 or BFLOAT16 (2-D to 8-D, not empty);
 * gamma/beta (C) in x's dtype or FLOAT; meanOut/rstdOut in gamma's dtype. docs/ops/group_norm_swish.md. */
ACLNN_API aclnnStatus aclnnGroupNormSwishGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma,
                                                          const aclTensor *beta, int64_t numGroups,
                                                          char *dataFormatOptional, double eps, bool activateSwish,
                                                          double swishScale, const aclTensor *yOut,
                                                          const aclTensor *meanOut, const aclTensor *rstdOut,
                                                          uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnGroupNormSwish(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_GROUP_NORM_SWISH_H_ */
