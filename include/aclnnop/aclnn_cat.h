/* aclnn-opencl: join tensors along one dim (host/ops/cat.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_CAT_H_
#define ACLNN_OPENCL_ACLNNOP_CAT_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = the tensors joined along dim (torch.cat), their dtypes promoted together and the result converted to
 * out's; 1-D tensors of shape (0) are dropped (docs/ops/cat.md). */
ACLNN_API aclnnStatus aclnnCatGetWorkspaceSize(const aclTensorList *tensors, int64_t dim, aclTensor *out,
                                               uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnCat(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                               const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_CAT_H_ */
