// The Relu family's calls, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_relu.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kRelu = ACLNN_BINDING(aclnnRelu, "self", "out");
inline const Binding kInplaceRelu = ACLNN_BINDING(aclnnInplaceRelu, "selfRef");

}  // namespace testing_support
