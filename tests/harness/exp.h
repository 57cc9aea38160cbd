// The Exp family's calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_exp.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kExp = ACLNN_BINDING(aclnnExp, "self", "out");
inline const Binding kInplaceExp = ACLNN_BINDING(aclnnInplaceExp, "selfRef");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kExpDtypes = {ACL_FLOAT,     ACL_FLOAT16,    ACL_BF16, ACL_DOUBLE,
                                                    ACL_COMPLEX64, ACL_COMPLEX128, ACL_BOOL, ACL_INT64};

}  // namespace testing_support
