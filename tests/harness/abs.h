// aclnnAbs's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_abs.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kAbs = ACLNN_BINDING(aclnnAbs, "self", "out");

}  // namespace testing_support
