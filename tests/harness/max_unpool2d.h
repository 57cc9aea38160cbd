// aclnnMaxUnpool2d's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_max_unpool2d.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kMaxUnpool2d = ACLNN_BINDING(aclnnMaxUnpool2d, "self", "indices", "outputSize", "out");

}  // namespace testing_support
