// The Add family's calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_add.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kAdd = ACLNN_BINDING(aclnnAdd, "self", "other", "alpha", "out");
inline const Binding kAdds = ACLNN_BINDING(aclnnAdds, "self", "other", "alpha", "out");
inline const Binding kInplaceAdd = ACLNN_BINDING(aclnnInplaceAdd, "selfRef", "other", "alpha");
inline const Binding kInplaceAdds = ACLNN_BINDING(aclnnInplaceAdds, "selfRef", "other", "alpha");

// CANN's list for the four (OPS_COMPANION 1.8), in its order.
inline const std::vector<aclDataType> kAddDtypes = {ACL_FLOAT, ACL_INT32,  ACL_INT64, ACL_FLOAT16, ACL_INT16,     ACL_INT8,
                                                    ACL_UINT8, ACL_DOUBLE, ACL_BOOL,  ACL_BF16,    ACL_COMPLEX64, ACL_COMPLEX128};

}  // namespace testing_support
