// UpsampleNearest2d, its V2 (scales 1.5 and 2.5) and its backward: a 2 x 3 x 3 x 4 NCHW self resized to
// 5 x 6 (the float path on both axes), and the gradient of that resize.
#include "harness/upsample_nearest2d.h"
#include "harness/upsample_nearest2d_backward.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

// The forward's and V2's shared slots: self, outputSize and out, and outputSize's bad values.
class UpsampleResizeHarness : public OpHarness {
public:
    BadAttributes badAttributes() override {
        return {{"outputSize of 3 values", setArray("outputSize", {5, 6, 1})},
                {"outputSize value 0", setArray("outputSize", {0, 6})},
                {"outputSize not out's H and W", setArray("outputSize", {6, 5})}};
    }

protected:
    void addResize(Layout layout, uint64_t seed) {
        stridedNeedsWorkspace = false;  // the kernel reads and writes strided views directly
        addTensor("self", {2, 3, 3, 4}, ACL_FLOAT, layout, random({2, 3, 3, 4}, seed), false, ACL_FORMAT_NCHW);
        addArray("outputSize", {5, 6});
        addTensor("out", {2, 3, 5, 6}, ACL_FLOAT, layout, {}, true, ACL_FORMAT_NCHW);
    }
};

class UpsampleNearest2dHarness : public UpsampleResizeHarness {
public:
    UpsampleNearest2dHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kUpsampleNearest2d);
        addResize(layout, seed);
    }
};

class UpsampleNearest2dV2Harness : public UpsampleResizeHarness {
public:
    UpsampleNearest2dV2Harness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kUpsampleNearest2dV2);
        addResize(layout, seed);
        addValue("scalesH", 1.5f);
        addValue("scalesW", 2.5f);
    }
};

class UpsampleNearest2dBackwardHarness : public OpHarness {
public:
    UpsampleNearest2dBackwardHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kUpsampleNearest2dBackward);
        stridedNeedsWorkspace = false;
        unsupportedDtype = ACL_DOUBLE;
        addTensor("gradOut", {2, 3, 5, 6}, ACL_FLOAT, layout, random({2, 3, 5, 6}, seed), false, ACL_FORMAT_NCHW);
        addArray("outputSize", {5, 6});
        addArray("inputSize", {2, 3, 3, 4});
        addValue("scalesH", 0.0);
        addValue("scalesW", 0.0);
        addTensor("gradInput", {2, 3, 3, 4}, ACL_FLOAT, layout, {}, true, ACL_FORMAT_NCHW);
    }
    BadAttributes badAttributes() override {
        return {{"outputSize of 3 values", setArray("outputSize", {5, 6, 1})},
                {"inputSize of 3 values", setArray("inputSize", {2, 3, 3})},
                {"outputSize value 0", setArray("outputSize", {0, 6})},
                {"inputSize's H 0", setArray("inputSize", {2, 3, 0, 4})},
                {"inputSize not gradInput's shape", setArray("inputSize", {2, 3, 4, 4})}};
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnUpsampleNearest2d", harnessFactory<UpsampleNearest2dHarness>);
ACLNN_REGISTER_HARNESS("aclnnUpsampleNearest2dV2", harnessFactory<UpsampleNearest2dV2Harness>);
ACLNN_REGISTER_HARNESS("aclnnUpsampleNearest2dBackward", harnessFactory<UpsampleNearest2dBackwardHarness>);

}  // namespace reliability
