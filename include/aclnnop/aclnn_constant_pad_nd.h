/* aclnn-opencl: constant padding of the last dims (host/ops/constant_pad_nd.cpp on the elementwise engine). */
#ifndef ACLNN_OPENCL_ACLNNOP_CONSTANT_PAD_ND_H_
#define ACLNN_OPENCL_ACLNNOP_CONSTANT_PAD_ND_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = self padded with value (torch.nn.functional.pad, mode 'constant'): pad = (last dim's begin, its end,
 * the dim before's begin, its end, ...), negative values crop; out's dtype is self's
 * (docs/ops/constant_pad_nd.md). */
ACLNN_API aclnnStatus aclnnConstantPadNdGetWorkspaceSize(const aclTensor *self, const aclIntArray *pad,
                                                         const aclScalar *value, aclTensor *out,
                                                         uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnConstantPadNd(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNNOP_CONSTANT_PAD_ND_H_ */
