#include "harness/max_unpool2d_backward.h"

namespace reliability {

ACLNN_REGISTER_HARNESS("aclnnMaxUnpool2dBackward", harnessFactory<MaxUnpool2dBackwardHarness>);

}  // namespace reliability
