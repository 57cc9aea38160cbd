// InplaceZero: a 2 x 3 x 4 float32 selfRef.
#include "harness/zero.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class InplaceZeroHarness : public OpHarness {
public:
    InplaceZeroHarness(Layout layout, uint64_t) {
        setBinding(testing_support::kInplaceZero);
        stridedNeedsWorkspace = false;  // the engine writes strided views directly
        addTensor("selfRef", {2, 3, 4}, ACL_FLOAT, layout, {}, true);
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnInplaceZero", harnessFactory<InplaceZeroHarness>);

}  // namespace reliability
