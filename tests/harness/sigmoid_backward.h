// aclnnSigmoidBackward's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_sigmoid_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kSigmoidBackward = ACLNN_BINDING(aclnnSigmoidBackward, "gradOutput", "output", "gradInput");

}  // namespace testing_support
