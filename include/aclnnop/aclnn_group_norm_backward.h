/* aclnn-opencl: the gradient of aclnnGroupNorm. */
#ifndef ACLNN_OPENCL_ACLNNOP_GROUP_NORM_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_GROUP_NORM_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
/* CANN's own GroupNormBackward sample (ops-nn, norm/group_norm_grad/examples) names std::array without
 * including <array>; it builds only where another header brings it in. Included here so that the sample
 * builds unmodified against this header. */
#include <array>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* gradOut and input (N, C, *) with prod(*) == HxW; mean, rstd (N, group) as aclnnGroupNorm wrote them;
 * gamma (C) optional (null: ones). outputMask [gradInput, gradGamma, gradBeta] says which outputs are
 * written: gradInput (input's shape), gradGammaOut and gradBetaOut (C). Every tensor in gradOut's dtype
 * (FLOAT, FLOAT16, BFLOAT16). docs/ops/group_norm_backward.md. */
ACLNN_API aclnnStatus aclnnGroupNormBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclTensor *input, const aclTensor *mean, const aclTensor *rstd,
    const aclTensor *gamma, int64_t N, int64_t C, int64_t HxW, int64_t group, const aclBoolArray *outputMask,
    aclTensor *gradInput, aclTensor *gradGammaOut, aclTensor *gradBetaOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnGroupNormBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_GROUP_NORM_BACKWARD_H_ */
