// aclnnNLLLoss's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_nll_loss.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kNLLLoss = ACLNN_BINDING(aclnnNLLLoss, "self", "target", "weight", "reduction", "ignoreIndex",
                                              "out", "totalWeightOut");

}  // namespace testing_support
