// Permute: a 2 x 3 x 4 float32 self to a 4 x 2 x 3 out (dims 2, 0, -2).
#include "harness/permute.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class PermuteHarness : public OpHarness {
public:
    PermuteHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kPermute);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        unsupportedDtype = ACL_COMPLEX32;  // UINT32 is listed
        addTensor("self", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        addArray("dims", {2, 0, -2});
        addTensor("out", {4, 2, 3}, ACL_FLOAT, layout, {}, true);
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnPermute", harnessFactory<PermuteHarness>);

}  // namespace reliability
