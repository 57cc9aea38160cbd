/* aclnn-opencl: the batched 3-D matrix product (host/ops/matmul.cpp through the GEMM seam, host/blas). */
#ifndef ACLNN_OPENCL_ACLNNOP_BATCH_MATMUL_H_
#define ACLNN_OPENCL_ACLNNOP_BATCH_MATMUL_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out (B, M, N) = self (B or 1, M, K) @ mat2 (B or 1, K, N), a batch of 1 broadcast; dtypes and cubeMathType as
 * aclnnMm. docs/ops/batch_matmul.md. */
ACLNN_API aclnnStatus aclnnBatchMatMulGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                                       int8_t cubeMathType, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnBatchMatMul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_BATCH_MATMUL_H_ */
