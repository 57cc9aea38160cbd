// What aclnnSoftmaxBackward and aclnnLogSoftmaxBackward share (host/ops/softmax_backward.cpp,
// log_softmax_backward.cpp): out's dtype, which CANN leaves unchecked (its result is cast to it), must be one
// the engine stores into (kStorableDtypes); ours, after CANN's checks.
#pragma once

#include <vector>

#include "engines/elementwise.h"

namespace aclcl {

inline void checkSoftmaxGradOut(const char *op, const aclTensor *out) {
    checkDtypeInList(op, out, "out", kStorableDtypes);
}

}  // namespace aclcl
