// ReflectionPad2d and ReplicationPad2d (forward): 2 x 3 x 4 x 4 padded by [1, 2, 1, 1] to 6 x 7.
#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class Pad2dForwardHarness : public OpHarness {
public:
    Pad2dForwardHarness(bool reflection, Layout layout, uint64_t seed) : reflection_(reflection) {
        api = reflection ? "aclnnReflectionPad2d" : "aclnnReplicationPad2d";
        stridedNeedsWorkspace = false;  // the kernel reads and writes strided views directly
        addTensor("self", {2, 3, 4, 4}, ACL_FLOAT, layout, random({2, 3, 4, 4}, seed));
        addArray("padding", {1, 2, 1, 1});
        addTensor("out", {2, 3, 6, 7}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return reflection_ ? aclnnReflectionPad2dGetWorkspaceSize(t("self"), a("padding"), t("out"), ws, ex)
                           : aclnnReplicationPad2dGetWorkspaceSize(t("self"), a("padding"), t("out"), ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override {
        return reflection_ ? aclnnReflectionPad2d(w, n, e, s) : aclnnReplicationPad2d(w, n, e, s);
    }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        std::vector<std::pair<std::string, std::function<void()>>> bad;
        if (reflection_) {
            bad.emplace_back("padding left >= W", [this] { arrays[0].arg = arrayVariant({4, 2, 1, 1}); });
        }
        bad.emplace_back("padding crops W to nothing", [this] { arrays[0].arg = arrayVariant({-3, -2, 1, 1}); });
        bad.emplace_back("padding of 3 elements", [this] { arrays[0].arg = arrayVariant({1, 2, 1}); });
        return bad;
    }

private:
    bool reflection_;
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnReflectionPad2d", [](Layout l, uint64_t s) -> std::unique_ptr<OpHarness> {
    return std::make_unique<Pad2dForwardHarness>(true, l, s);
});
ACLNN_REGISTER_HARNESS("aclnnReplicationPad2d", [](Layout l, uint64_t s) -> std::unique_ptr<OpHarness> {
    return std::make_unique<Pad2dForwardHarness>(false, l, s);
});

}  // namespace reliability
