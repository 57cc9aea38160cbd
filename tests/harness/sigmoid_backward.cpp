// SigmoidBackward: the gradients' case (harness/elementwise_gradient.h), output (Sigmoid's y, in (0, 1))
// broadcast.
#include "harness/sigmoid_backward.h"
#include "harness/elementwise_gradient.h"

namespace reliability {
namespace {

class SigmoidBackwardHarness : public GradientHarness {
public:
    SigmoidBackwardHarness(Layout layout, uint64_t seed)
        : GradientHarness(testing_support::kSigmoidBackward, "output", "gradInput", true, layout, seed) {}
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnSigmoidBackward", harnessFactory<SigmoidBackwardHarness>);

}  // namespace reliability
