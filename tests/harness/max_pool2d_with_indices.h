// aclnnMaxPool2dWithIndices's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kMaxPool2dWithIndices = ACLNN_BINDING(aclnnMaxPool2dWithIndices, "self", "kernelSize", "stride",
                                                           "padding", "dilation", "ceilMode", "out", "indices");

}  // namespace testing_support
