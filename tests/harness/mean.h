// aclnnMean's and aclnnMeanV2's calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_mean.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kMean = ACLNN_BINDING(aclnnMean, "self", "dim", "keepDim", "dtype", "out");
inline const Binding kMeanV2 = ACLNN_BINDING(aclnnMeanV2, "self", "dim", "keepDim", "noopWithEmptyAxes", "out");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kMeanDtypes = {ACL_FLOAT, ACL_INT32,  ACL_INT64, ACL_FLOAT16,   ACL_INT16,     ACL_INT8,
                                                     ACL_UINT8, ACL_DOUBLE, ACL_BF16,  ACL_COMPLEX64, ACL_COMPLEX128};

}  // namespace testing_support
