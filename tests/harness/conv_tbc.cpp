// ConvTbc (forward): self 4 x 2 x 3, weight 2 x 3 x 5 (K 2), bias 5, pad 1: out 5 x 2 x 5.
#include "aclnnop/aclnn_convolution.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class ConvTbcForwardHarness : public OpHarness {
public:
    ConvTbcForwardHarness(Layout layout, uint64_t seed) {
        api = "aclnnConvTbc";
        outputsAccumulate = true;
        addTensor("self", {4, 2, 3}, ACL_FLOAT, layout, random({4, 2, 3}, seed));
        addTensor("weight", {2, 3, 5}, ACL_FLOAT, layout, random({2, 3, 5}, seed + 1));
        addTensor("bias", {5}, ACL_FLOAT, layout, random({5}, seed + 2));
        addTensor("out", {5, 2, 5}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnConvTbcGetWorkspaceSize(t("self"), t("weight"), t("bias"), pad_, t("out"), cube_, ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override { return aclnnConvTbc(w, n, e, s); }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        return {
            {"pad 256", [this] { pad_ = 256; }},
            {"pad that changes T_out", [this] { pad_ = 2; }},
            {"cubeMathType 4", [this] { cube_ = 4; }},
        };
    }
    void resetAttributes() override {
        pad_ = 1;
        cube_ = 1;
    }

private:
    int64_t pad_ = 1;
    int8_t cube_ = 1;
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnConvTbc", [](Layout l, uint64_t s) -> std::unique_ptr<OpHarness> {
    return std::make_unique<ConvTbcForwardHarness>(l, s);
});

}  // namespace reliability
