/* aclnn-opencl: GELU with the form selectable (host/ops/gelu_v2.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_GELU_V2_H_
#define ACLNN_OPENCL_ACLNNOP_GELU_V2_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* y = GELU(x): approximate 1 the tanh form (as aclnnGelu), otherwise (0) the exact form x * Phi(x). */
ACLNN_API aclnnStatus aclnnGeluV2GetWorkspaceSize(const aclTensor *x, int64_t approximate, aclTensor *y,
                                                  uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnGeluV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_GELU_V2_H_ */
