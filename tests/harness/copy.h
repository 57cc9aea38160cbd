// aclnnInplaceCopy's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_copy.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kInplaceCopy = ACLNN_BINDING(aclnnInplaceCopy, "selfRef", "src");

}  // namespace testing_support
