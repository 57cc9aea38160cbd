// aclnnGroupNorm's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_group_norm.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kGroupNorm = ACLNN_BINDING(aclnnGroupNorm, "self", "gamma", "beta", "N", "C", "HxW", "group",
                                                "eps", "out", "meanOut", "rstdOut");

}  // namespace testing_support
