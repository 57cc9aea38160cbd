// aclnnSilu's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_silu.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kSilu = ACLNN_BINDING(aclnnSilu, "self", "out");

}  // namespace testing_support
