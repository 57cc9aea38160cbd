/* aclnn-opencl: fill with ones (host/ops/ones.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_ONES_H_
#define ACLNN_OPENCL_ACLNNOP_ONES_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* selfRef = 1, written through selfRef's view. selfRef is const here, as in CANN's header, yet written. */
ACLNN_API aclnnStatus aclnnInplaceOneGetWorkspaceSize(const aclTensor *selfRef, uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceOne(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_ONES_H_ */
