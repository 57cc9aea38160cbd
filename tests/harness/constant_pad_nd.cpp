// ConstantPadNd: a 2 x 3 x 4 float32 self padded by (1, 2) on its last dim and (-1, 0) (a crop) on the one
// before, with 0.5, into a 2 x 2 x 7 float32 out.
#include "harness/constant_pad_nd.h"
#include "harness/elementwise_binary.h"
#include "support/int_array.h"

namespace reliability {
namespace {

// pad is a value slot, not an array slot: its length varies with the dims padded (the array tests assume a
// fixed length); the bad values are badAttributes.
class ConstantPadNdHarness : public OpHarness, ScalarOwner {
public:
    ConstantPadNdHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kConstantPadNd);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        unsupportedDtype = ACL_COMPLEX32;  // UINT32 is listed
        addTensor("self", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        addValue("pad", pad_.get());
        addValue("value", scalar(0.5, ACL_FLOAT));
        addTensor("out", {2, 2, 7}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        return {{"pad of odd length", setValue("pad", odd_.get())},
                {"pad longer than twice the rank", setValue("pad", long_.get())},
                {"pad cropping below 0", setValue("pad", crop_.get())}};
    }

private:
    testing_support::IntArray pad_{{1, 2, -1, 0}}, odd_{{1, 2, -1}}, long_{{1, 2, -1, 0, 0, 0, 0, 0}},
        crop_{{1, 2, -4, 0}};
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnConstantPadNd", harnessFactory<ConstantPadNdHarness>);

}  // namespace reliability
