// aclnnUpsampleNearest2d's and aclnnUpsampleNearest2dV2's calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_2d_v2.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kUpsampleNearest2d = ACLNN_BINDING(aclnnUpsampleNearest2d, "self", "outputSize", "out");
inline const Binding kUpsampleNearest2dV2 =
    ACLNN_BINDING(aclnnUpsampleNearest2dV2, "self", "outputSize", "scalesH", "scalesW", "out");

// The dtypes CANN lists (A2/A3), in its order, for both: the tests' every-dtype suite.
inline const std::vector<aclDataType> kUpsampleNearest2dDtypes = {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_UINT8,
                                                                  ACL_BF16};

}  // namespace testing_support
