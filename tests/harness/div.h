// The Div family's calls, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_div.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kDiv = ACLNN_BINDING(aclnnDiv, "self", "other", "out");
inline const Binding kDivs = ACLNN_BINDING(aclnnDivs, "self", "other", "out");
inline const Binding kInplaceDiv = ACLNN_BINDING(aclnnInplaceDiv, "selfRef", "other");
inline const Binding kInplaceDivs = ACLNN_BINDING(aclnnInplaceDivs, "selfRef", "other");

}  // namespace testing_support
