// aclnnInplaceFillScalar's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_fill_scalar.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kInplaceFillScalar = ACLNN_BINDING(aclnnInplaceFillScalar, "selfRef", "value");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kFillDtypes = {ACL_FLOAT,     ACL_INT32,      ACL_INT64, ACL_FLOAT16, ACL_INT16,
                                                     ACL_INT8,      ACL_UINT8,      ACL_DOUBLE, ACL_BOOL,   ACL_COMPLEX64,
                                                     ACL_COMPLEX128, ACL_BF16,      ACL_UINT16, ACL_UINT32, ACL_UINT64};

}  // namespace testing_support
