// aclnnGeluBackwardV2's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kGeluBackwardV2 =
    ACLNN_BINDING(aclnnGeluBackwardV2, "gradOutput", "self", "approximate", "gradInput");

}  // namespace testing_support
