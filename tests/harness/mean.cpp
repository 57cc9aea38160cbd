// Mean: a 2 x 3 x 4 float32 self averaged over dim [1] with keepDim into a 2 x 1 x 4 float32 out; MeanV2 the
// same over dim [-1].
#include "harness/mean.h"
#include "reliability_harness.h"
#include "support/int_array.h"

namespace reliability {
namespace {

// dim is a value slot, not an array slot: a dim array of any length is valid (the array tests assume a fixed
// length); the bad values are badAttributes.
class MeanHarness : public OpHarness {
public:
    MeanHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kMean);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        addTensor("self", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        addValue("dim", dim_.get());
        addValue("keepDim", true);
        addValue("dtype", ACL_FLOAT);
        addTensor("out", {2, 1, 4}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        return {{"dim out of range", setValue("dim", outOfRange_.get())},
                {"dim repeated", setValue("dim", repeated_.get())},
                {"dtype BOOL", setValue("dtype", ACL_BOOL)}};
    }

private:
    testing_support::IntArray dim_{{1}}, outOfRange_{{-4}}, repeated_{{1, 1}};
};

class MeanV2Harness : public OpHarness {
public:
    MeanV2Harness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kMeanV2);
        stridedNeedsWorkspace = false;
        addTensor("self", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        addValue("dim", dim_.get());
        addValue("keepDim", false);
        addValue("noopWithEmptyAxes", false);
        addTensor("out", {2, 3}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override { return {{"dim out of range", setValue("dim", outOfRange_.get())}}; }

private:
    testing_support::IntArray dim_{{-1}}, outOfRange_{{3}};
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnMean", harnessFactory<MeanHarness>);
ACLNN_REGISTER_HARNESS("aclnnMeanV2", harnessFactory<MeanV2Harness>);

}  // namespace reliability
