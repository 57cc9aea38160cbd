// Convolution (forward): input 2 x 4 x 5 x 6 NCHW, weight 6 x 2 x 3 x 2 (groups 2), no bias, stride (1, 2),
// padding (1, 0), dilation 1: output 2 x 6 x 5 x 3. bias is optional (a null bias is valid, so it cannot be a
// tensor slot, which the null tests pass as nullptr); the bias path is tests/test_convolution.cpp's.
#include "harness/convolution.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class ConvolutionHarness : public OpHarness {
public:
    ConvolutionHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kConvolution);
        addTensor("input", {2, 4, 5, 6}, ACL_FLOAT, layout, random({2, 4, 5, 6}, seed), false, ACL_FORMAT_NCHW);
        addTensor("weight", {6, 2, 3, 2}, ACL_FLOAT, layout, random({6, 2, 3, 2}, seed + 1), false, ACL_FORMAT_NCHW);
        addValue("bias", nullptr);
        addArray("stride", {1, 2});
        addArray("padding", {1, 0});
        addArray("dilation", {1, 1});
        addValue("transposed", false);
        addValue("outputPadding", nullptr);
        addValue("groups", int64_t{2});
        addTensor("output", {2, 6, 5, 3}, ACL_FLOAT, layout, {}, true, ACL_FORMAT_NCHW);
        addValue("cubeMathType", int8_t{0});
    }
    BadAttributes badAttributes() override {
        return {{"groups 3", setValue("groups", int64_t{3})},
                {"groups 0", setValue("groups", int64_t{0})},
                {"stride 0", setArray("stride", {0, 1})},
                {"dilation 0", setArray("dilation", {1, 0})},
                {"padding -1", setArray("padding", {-1, 0})},
                {"kernel larger than the padded input", setArray("dilation", {4, 1})},
                {"cubeMathType 5", setValue("cubeMathType", int8_t{5})},
                {"cubeMathType -1", setValue("cubeMathType", int8_t{-1})}};
    }
};

// ConvolutionBackward: the forward above's gradients, every one wanted. biasSizes and outputMask are values the
// harness owns (biasSizes is only read on the empty path; outputMask is no int array).
class ConvolutionBackwardHarness : public OpHarness {
public:
    ConvolutionBackwardHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kConvolutionBackward);
        outputsAccumulate = true;  // gradWeight sums sample after sample with beta 1
        addTensor("gradOutput", {2, 6, 5, 3}, ACL_FLOAT, layout, random({2, 6, 5, 3}, seed), false, ACL_FORMAT_NCHW);
        addTensor("input", {2, 4, 5, 6}, ACL_FLOAT, layout, random({2, 4, 5, 6}, seed + 1), false, ACL_FORMAT_NCHW);
        addTensor("weight", {6, 2, 3, 2}, ACL_FLOAT, layout, random({6, 2, 3, 2}, seed + 2), false, ACL_FORMAT_NCHW);
        const int64_t sizes[] = {6};
        biasSizes_ = aclCreateIntArray(sizes, 1);
        const bool mask[] = {true, true, true};
        mask_ = aclCreateBoolArray(mask, 3);
        addValue("biasSizes", static_cast<const aclIntArray *>(biasSizes_));
        addArray("stride", {1, 2});
        addArray("padding", {1, 0});
        addArray("dilation", {1, 1});
        addValue("transposed", false);
        addArray("outputPadding", {0, 0});
        addValue("groups", 2);
        addValue("outputMask", static_cast<const aclBoolArray *>(mask_));
        addValue("cubeMathType", int8_t{0});
        addTensor("gradInput", {2, 4, 5, 6}, ACL_FLOAT, layout, {}, true, ACL_FORMAT_NCHW);
        addTensor("gradWeight", {6, 2, 3, 2}, ACL_FLOAT, layout, {}, true, ACL_FORMAT_NCHW);
        addTensor("gradBias", {6}, ACL_FLOAT, layout, {}, true);
    }
    ~ConvolutionBackwardHarness() override {
        aclDestroyIntArray(biasSizes_);
        aclDestroyBoolArray(mask_);
    }
    BadAttributes badAttributes() override {
        return {{"groups 3", setValue("groups", 3)},
                {"groups 0", setValue("groups", 0)},
                {"stride 0", setArray("stride", {0, 1})},
                {"padding -1", setArray("padding", {-1, 0})},
                {"outputPadding 1", setArray("outputPadding", {1, 0})},
                {"cubeMathType 4", setValue("cubeMathType", int8_t{4})}};
    }

private:
    aclIntArray *biasSizes_ = nullptr;
    aclBoolArray *mask_ = nullptr;
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnConvolution", harnessFactory<ConvolutionHarness>);
ACLNN_REGISTER_HARNESS("aclnnConvolutionBackward", harnessFactory<ConvolutionBackwardHarness>);

}  // namespace reliability
