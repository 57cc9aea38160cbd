/* aclnn-opencl: aclnn library initialisation. */
#ifndef ACLNN_OPENCL_ACLNN_ACLNN_BASE_H_
#define ACLNN_OPENCL_ACLNN_ACLNN_BASE_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnInit(const char *configPath);
ACLNN_API aclnnStatus aclnnFinalize(void);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNN_ACLNN_BASE_H_ */
