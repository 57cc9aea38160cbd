// The Add family's calls, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_add.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kAdd = ACLNN_BINDING(aclnnAdd, "self", "other", "alpha", "out");
inline const Binding kAdds = ACLNN_BINDING(aclnnAdds, "self", "other", "alpha", "out");
inline const Binding kInplaceAdd = ACLNN_BINDING(aclnnInplaceAdd, "selfRef", "other", "alpha");
inline const Binding kInplaceAdds = ACLNN_BINDING(aclnnInplaceAdds, "selfRef", "other", "alpha");

}  // namespace testing_support
