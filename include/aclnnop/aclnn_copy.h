/* aclnn-opencl: copy into a view (host/ops/copy.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_COPY_H_
#define ACLNN_OPENCL_ACLNNOP_COPY_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* selfRef = src, broadcast to selfRef's shape and converted to selfRef's dtype, written through selfRef's
 * view (any strides and storage offset). */
ACLNN_API aclnnStatus aclnnInplaceCopyGetWorkspaceSize(aclTensor *selfRef, const aclTensor *src,
                                                       uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceCopy(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_COPY_H_ */
