// The Sub family's calls, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_sub.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kSub = ACLNN_BINDING(aclnnSub, "self", "other", "alpha", "out");
inline const Binding kSubs = ACLNN_BINDING(aclnnSubs, "self", "other", "alpha", "out");
inline const Binding kInplaceSub = ACLNN_BINDING(aclnnInplaceSub, "selfRef", "other", "alpha");
inline const Binding kInplaceSubs = ACLNN_BINDING(aclnnInplaceSubs, "selfRef", "other", "alpha");

}  // namespace testing_support
