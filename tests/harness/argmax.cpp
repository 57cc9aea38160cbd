// ArgMax: a 2 x 3 x 4 float32 self along dim 1 into a 2 x 4 int32 out (4-byte elements, as self's: the hostile
// tests move out over self by one element).
#include "harness/argmax.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

// dim is a value slot; the bad values are badAttributes.
class ArgMaxHarness : public OpHarness {
public:
    ArgMaxHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kArgMax);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        addTensor("self", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        addValue("dim", int64_t{1});
        addValue("keepdim", false);
        addTensor("out", {2, 4}, ACL_INT32, layout, {}, true);
        unsupportedDtype = ACL_COMPLEX32;  // out takes any dtype the engine stores (UINT32 too)
    }
    BadAttributes badAttributes() override {
        return {{"dim out of range", setValue("dim", int64_t{3})},
                {"keepdim with out's reduced shape", setValue("keepdim", true)}};
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnArgMax", harnessFactory<ArgMaxHarness>);

}  // namespace reliability
