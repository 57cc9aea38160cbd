// GeluBackward: the gradients' case (harness/elementwise_gradient.h). gradInput takes any dtype the engine
// stores (CANN casts to it unchecked): COMPLEX32 is what no slot accepts.
#include "harness/gelu_backward.h"
#include "harness/elementwise_gradient.h"

namespace reliability {
namespace {

class GeluBackwardHarness : public GradientHarness {
public:
    GeluBackwardHarness(Layout layout, uint64_t seed)
        : GradientHarness(testing_support::kGeluBackward, "self", "gradInput", true, layout, seed) {
        unsupportedDtype = ACL_COMPLEX32;
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnGeluBackward", harnessFactory<GeluBackwardHarness>);

}  // namespace reliability
