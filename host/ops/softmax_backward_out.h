// What aclnnSoftmaxBackward and aclnnLogSoftmaxBackward share (host/ops/softmax_backward.cpp,
// log_softmax_backward.cpp): out's dtype, which CANN leaves unchecked (its result is cast to it), must be one
// the engine stores into (Cast's list); ours, after CANN's checks.
#pragma once

#include <vector>

#include "engines/elementwise.h"

namespace aclcl {

inline void checkSoftmaxGradOut(const char *op, const aclTensor *out) {
    static const std::vector<aclDataType> kStorable = {
        ACL_FLOAT16, ACL_FLOAT,  ACL_DOUBLE, ACL_INT8, ACL_UINT8,     ACL_INT16,      ACL_INT32, ACL_INT64,
        ACL_UINT16,  ACL_UINT32, ACL_UINT64, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};
    checkDtypeInList(op, out, "out", kStorable);
}

}  // namespace aclcl
