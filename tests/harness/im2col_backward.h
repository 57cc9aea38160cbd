// aclnnIm2colBackward's call, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_im2col_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kIm2colBackward = ACLNN_BINDING(aclnnIm2colBackward, "gradOutput", "inputSize", "kernelSize",
                                                     "dilation", "padding", "stride", "out");

}  // namespace testing_support
