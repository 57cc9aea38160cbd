// aclnnInplaceZero's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_zero.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kInplaceZero = ACLNN_BINDING(aclnnInplaceZero, "selfRef");

}  // namespace testing_support
