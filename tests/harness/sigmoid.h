// The Sigmoid family's calls, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_sigmoid.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kSigmoid = ACLNN_BINDING(aclnnSigmoid, "self", "out");
inline const Binding kInplaceSigmoid = ACLNN_BINDING(aclnnInplaceSigmoid, "selfRef");

}  // namespace testing_support
