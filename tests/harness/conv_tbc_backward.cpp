#include "harness/conv_tbc_backward.h"

namespace reliability {

ACLNN_REGISTER_HARNESS("aclnnConvTbcBackward", harnessFactory<ConvTbcBackwardHarness>);

}  // namespace reliability
