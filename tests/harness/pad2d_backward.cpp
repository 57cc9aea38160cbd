#include "aclnnop/aclnn_pad2d_backward.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class Pad2dHarness : public OpHarness {
public:
    Pad2dHarness(bool reflection, Layout layout, uint64_t seed) : reflection_(reflection) {
        api = reflection ? "aclnnReflectionPad2dBackward" : "aclnnReplicationPad2dBackward";
        // padding [left, right, top, bottom] = [1, 2, 1, 1]: W 4 -> 7, H 4 -> 6.
        addTensor("gradOutput", {2, 3, 6, 7}, ACL_FLOAT, layout, random({2, 3, 6, 7}, seed));
        addTensor("self", {2, 3, 4, 4}, ACL_FLOAT, layout, random({2, 3, 4, 4}, seed + 1));
        addArray("padding", {1, 2, 1, 1});
        addTensor("gradInput", {2, 3, 4, 4}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return reflection_ ? aclnnReflectionPad2dBackwardGetWorkspaceSize(t("gradOutput"), t("self"), a("padding"),
                                                                          t("gradInput"), ws, ex)
                           : aclnnReplicationPad2dBackwardGetWorkspaceSize(t("gradOutput"), t("self"), a("padding"),
                                                                           t("gradInput"), ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override {
        return reflection_ ? aclnnReflectionPad2dBackward(w, n, e, s) : aclnnReplicationPad2dBackward(w, n, e, s);
    }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        std::vector<std::pair<std::string, std::function<void()>>> bad;
        if (reflection_) {
            bad.emplace_back("padding left >= W", [this] { arrays[0].arg = arrayVariant({4, 2, 1, 1}); });
        }
        bad.emplace_back("padding crops W to nothing", [this] { arrays[0].arg = arrayVariant({-3, -2, 1, 1}); });
        const int64_t huge = int64_t{1} << 62;  // W + left + right overflows int64
        bad.emplace_back("padding overflows int64", [this, huge] { arrays[0].arg = arrayVariant({huge, huge, 1, 1}); });
        return bad;
    }

private:
    bool reflection_;
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnReflectionPad2dBackward", [](Layout l, uint64_t s) -> std::unique_ptr<OpHarness> {
    return std::make_unique<Pad2dHarness>(true, l, s);
});
ACLNN_REGISTER_HARNESS("aclnnReplicationPad2dBackward", [](Layout l, uint64_t s) -> std::unique_ptr<OpHarness> {
    return std::make_unique<Pad2dHarness>(false, l, s);
});

}  // namespace reliability
