// aclnnGeluBackward's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_gelu_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kGeluBackward = ACLNN_BINDING(aclnnGeluBackward, "gradOutput", "self", "gradInput");

}  // namespace testing_support
