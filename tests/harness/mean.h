// aclnnMean's and aclnnMeanV2's calls, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_mean.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kMean = ACLNN_BINDING(aclnnMean, "self", "dim", "keepDim", "dtype", "out");
inline const Binding kMeanV2 = ACLNN_BINDING(aclnnMeanV2, "self", "dim", "keepDim", "noopWithEmptyAxes", "out");

}  // namespace testing_support
