// aclnnGeluV2's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_gelu_v2.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kGeluV2 = ACLNN_BINDING(aclnnGeluV2, "x", "approximate", "y");

}  // namespace testing_support
