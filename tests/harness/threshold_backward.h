// aclnnThresholdBackward's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_threshold_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kThresholdBackward =
    ACLNN_BINDING(aclnnThresholdBackward, "gradOutput", "self", "threshold", "out");

}  // namespace testing_support
