// The Mul family's calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_mul.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kMul = ACLNN_BINDING(aclnnMul, "self", "other", "out");
inline const Binding kMuls = ACLNN_BINDING(aclnnMuls, "self", "other", "out");
inline const Binding kInplaceMul = ACLNN_BINDING(aclnnInplaceMul, "selfRef", "other");
inline const Binding kInplaceMuls = ACLNN_BINDING(aclnnInplaceMuls, "selfRef", "other");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kMulDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_DOUBLE, ACL_INT8,       ACL_UINT8,
                                                    ACL_INT16, ACL_INT64,   ACL_BOOL,  ACL_COMPLEX128, ACL_COMPLEX64, ACL_BF16};

}  // namespace testing_support
