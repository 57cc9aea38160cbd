// aclnnIm2col's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_im2col.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kIm2col =
    ACLNN_BINDING(aclnnIm2col, "self", "kernelSize", "dilation", "padding", "stride", "out");

}  // namespace testing_support
