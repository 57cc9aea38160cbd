/* aclnn-opencl: elementwise multiplication (host/ops/mul.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_MUL_H_
#define ACLNN_OPENCL_ACLNNOP_MUL_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = self * other, broadcast (NumPy rules), computed in CANN's promoted dtype and cast to out's.
 * Muls takes other as an aclScalar; the Inplace forms write selfRef. */
ACLNN_API aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    aclrtStream stream);
ACLNN_API aclnnStatus aclnnMulsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMuls(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceMulGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceMul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceMulsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceMuls(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
    aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_MUL_H_ */
