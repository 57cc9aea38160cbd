// aclnnInplaceFillScalar's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_fill_scalar.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kInplaceFillScalar = ACLNN_BINDING(aclnnInplaceFillScalar, "selfRef", "value");

}  // namespace testing_support
