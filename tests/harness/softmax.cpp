// Softmax and LogSoftmax: a 2 x 3 x 4 float32 self along dim -1 into a 2 x 3 x 4 float32 out (in place allowed);
// their backwards: gradOutput and output 2 x 3 x 4 along dim 1.
#include "harness/softmax.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

// dim is a value slot; the bad values are badAttributes.
class SoftmaxHarness : public OpHarness {
public:
    SoftmaxHarness(const testing_support::Binding *binding, Layout layout, uint64_t seed) {
        setBinding(*binding);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        addTensor("self", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        addValue("dim", int64_t{-1});
        addTensor("out", {2, 3, 4}, ACL_FLOAT, layout, {}, true);
        inPlace = {{"out", "self"}};
    }
    BadAttributes badAttributes() override { return {{"dim out of range", setValue("dim", int64_t{3})}}; }
};

class SoftmaxBackwardHarness : public OpHarness {
public:
    SoftmaxBackwardHarness(const testing_support::Binding *binding, Layout layout, uint64_t seed) {
        setBinding(*binding);
        stridedNeedsWorkspace = false;
        addTensor("gradOutput", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        addTensor("output", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed + 1, 0, 1));
        addValue("dim", int64_t{1});
        addTensor("out", {2, 3, 4}, ACL_FLOAT, layout, {}, true);
        inPlace = {{"out", "gradOutput"}, {"out", "output"}};
        unsupportedDtype = ACL_COMPLEX32;  // out takes any dtype the engine stores (UINT32 too)
    }
    BadAttributes badAttributes() override { return {{"dim out of range", setValue("dim", int64_t{-4})}}; }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnSoftmax", (harnessFactory<SoftmaxHarness, &testing_support::kSoftmax>));
ACLNN_REGISTER_HARNESS("aclnnLogSoftmax", (harnessFactory<SoftmaxHarness, &testing_support::kLogSoftmax>));
ACLNN_REGISTER_HARNESS("aclnnSoftmaxBackward",
                       (harnessFactory<SoftmaxBackwardHarness, &testing_support::kSoftmaxBackward>));
ACLNN_REGISTER_HARNESS("aclnnLogSoftmaxBackward",
                       (harnessFactory<SoftmaxBackwardHarness, &testing_support::kLogSoftmaxBackward>));

}  // namespace reliability
