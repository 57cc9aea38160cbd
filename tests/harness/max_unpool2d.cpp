// MaxUnpool2d (forward): 2 x 3 x 2 x 2 values unpooled into 3 x 3 planes at random positions (repeats
// allowed: the last input naming a position wins).
#include "harness/max_unpool2d.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class MaxUnpool2dHarness : public OpHarness {
public:
    MaxUnpool2dHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kMaxUnpool2d);
        stridedNeedsWorkspace = false;  // the kernels read and write strided views directly
        addTensor("self", {2, 3, 2, 2}, ACL_FLOAT, layout, random({2, 3, 2, 2}, seed));
        addTensor("indices", {2, 3, 2, 2}, ACL_INT64, layout, randomIndices({2, 3, 2, 2}, seed + 1, 9));
        addArray("outputSize", {3, 3});
        addTensor("out", {2, 3, 3, 3}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        return {{"outputSize's product below H * W", setArray("outputSize", {1, 3})},
                {"outputSize of 3 values", setArray("outputSize", {3, 3, 1})},
                {"outputSize value 0", setArray("outputSize", {0, 3})}};
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnMaxUnpool2d", harnessFactory<MaxUnpool2dHarness>);

}  // namespace reliability
