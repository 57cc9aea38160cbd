// aclnnGelu's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_gelu.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kGelu = ACLNN_BINDING(aclnnGelu, "self", "out");

}  // namespace testing_support
