/* aclnn-opencl: index of the maximum along one dim (host/ops/argmax.cpp on the reduction engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_ARGMAX_H_
#define ACLNN_OPENCL_ACLNNOP_ARGMAX_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = the index of self's maximum along dim (PyTorch's argmax: the first maximal index, NaN counting as
 * maximal), dim kept as size 1 with keepdim; out INT32 or INT64 (docs/ops/argmax.md). */
ACLNN_API aclnnStatus aclnnArgMaxGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepdim, aclTensor *out,
                                                  uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnArgMax(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_ARGMAX_H_ */
