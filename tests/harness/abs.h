// aclnnAbs's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_abs.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kAbs = ACLNN_BINDING(aclnnAbs, "self", "out");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kAbsDtypes = {ACL_DOUBLE, ACL_FLOAT, ACL_FLOAT16, ACL_INT64, ACL_INT32, ACL_INT16,
                                                    ACL_INT8,   ACL_UINT8, ACL_BOOL,    ACL_BF16,  ACL_COMPLEX64};

}  // namespace testing_support
