// aclnnInplaceOne's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_ones.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kInplaceOne = ACLNN_BINDING(aclnnInplaceOne, "selfRef");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kOneDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_INT16,  ACL_INT32,
                                                    ACL_INT64, ACL_UINT8,   ACL_BOOL, ACL_DOUBLE, ACL_BF16};

}  // namespace testing_support
