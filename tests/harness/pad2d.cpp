// ReflectionPad2d and ReplicationPad2d (forward): 2 x 3 x 4 x 4 padded by [1, 2, 1, 1] to 6 x 7.
#include "harness/pad2d.h"
#include "harness/pad2d_attributes.h"

namespace reliability {
namespace {

class Pad2dHarness : public Pad2dHarnessBase {
public:
    Pad2dHarness(bool reflection, Layout layout, uint64_t seed)
        : Pad2dHarnessBase(reflection, testing_support::kReflectionPad2d, testing_support::kReplicationPad2d) {
        stridedNeedsWorkspace = false;  // the kernel reads and writes strided views directly
        addTensor("self", {2, 3, 4, 4}, ACL_FLOAT, layout, random({2, 3, 4, 4}, seed));
        addArray("padding", {1, 2, 1, 1});
        addTensor("out", {2, 3, 6, 7}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        BadAttributes bad = Pad2dHarnessBase::badAttributes();
        bad.emplace_back("padding of 3 elements", setArray("padding", {1, 2, 1}));
        return bad;
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnReflectionPad2d", (harnessFactory<Pad2dHarness, true>));
ACLNN_REGISTER_HARNESS("aclnnReplicationPad2d", (harnessFactory<Pad2dHarness, false>));

}  // namespace reliability
