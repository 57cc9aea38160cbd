// Mean: a 2 x 3 x 4 float32 self averaged over dim [1] with keepDim into a 2 x 1 x 4 float32 out; MeanV2 the
// same over every dim.
#include "harness/mean.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class MeanHarness : public OpHarness {
public:
    MeanHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kMean);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        addTensor("self", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        addArray("dim", {1});
        addValue("keepDim", true);
        addValue("dtype", ACL_FLOAT);
        addTensor("out", {2, 1, 4}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        return {{"dim out of range", setArray("dim", {-4})},
                {"dim repeated", setArray("dim", {1, 1})},
                {"dtype BOOL", setValue("dtype", ACL_BOOL)}};
    }
};

class MeanV2Harness : public OpHarness {
public:
    MeanV2Harness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kMeanV2);
        stridedNeedsWorkspace = false;
        addTensor("self", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        addArray("dim", {});
        addValue("keepDim", false);
        addValue("noopWithEmptyAxes", false);
        addTensor("out", {}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override { return {{"dim out of range", setArray("dim", {3})}}; }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnMean", harnessFactory<MeanHarness>);
ACLNN_REGISTER_HARNESS("aclnnMeanV2", harnessFactory<MeanV2Harness>);

}  // namespace reliability
