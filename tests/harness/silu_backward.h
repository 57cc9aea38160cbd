// aclnnSiluBackward's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_silu_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kSiluBackward = ACLNN_BINDING(aclnnSiluBackward, "gradOutput", "self", "gradInput");

}  // namespace testing_support
