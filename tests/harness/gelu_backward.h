// aclnnGeluBackward's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_gelu_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kGeluBackward = ACLNN_BINDING(aclnnGeluBackward, "gradOutput", "self", "gradInput");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kGeluBackwardDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

}  // namespace testing_support
