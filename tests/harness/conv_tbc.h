// aclnnConvTbc's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_convolution.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kConvTbc =
    ACLNN_BINDING(aclnnConvTbc, "self", "weight", "bias", "pad", "out", "cubeMathType");

}  // namespace testing_support
