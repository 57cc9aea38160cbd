// GeluBackwardV2: the gradients' case (harness/elementwise_gradient.h) with approximate "tanh"; the
// attribute rejects any other text than "none" and "tanh".
#include "harness/gelu_backward_v2.h"
#include "harness/elementwise_gradient.h"

namespace reliability {
namespace {

class GeluBackwardV2Harness : public GradientHarness {
public:
    GeluBackwardV2Harness(Layout layout, uint64_t seed)
        : GradientHarness(testing_support::kGeluBackwardV2, "self", "gradInput", true, layout, seed) {
        // Literals: the operator only reads the string, and they outlive the harness.
        addValue("approximate", "tanh");
    }
    BadAttributes badAttributes() override {
        return {{"approximate erf", setValue("approximate", "erf")},
                {"approximate Tanh", setValue("approximate", "Tanh")},
                {"approximate empty", setValue("approximate", "")}};
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnGeluBackwardV2", harnessFactory<GeluBackwardV2Harness>);

}  // namespace reliability
