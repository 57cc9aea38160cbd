// aclnnPermute's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_permute.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kPermute = ACLNN_BINDING(aclnnPermute, "self", "dims", "out");

}  // namespace testing_support
