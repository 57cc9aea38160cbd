// aclnnMaxPool2dWithIndicesBackward's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kMaxPool2dWithIndicesBackward =
    ACLNN_BINDING(aclnnMaxPool2dWithIndicesBackward, "gradOutput", "self", "indices", "kernelSize", "stride",
                  "padding", "dilation", "ceilMode", "gradInput");

}  // namespace testing_support
