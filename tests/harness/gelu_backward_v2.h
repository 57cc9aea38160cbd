// aclnnGeluBackwardV2's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kGeluBackwardV2 =
    ACLNN_BINDING(aclnnGeluBackwardV2, "gradOutput", "self", "approximate", "gradInput");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kGeluBackwardV2Dtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

}  // namespace testing_support
