// ThresholdBackward: the gradients' case (harness/elementwise_gradient.h) with threshold 0.5.
#include "harness/threshold_backward.h"
#include "harness/elementwise_binary.h"
#include "harness/elementwise_gradient.h"

namespace reliability {
namespace {

class ThresholdBackwardHarness : public GradientHarness, protected ScalarOwner {
public:
    ThresholdBackwardHarness(Layout layout, uint64_t seed)
        : GradientHarness(testing_support::kThresholdBackward, "self", "out", true, layout, seed) {
        addValue("threshold", scalar(0.5, ACL_FLOAT));
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnThresholdBackward", harnessFactory<ThresholdBackwardHarness>);

}  // namespace reliability
