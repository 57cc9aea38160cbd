/* aclnn-opencl: dtype conversion (host/ops/cast.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_CAST_H_
#define ACLNN_OPENCL_ACLNNOP_CAST_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = self converted to dtype (out's dtype must be dtype); floats to integers truncate toward zero,
 * saturate, and map NaN to 0 (docs/ops/cast.md). */
ACLNN_API aclnnStatus aclnnCastGetWorkspaceSize(const aclTensor *self, const aclDataType dtype, aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnCast(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_CAST_H_ */
