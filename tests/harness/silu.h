// aclnnSilu's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_silu.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kSilu = ACLNN_BINDING(aclnnSilu, "self", "out");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kSiluDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

}  // namespace testing_support
