// InplaceCopy: a 3 x 4 float16 src broadcast and converted into a 2 x 3 x 4 float32 selfRef.
#include "harness/copy.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class InplaceCopyHarness : public OpHarness {
public:
    InplaceCopyHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kInplaceCopy);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        unsupportedDtype = ACL_COMPLEX32;  // InplaceCopy lists every other addressable dtype
        addTensor("selfRef", {2, 3, 4}, ACL_FLOAT, layout, {}, true);
        addTensor("src", {3, 4}, ACL_FLOAT16, layout, random({3, 4}, seed));
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnInplaceCopy", harnessFactory<InplaceCopyHarness>);

}  // namespace reliability
