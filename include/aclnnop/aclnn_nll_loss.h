/* aclnn-opencl: the negative log-likelihood loss (the forward of aclnnNLLLossBackward). */
#ifndef ACLNN_OPENCL_ACLNNOP_NLL_LOSS_H_
#define ACLNN_OPENCL_ACLNNOP_NLL_LOSS_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* self (N, C) or (C): log-probabilities (FLOAT, FLOAT16, BFLOAT16); target (N) or 0-d: class indices (INT64,
 * INT32, UINT8); weight (C) in self's dtype, required. Row n counts with w = weight[target[n]] unless
 * target[n] == ignoreIndex. reduction 0 (none): out (N) = -w * self[n, target[n]]; 1 (mean): out = the sum of
 * those / the sum of w; 2 (sum): the sum. totalWeightOut = the sum of w (reduction 1, 2). A target outside
 * [0, C) counts as ignored and is reported at the next synchronize (507015). docs/ops/nll_loss.md. */
ACLNN_API aclnnStatus aclnnNLLLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                                   const aclTensor *weight, int64_t reduction, int64_t ignoreIndex,
                                                   aclTensor *out, aclTensor *totalWeightOut, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnNLLLoss(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_NLL_LOSS_H_ */
