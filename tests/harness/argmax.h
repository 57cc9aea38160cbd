// aclnnArgMax's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_argmax.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kArgMax = ACLNN_BINDING(aclnnArgMax, "self", "dim", "keepdim", "out");

// The dtypes CANN lists for self (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kArgMaxDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT8, ACL_INT16,
                                                       ACL_INT32, ACL_INT64,   ACL_UINT8,  ACL_BF16};

}  // namespace testing_support
