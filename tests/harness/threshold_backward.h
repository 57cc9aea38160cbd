// aclnnThresholdBackward's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_threshold_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kThresholdBackward =
    ACLNN_BINDING(aclnnThresholdBackward, "gradOutput", "self", "threshold", "out");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kThresholdDtypes = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8, ACL_UINT8, ACL_BF16};

}  // namespace testing_support
