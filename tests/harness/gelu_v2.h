// aclnnGeluV2's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_gelu_v2.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kGeluV2 = ACLNN_BINDING(aclnnGeluV2, "x", "approximate", "y");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kGeluV2Dtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

}  // namespace testing_support
