/* aclnn-opencl: dimension permutation (host/ops/permute.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_PERMUTE_H_
#define ACLNN_OPENCL_ACLNNOP_PERMUTE_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = self with its dims in the order of dims (out.shape[i] = self.shape[dims[i]]; negative dims count
 * from the end), written through out's view. */
ACLNN_API aclnnStatus aclnnPermuteGetWorkspaceSize(const aclTensor *self, const aclIntArray *dims, aclTensor *out,
                                                   uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnPermute(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_PERMUTE_H_ */
