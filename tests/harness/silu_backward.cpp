// SiluBackward: the gradients' case (harness/elementwise_gradient.h), self of gradOutput's shape (no
// broadcasting on A2/A3).
#include "harness/silu_backward.h"
#include "harness/elementwise_gradient.h"

namespace reliability {
namespace {

class SiluBackwardHarness : public GradientHarness {
public:
    SiluBackwardHarness(Layout layout, uint64_t seed)
        : GradientHarness(testing_support::kSiluBackward, "self", "gradInput", false, layout, seed) {}
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnSiluBackward", harnessFactory<SiluBackwardHarness>);

}  // namespace reliability
