// The Mul family's calls, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_mul.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kMul = ACLNN_BINDING(aclnnMul, "self", "other", "out");
inline const Binding kMuls = ACLNN_BINDING(aclnnMuls, "self", "other", "out");
inline const Binding kInplaceMul = ACLNN_BINDING(aclnnInplaceMul, "selfRef", "other");
inline const Binding kInplaceMuls = ACLNN_BINDING(aclnnInplaceMuls, "selfRef", "other");

}  // namespace testing_support
