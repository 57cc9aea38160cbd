/* aclnn-opencl: the gradient of aclnnNLLLoss. */
#ifndef ACLNN_OPENCL_ACLNNOP_NLL_LOSS_BACKWARD_H_
#define ACLNN_OPENCL_ACLNNOP_NLL_LOSS_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out (self's shape) is 0 except out[n, target[n]] = -weight[target[n]] * g, g = gradOutput[n] (reduction
 * 0) or the one gradOutput value, divided by totalWeight for reduction 1 (mean); ignored rows (and targets
 * outside [0, C), reported at the next synchronize: 507015) stay 0. gradOutput, weight, totalWeight in
 * self's dtype (FLOAT, FLOAT16, BFLOAT16); target INT64, INT32 or UINT8. docs/ops/nll_loss_backward.md. */
ACLNN_API aclnnStatus aclnnNLLLossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                           const aclTensor *target, const aclTensor *weight,
                                                           int64_t reduction, int64_t ignoreIndex,
                                                           const aclTensor *totalWeight, aclTensor *out,
                                                           uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnNLLLossBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_NLL_LOSS_BACKWARD_H_ */
