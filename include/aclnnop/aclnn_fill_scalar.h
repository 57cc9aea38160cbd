/* aclnn-opencl: fill with a scalar (host/ops/fill_scalar.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_FILL_SCALAR_H_
#define ACLNN_OPENCL_ACLNNOP_FILL_SCALAR_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* selfRef = value converted to selfRef's dtype, written through selfRef's view; selfRef's and value's dtypes
 * must promote (docs/ops/fill_scalar.md). */
ACLNN_API aclnnStatus aclnnInplaceFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *value,
                                                             uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceFillScalar(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_FILL_SCALAR_H_ */
