// aclnnUpsampleNearest2dBackward's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kUpsampleNearest2dBackward = ACLNN_BINDING(aclnnUpsampleNearest2dBackward, "gradOut",
                                                                "outputSize", "inputSize", "scalesH", "scalesW",
                                                                "gradInput");

// The dtypes CANN lists (A2/A3), in its order.
inline const std::vector<aclDataType> kUpsampleNearest2dBackwardDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

}  // namespace testing_support
