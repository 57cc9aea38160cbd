// aclnnCast's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_cast.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kCast = ACLNN_BINDING(aclnnCast, "self", "dtype", "out");

}  // namespace testing_support
