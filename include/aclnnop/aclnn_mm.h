/* aclnn-opencl: the 2-D matrix product (host/ops/matmul.cpp through the GEMM seam, host/blas). */
#ifndef ACLNN_OPENCL_ACLNNOP_MM_H_
#define ACLNN_OPENCL_ACLNNOP_MM_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out (M, N) = self (M, K) @ mat2 (K, N); FLOAT, FLOAT16, BFLOAT16 in any mix, summed in fp32 (cubeMathType
 * 2, USE_FP16, sums in fp16 on a device with cl_khr_fp16); K = 0 gives zeros. docs/ops/mm.md. */
ACLNN_API aclnnStatus aclnnMmGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                              int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_MM_H_ */
