/* aclnn-opencl: the path older CANN toolkits ship (aclnnop/level2/); the declarations are in
 * aclnnop/aclnn_max_unpool2d.h. */
#ifndef ACLNN_OPENCL_ACLNNOP_LEVEL2_MAX_UNPOOL2D_H_
#define ACLNN_OPENCL_ACLNNOP_LEVEL2_MAX_UNPOOL2D_H_

#include "aclnnop/aclnn_max_unpool2d.h"

#endif /* ACLNN_OPENCL_ACLNNOP_LEVEL2_MAX_UNPOOL2D_H_ */
