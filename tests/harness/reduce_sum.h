// aclnnReduceSum's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_reduce_sum.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kReduceSum = ACLNN_BINDING(aclnnReduceSum, "self", "dims", "keepDims", "dtype", "out");

}  // namespace testing_support
