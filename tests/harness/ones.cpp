// InplaceOne: a 2 x 3 x 4 float16 selfRef.
#include "harness/ones.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class InplaceOneHarness : public OpHarness {
public:
    InplaceOneHarness(Layout layout, uint64_t) {
        setBinding(testing_support::kInplaceOne);
        stridedNeedsWorkspace = false;  // the engine writes strided views directly
        addTensor("selfRef", {2, 3, 4}, ACL_FLOAT16, layout, {}, true);
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnInplaceOne", harnessFactory<InplaceOneHarness>);

}  // namespace reliability
