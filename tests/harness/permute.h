// aclnnPermute's call, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_permute.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kPermute = ACLNN_BINDING(aclnnPermute, "self", "dims", "out");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kPermuteDtypes = {ACL_FLOAT,  ACL_FLOAT16, ACL_INT8,   ACL_INT16,     ACL_INT32,
                                                        ACL_INT64,  ACL_UINT8,   ACL_UINT16, ACL_UINT32,    ACL_UINT64,
                                                        ACL_BOOL,   ACL_DOUBLE,  ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

}  // namespace testing_support
