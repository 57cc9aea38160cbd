/* aclnn-opencl: sum over dims (host/ops/reduce_sum.cpp on the reduction engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_REDUCE_SUM_H_
#define ACLNN_OPENCL_ACLNNOP_REDUCE_SUM_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = the sum of self cast to dtype over dims (empty: every dim), reduced dims kept as size 1 with
 * keepDims; out's dtype must be dtype; dtype BOOL is a logical OR (docs/ops/reduce_sum.md). */
ACLNN_API aclnnStatus aclnnReduceSumGetWorkspaceSize(const aclTensor *self, const aclIntArray *dims, bool keepDims,
                                                     aclDataType dtype, aclTensor *out, uint64_t *workspaceSize,
                                                     aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnReduceSum(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_REDUCE_SUM_H_ */
