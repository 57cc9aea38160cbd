// The Relu family's calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_relu.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kRelu = ACLNN_BINDING(aclnnRelu, "self", "out");
inline const Binding kInplaceRelu = ACLNN_BINDING(aclnnInplaceRelu, "selfRef");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kReluDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_UINT8, ACL_INT32, ACL_INT64, ACL_BF16};

}  // namespace testing_support
