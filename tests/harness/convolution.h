// aclnnConvolution's and aclnnConvolutionBackward's calls, written once (support/binding.h).
#pragma once

#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kConvolution =
    ACLNN_BINDING(aclnnConvolution, "input", "weight", "bias", "stride", "padding", "dilation", "transposed",
                  "outputPadding", "groups", "output", "cubeMathType");
inline const Binding kConvolutionBackward =
    ACLNN_BINDING(aclnnConvolutionBackward, "gradOutput", "input", "weight", "biasSizes", "stride", "padding",
                  "dilation", "transposed", "outputPadding", "groups", "outputMask", "cubeMathType", "gradInput",
                  "gradWeight", "gradBias");

}  // namespace testing_support
