// The Sigmoid family's calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_sigmoid.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kSigmoid = ACLNN_BINDING(aclnnSigmoid, "self", "out");
inline const Binding kInplaceSigmoid = ACLNN_BINDING(aclnnInplaceSigmoid, "selfRef");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kSigmoidDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT8,       ACL_INT16,
                                                        ACL_INT32, ACL_INT64,   ACL_BOOL,   ACL_COMPLEX64, ACL_COMPLEX128,
                                                        ACL_BF16,  ACL_UINT8};

}  // namespace testing_support
