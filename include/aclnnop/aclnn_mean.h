/* aclnn-opencl: mean over dims (host/ops/mean.cpp on the reduction engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_MEAN_H_
#define ACLNN_OPENCL_ACLNNOP_MEAN_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = the mean of self cast to dtype over dim (empty: every dim), reduced dims kept as size 1 with keepDim,
 * converted to out's dtype; an empty self gives NaN (docs/ops/mean.md). */
ACLNN_API aclnnStatus aclnnMeanGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim,
                                                aclDataType dtype, aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMean(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

/* ONNX's ReduceMean: out's dtype is self's; an empty dim with noopWithEmptyAxes copies self. */
ACLNN_API aclnnStatus aclnnMeanV2GetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim,
                                                  bool noopWithEmptyAxes, aclTensor *out, uint64_t *workspaceSize,
                                                  aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMeanV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_MEAN_H_ */
