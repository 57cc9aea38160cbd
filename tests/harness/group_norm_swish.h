// aclnnGroupNormSwish's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_group_norm_swish.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kGroupNormSwish =
    ACLNN_BINDING(aclnnGroupNormSwish, "x", "gamma", "beta", "numGroups", "dataFormatOptional", "eps", "activateSwish",
                  "swishScale", "yOut", "meanOut", "rstdOut");

}  // namespace testing_support
