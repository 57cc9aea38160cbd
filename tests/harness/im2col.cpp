// Im2col (forward): 2 x 3 x 4 x 5, 2x2 kernel, padding (1, 0), stride 1: L = 5 * 4 = 20.
#include "harness/im2col.h"
#include "harness/im2col_attributes.h"

namespace reliability {
namespace {

class Im2colHarness : public OpHarness {
public:
    Im2colHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kIm2col);
        stridedNeedsWorkspace = false;  // the kernels read and write strided views directly
        unsupportedDtype = ACL_COMPLEX128;  // UINT32 is in Im2col's list (and casts to out's FLOAT)
        addTensor("self", {2, 3, 4, 5}, ACL_FLOAT, layout, random({2, 3, 4, 5}, seed));
        addArray("kernelSize", {2, 2});
        addArray("dilation", {1, 1});
        addArray("padding", {1, 0});
        addArray("stride", {1, 1});
        addTensor("out", {2, 12, 20}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        BadAttributes bad = badIm2colWindow(*this);
        bad.emplace_back("kernel larger than the padded image", setArray("kernelSize", {7, 2}));
        return bad;
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnIm2col", harnessFactory<Im2colHarness>);

}  // namespace reliability
