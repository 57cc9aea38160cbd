// MaxPool2dWithIndices and its backward: 2 x 3 x 4 x 4, kernel 2, stride 2 -> 2 x 3 x 2 x 2 (the
// backward's indices are each window's own positions, so no case here faults).
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

// The window attributes are not harness array slots: the generic array tests assume one valid
// length, and these take 1 or 2 values (stride also 0). Their bad lengths and values are here.
class MaxPool2dHarnessBase : public OpHarness {
public:
    ~MaxPool2dHarnessBase() override {
        for (aclIntArray *v : valid_) aclDestroyIntArray(v);
    }
    BadAttributes badAttributes() override {
        return {{"kernelSize of 3 values", [this] { arg_[0] = arrayVariant({2, 2, 2}); }},
                {"kernelSize 0", [this] { arg_[0] = arrayVariant({0, 2}); }},
                {"stride of 3 values", [this] { arg_[1] = arrayVariant({2, 2, 2}); }},
                {"stride 0", [this] { arg_[1] = arrayVariant({0}); }},
                {"padding empty", [this] { arg_[2] = arrayVariant({}); }},
                {"padding above half the kernel", [this] { arg_[2] = arrayVariant({2, 0}); }},
                {"dilation of 3 values", [this] { arg_[3] = arrayVariant({1, 1, 1}); }},
                {"dilation 0", [this] { arg_[3] = arrayVariant({1, 0}); }}};
    }
    void resetAttributes() override {
        for (size_t i = 0; i < 4; ++i) arg_[i] = valid_[i];
    }

protected:
    MaxPool2dHarnessBase() {
        const std::vector<int64_t> values[4] = {{2, 2}, {2, 2}, {0, 0}, {1, 1}};
        for (size_t i = 0; i < 4; ++i) arg_[i] = valid_[i] = aclCreateIntArray(values[i].data(), values[i].size());
    }
    aclIntArray *kernelSize() const { return arg_[0]; }
    aclIntArray *stride() const { return arg_[1]; }
    aclIntArray *padding() const { return arg_[2]; }
    aclIntArray *dilation() const { return arg_[3]; }

private:
    aclIntArray *valid_[4] = {};
    aclIntArray *arg_[4] = {};
};

class MaxPool2dHarness : public MaxPool2dHarnessBase {
public:
    MaxPool2dHarness(Layout layout, uint64_t seed) {
        setOperator("aclnnMaxPool2dWithIndices", aclnnMaxPool2dWithIndices);
        stridedNeedsWorkspace = false;  // every tensor is read and written through its strides
        addTensor("self", {2, 3, 4, 4}, ACL_FLOAT, layout, random({2, 3, 4, 4}, seed));
        addTensor("out", {2, 3, 2, 2}, ACL_FLOAT, layout, {}, true);
        addTensor("indices", {2, 3, 2, 2}, ACL_INT32, layout, {}, true);  // INT32: the hostile tests alias outputs 4 bytes apart
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnMaxPool2dWithIndicesGetWorkspaceSize(t("self"), kernelSize(), stride(), padding(), dilation(), false, t("out"), t("indices"), ws, ex);
    }
};

class MaxPool2dBackwardHarness : public MaxPool2dHarnessBase {
public:
    MaxPool2dBackwardHarness(Layout layout, uint64_t seed) {
        setOperator("aclnnMaxPool2dWithIndicesBackward", aclnnMaxPool2dWithIndicesBackward);
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
        addTensor("gradInput", {2, 3, 4, 4}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(t("gradOutput"), t("self"), t("indices"),
                                                                 kernelSize(), stride(), padding(), dilation(),
                                                                 false, t("gradInput"), ws, ex);
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnMaxPool2dWithIndices", harnessFactory<MaxPool2dHarness>);
ACLNN_REGISTER_HARNESS("aclnnMaxPool2dWithIndicesBackward", harnessFactory<MaxPool2dBackwardHarness>);

}  // namespace reliability
