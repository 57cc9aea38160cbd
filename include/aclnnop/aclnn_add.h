/* aclnn-opencl: elementwise addition (host/ops/add.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_ADD_H_
#define ACLNN_OPENCL_ACLNNOP_ADD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = self + alpha * other, broadcast (NumPy rules), computed in CANN's promoted dtype and cast to out's.
 * Adds takes other as an aclScalar; the Inplace forms write selfRef (out = selfRef). */
ACLNN_API aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor *self, const aclTensor *other, const aclScalar *alpha,
                                               aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnAdd(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);
ACLNN_API aclnnStatus aclnnAddsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, const aclScalar *alpha,
                                                aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnAdds(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceAddGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *other,
                                                      const aclScalar *alpha, uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceAdd(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceAddsGetWorkspaceSize(const aclTensor *selfRef, const aclScalar *other,
                                                       const aclScalar *alpha, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceAdds(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_ADD_H_ */
