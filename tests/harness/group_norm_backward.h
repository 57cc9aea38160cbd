// aclnnGroupNormBackward's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_group_norm_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kGroupNormBackward =
    ACLNN_BINDING(aclnnGroupNormBackward, "gradOut", "input", "mean", "rstd", "gamma", "N", "C", "HxW", "group",
                  "outputMask", "gradInput", "gradGammaOut", "gradBetaOut");

}  // namespace testing_support
