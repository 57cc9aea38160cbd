// aclnnConstantPadNd's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_constant_pad_nd.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kConstantPadNd = ACLNN_BINDING(aclnnConstantPadNd, "self", "pad", "value", "out");

// The dtypes CANN lists (OPS_COMPANION, 910B and 910_93), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kConstantPadNdDtypes = {
    ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8,  ACL_DOUBLE, ACL_INT16,     ACL_INT64,      ACL_UINT64,
    ACL_UINT32, ACL_UINT16, ACL_UINT8, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

}  // namespace testing_support
