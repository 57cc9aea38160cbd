// ReflectionPad2d and ReplicationPad2d (forward): 2 x 3 x 4 x 4 padded by [1, 2, 1, 1] to 6 x 7.
#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "harness/pad2d_attributes.h"

namespace reliability {
namespace {

class Pad2dForwardHarness : public OpHarness {
public:
    Pad2dForwardHarness(bool reflection, Layout layout, uint64_t seed) : reflection_(reflection) {
        if (reflection) {
            setOperator("aclnnReflectionPad2d", aclnnReflectionPad2d);
        } else {
            setOperator("aclnnReplicationPad2d", aclnnReplicationPad2d);
        }
        stridedNeedsWorkspace = false;  // the kernel reads and writes strided views directly
        addTensor("self", {2, 3, 4, 4}, ACL_FLOAT, layout, random({2, 3, 4, 4}, seed));
        addArray("padding", {1, 2, 1, 1});
        addTensor("out", {2, 3, 6, 7}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return reflection_ ? aclnnReflectionPad2dGetWorkspaceSize(t("self"), a("padding"), t("out"), ws, ex)
                           : aclnnReplicationPad2dGetWorkspaceSize(t("self"), a("padding"), t("out"), ws, ex);
    }
    BadAttributes badAttributes() override {
        BadAttributes bad = badPad2dPadding(*this, reflection_);
        bad.emplace_back("padding of 3 elements", setArray("padding", {1, 2, 1}));
        return bad;
    }

private:
    bool reflection_;
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnReflectionPad2d", (harnessFactory<Pad2dForwardHarness, true>));
ACLNN_REGISTER_HARNESS("aclnnReplicationPad2d", (harnessFactory<Pad2dForwardHarness, false>));

}  // namespace reliability
