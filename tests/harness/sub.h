// The Sub family's calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_sub.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kSub = ACLNN_BINDING(aclnnSub, "self", "other", "alpha", "out");
inline const Binding kSubs = ACLNN_BINDING(aclnnSubs, "self", "other", "alpha", "out");
inline const Binding kInplaceSub = ACLNN_BINDING(aclnnInplaceSub, "selfRef", "other", "alpha");
inline const Binding kInplaceSubs = ACLNN_BINDING(aclnnInplaceSubs, "selfRef", "other", "alpha");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kSubDtypes = {ACL_FLOAT, ACL_INT32,  ACL_INT64, ACL_FLOAT16, ACL_INT16,     ACL_INT8,
                                                    ACL_UINT8, ACL_DOUBLE, ACL_BOOL,  ACL_BF16,    ACL_COMPLEX64, ACL_COMPLEX128};

}  // namespace testing_support
