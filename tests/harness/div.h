// The Div family's calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_div.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kDiv = ACLNN_BINDING(aclnnDiv, "self", "other", "out");
inline const Binding kDivs = ACLNN_BINDING(aclnnDivs, "self", "other", "out");
inline const Binding kInplaceDiv = ACLNN_BINDING(aclnnInplaceDiv, "selfRef", "other");
inline const Binding kInplaceDivs = ACLNN_BINDING(aclnnInplaceDivs, "selfRef", "other");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kDivDtypes = {ACL_FLOAT16, ACL_FLOAT, ACL_INT64, ACL_INT32, ACL_INT16,     ACL_INT8,
                                                    ACL_UINT8,   ACL_DOUBLE, ACL_BOOL, ACL_BF16,  ACL_COMPLEX64, ACL_COMPLEX128};

}  // namespace testing_support
