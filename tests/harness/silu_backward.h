// aclnnSiluBackward's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_silu_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kSiluBackward = ACLNN_BINDING(aclnnSiluBackward, "gradOutput", "self", "gradInput");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kSiluBackwardDtypes = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};

}  // namespace testing_support
