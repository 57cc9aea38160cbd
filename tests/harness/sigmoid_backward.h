// aclnnSigmoidBackward's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_sigmoid_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kSigmoidBackward = ACLNN_BINDING(aclnnSigmoidBackward, "gradOutput", "output", "gradInput");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kSigmoidBackwardDtypes = {ACL_FLOAT,     ACL_FLOAT16,    ACL_DOUBLE,
                                                                ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

}  // namespace testing_support
