/* aclnn-opencl: torch.matmul (host/ops/matmul.cpp through the GEMM seam, host/blas). */
#ifndef ACLNN_OPENCL_ACLNNOP_MATMUL_H_
#define ACLNN_OPENCL_ACLNNOP_MATMUL_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = self @ mat2 with torch.matmul's rules (ranks 1 to 6: 1-D x 1-D is a dot product, a 1-D operand gains a
 * dim that the result drops, batch dims broadcast); the result is written in out's view shape, which must
 * hold as many elements. Dtypes and cubeMathType as aclnnMm. docs/ops/matmul.md. */
ACLNN_API aclnnStatus aclnnMatmulGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                                  int8_t cubeMathType, uint64_t *workspaceSize,
                                                  aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMatmul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_MATMUL_H_ */
