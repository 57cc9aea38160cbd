// The Neg family's calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_neg.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kNeg = ACLNN_BINDING(aclnnNeg, "self", "out");
inline const Binding kInplaceNeg = ACLNN_BINDING(aclnnInplaceNeg, "selfRef");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kNegDtypes = {ACL_INT8,      ACL_INT32,      ACL_INT64, ACL_FLOAT16, ACL_FLOAT,
                                                    ACL_DOUBLE,    ACL_COMPLEX64,  ACL_COMPLEX128, ACL_BF16};

}  // namespace testing_support
