#include "harness/max_unpool2d_backward.h"

namespace reliability {

ACLNN_REGISTER_HARNESS("aclnnMaxUnpool2dBackward", [](Layout l, uint64_t s) -> std::unique_ptr<OpHarness> {
    return std::make_unique<MaxUnpoolHarness>(l, s);
});

}  // namespace reliability
