// aclnnSoftmax's, aclnnLogSoftmax's and their backwards' calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kSoftmax = ACLNN_BINDING(aclnnSoftmax, "self", "dim", "out");
inline const Binding kLogSoftmax = ACLNN_BINDING(aclnnLogSoftmax, "self", "dim", "out");
inline const Binding kSoftmaxBackward = ACLNN_BINDING(aclnnSoftmaxBackward, "gradOutput", "output", "dim", "out");
inline const Binding kLogSoftmaxBackward =
    ACLNN_BINDING(aclnnLogSoftmaxBackward, "gradOutput", "output", "dim", "out");

// The dtypes CANN lists (OPS_COMPANION), in its order: the tests' and the precision report's.
inline const std::vector<aclDataType> kSoftmaxDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};
inline const std::vector<aclDataType> kLogSoftmaxDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};
inline const std::vector<aclDataType> kSoftmaxBackwardDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
inline const std::vector<aclDataType> kLogSoftmaxBackwardDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

}  // namespace testing_support
