// The Neg family's calls, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_neg.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kNeg = ACLNN_BINDING(aclnnNeg, "self", "out");
inline const Binding kInplaceNeg = ACLNN_BINDING(aclnnInplaceNeg, "selfRef");

}  // namespace testing_support
