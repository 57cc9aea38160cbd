// aclnnNLLLossBackward's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_nll_loss_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kNLLLossBackward =
    ACLNN_BINDING(aclnnNLLLossBackward, "gradOutput", "self", "target", "weight", "reduction", "ignoreIndex",
                  "totalWeight", "out");

}  // namespace testing_support
