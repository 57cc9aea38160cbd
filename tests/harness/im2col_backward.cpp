// Im2colBackward: gradOutput 2 x 12 x 12 folded back into 2 x 3 x 4 x 5.
#include "harness/im2col_attributes.h"
#include "harness/im2col_backward.h"

namespace reliability {
namespace {

class Im2colBackwardHarness : public OpHarness {
public:
    Im2colBackwardHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kIm2colBackward);
        // 3 channels, 2x2 kernel over a 4x5 input, stride 1, no padding: L = 3 * 4 = 12.
        addTensor("gradOutput", {2, 12, 12}, ACL_FLOAT, layout, random({2, 12, 12}, seed));
        addArray("inputSize", {4, 5});
        addArray("kernelSize", {2, 2});
        addArray("dilation", {1, 1});
        addArray("padding", {0, 0});
        addArray("stride", {1, 1});
        addTensor("out", {2, 3, 4, 5}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        BadAttributes bad = badIm2colWindow(*this);
        bad.emplace_back("inputSize that does not give L", setArray("inputSize", {5, 5}));
        return bad;
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnIm2colBackward", harnessFactory<Im2colBackwardHarness>);

}  // namespace reliability
