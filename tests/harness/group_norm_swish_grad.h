// aclnnGroupNormSwishGrad's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kGroupNormSwishGrad =
    ACLNN_BINDING(aclnnGroupNormSwishGrad, "dy", "mean", "rstd", "x", "gamma", "beta", "numGroups",
                  "dataFormatOptional", "swishScale", "dgammaIsRequire", "dbetaIsRequire", "dxOut", "dgammaOut",
                  "dbetaOut");

}  // namespace testing_support
