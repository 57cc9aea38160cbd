/* aclnn-opencl: fill with zeros (host/ops/zero.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_ZERO_H_
#define ACLNN_OPENCL_ACLNNOP_ZERO_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* selfRef = 0, written through selfRef's view (any strides and storage offset). */
ACLNN_API aclnnStatus aclnnInplaceZeroGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceZero(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_ZERO_H_ */
