// ReduceSum: a 2 x 3 x 4 float32 self summed over dims [0, -1] into a 3 float32 out.
#include "harness/reduce_sum.h"
#include "reliability_harness.h"
#include "support/int_array.h"

namespace reliability {
namespace {

class ReduceSumHarness : public OpHarness {
public:
    ReduceSumHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kReduceSum);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        addTensor("self", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        // dims is a value slot, not an array slot: a dims array of any length is valid (the array tests
        // assume a fixed length); the bad values are badAttributes.
        addValue("dims", dims_.get());
        addValue("keepDims", false);
        addValue("dtype", ACL_FLOAT);
        addTensor("out", {3}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        return {{"dims out of range", setValue("dims", outOfRange_.get())},
                {"dims repeated", setValue("dims", repeated_.get())},
                {"dtype other than out's", setValue("dtype", ACL_INT32)}};
    }

private:
    testing_support::IntArray dims_{{0, -1}}, outOfRange_{{0, 3}}, repeated_{{0, -3}};
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnReduceSum", harnessFactory<ReduceSumHarness>);

}  // namespace reliability
