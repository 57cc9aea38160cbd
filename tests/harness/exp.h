// The Exp family's calls, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_exp.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kExp = ACLNN_BINDING(aclnnExp, "self", "out");
inline const Binding kInplaceExp = ACLNN_BINDING(aclnnInplaceExp, "selfRef");

}  // namespace testing_support
