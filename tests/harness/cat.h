// aclnnCat's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_cat.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kCat = ACLNN_BINDING(aclnnCat, "tensors", "dim", "out");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kCatDtypes = {ACL_FLOAT, ACL_INT32,  ACL_INT64,     ACL_FLOAT16,
                                                    ACL_INT16, ACL_INT8,   ACL_UINT8,     ACL_DOUBLE,
                                                    ACL_COMPLEX64, ACL_BF16, ACL_BOOL};

}  // namespace testing_support
