// Cat: a 2 x 3 x 4 and a 2 x 2 x 4 float32 tensor joined along dim 1 into a 2 x 5 x 4 float32 out. The list's
// elements are tensor slots (tensors[0], tensors[1]): the shared tests break each as any tensor.
#include "harness/cat.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class CatHarness : public OpHarness {
public:
    CatHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kCat);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        addTensor("tensors[0]", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        addTensor("tensors[1]", {2, 2, 4}, ACL_FLOAT, layout, random({2, 2, 4}, seed + 1));
        addList("tensors", {"tensors[0]", "tensors[1]"});
        addValue("dim", int64_t{1});
        addTensor("out", {2, 5, 4}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        return {{"dim out of range", setValue("dim", int64_t{3})},
                {"dim of another join", setValue("dim", int64_t{0})}};
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnCat", harnessFactory<CatHarness>);

}  // namespace reliability
