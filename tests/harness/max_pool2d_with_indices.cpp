// MaxPool2dWithIndices and its backward: 2 x 3 x 4 x 4, kernel 2, stride 2 -> 2 x 3 x 2 x 2 (the
// backward's indices are each window's own positions, so no case here faults).
#include "harness/max_pool2d_with_indices.h"
#include "harness/max_pool2d_with_indices_backward.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

// The window attributes are value slots holding arrays the harness owns, not array slots: the generic
// array tests assume one valid length, and these take 1 or 2 values (stride also 0). Their bad lengths
// and values are here.
class MaxPool2dHarnessBase : public OpHarness {
public:
    BadAttributes badAttributes() override {
        return {{"kernelSize of 3 values", setValue("kernelSize", arrayVariant({2, 2, 2}))},
                {"kernelSize 0", setValue("kernelSize", arrayVariant({0, 2}))},
                {"stride of 3 values", setValue("stride", arrayVariant({2, 2, 2}))},
                {"stride 0", setValue("stride", arrayVariant({0}))},
                {"padding empty", setValue("padding", arrayVariant({}))},
                {"padding above half the kernel", setValue("padding", arrayVariant({2, 0}))},
                {"dilation of 3 values", setValue("dilation", arrayVariant({1, 1, 1}))},
                {"dilation 0", setValue("dilation", arrayVariant({1, 0}))}};
    }

protected:
    // kernel 2, stride 2, no padding, no dilation, floor.
    void addWindow() {
        addValue("kernelSize", arrayVariant({2, 2}));
        addValue("stride", arrayVariant({2, 2}));
        addValue("padding", arrayVariant({0, 0}));
        addValue("dilation", arrayVariant({1, 1}));
        addValue("ceilMode", false);
    }
};

class MaxPool2dHarness : public MaxPool2dHarnessBase {
public:
    MaxPool2dHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kMaxPool2dWithIndices);
        stridedNeedsWorkspace = false;  // every tensor is read and written through its strides
        addTensor("self", {2, 3, 4, 4}, ACL_FLOAT, layout, random({2, 3, 4, 4}, seed));
        addWindow();
        addTensor("out", {2, 3, 2, 2}, ACL_FLOAT, layout, {}, true);
        addTensor("indices", {2, 3, 2, 2}, ACL_INT32, layout, {}, true);  // INT32: the hostile tests alias outputs 4 bytes apart
    }
};

class MaxPool2dBackwardHarness : public MaxPool2dHarnessBase {
public:
    MaxPool2dBackwardHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kMaxPool2dWithIndicesBackward);
        stridedNeedsWorkspace = false;
        addTensor("gradOutput", {2, 3, 2, 2}, ACL_FLOAT, layout, random({2, 3, 2, 2}, seed));
        addTensor("self", {2, 3, 4, 4}, ACL_FLOAT, layout, random({2, 3, 4, 4}, seed + 1));
        // Output (oh, ow) picks (2 oh + r, 2 ow + c) of its own 2x2 window.
        const std::vector<double> pick = random({2, 3, 2, 2}, seed + 2, 0, 4);
        std::vector<double> idx(pick.size());
        for (size_t o = 0; o < idx.size(); ++o) {
            const int64_t tap = static_cast<int64_t>(pick[o]) % 4, oh = (o / 2) % 2, ow = o % 2;
            idx[o] = static_cast<double>((2 * oh + tap / 2) * 4 + 2 * ow + tap % 2);
        }
        addTensor("indices", {2, 3, 2, 2}, ACL_INT64, layout, idx);
        addWindow();
        addTensor("gradInput", {2, 3, 4, 4}, ACL_FLOAT, layout, {}, true);
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnMaxPool2dWithIndices", harnessFactory<MaxPool2dHarness>);
ACLNN_REGISTER_HARNESS("aclnnMaxPool2dWithIndicesBackward", harnessFactory<MaxPool2dBackwardHarness>);

}  // namespace reliability
