// aclnnInplaceOne's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_ones.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kInplaceOne = ACLNN_BINDING(aclnnInplaceOne, "selfRef");

}  // namespace testing_support
