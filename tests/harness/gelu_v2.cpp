// GeluV2: the unary elementwise case (harness/elementwise_unary.h) over x and y, approximate 0 (the erf
// form). No value of approximate is rejected (CANN reads 1 as "tanh", anything else as "none").
#include "harness/gelu_v2.h"
#include "harness/elementwise_unary.h"

namespace reliability {
namespace {

class GeluV2Harness : public UnaryHarness {
public:
    GeluV2Harness(Layout layout, uint64_t seed) : UnaryHarness(testing_support::kGeluV2, "x", "y", layout, seed) {
        addValue("approximate", int64_t{0});
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnGeluV2", harnessFactory<GeluV2Harness>);

}  // namespace reliability
