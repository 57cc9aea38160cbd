// aclnnInplaceZero's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_zero.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kInplaceZero = ACLNN_BINDING(aclnnInplaceZero, "selfRef");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kZeroDtypes = {ACL_INT8,  ACL_INT32, ACL_INT64,  ACL_UINT8, ACL_FLOAT16,
                                                     ACL_FLOAT, ACL_BOOL,  ACL_DOUBLE, ACL_INT16, ACL_UINT16,
                                                     ACL_COMPLEX128, ACL_COMPLEX64, ACL_BF16};

}  // namespace testing_support
