#include "harness/conv_tbc_backward.h"

namespace reliability {

ACLNN_REGISTER_HARNESS("aclnnConvTbcBackward", [](Layout l, uint64_t s) -> std::unique_ptr<OpHarness> {
    return std::make_unique<ConvTbcHarness>(l, s);
});

}  // namespace reliability
