// ConvTbc (forward): self 4 x 2 x 3, weight 2 x 3 x 5 (K 2), bias 5, pad 1: out 5 x 2 x 5.
#include "aclnnop/aclnn_convolution.h"
#include "harness/conv_tbc_attributes.h"

namespace reliability {
namespace {

class ConvTbcHarness : public ConvTbcAttributes {
public:
    ConvTbcHarness(Layout layout, uint64_t seed) {
        setOperator("aclnnConvTbc", aclnnConvTbc);
        outputsAccumulate = true;
        addTensor("self", {4, 2, 3}, ACL_FLOAT, layout, random({4, 2, 3}, seed));
        addTensor("weight", {2, 3, 5}, ACL_FLOAT, layout, random({2, 3, 5}, seed + 1));
        addTensor("bias", {5}, ACL_FLOAT, layout, random({5}, seed + 2));
        addTensor("out", {5, 2, 5}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnConvTbcGetWorkspaceSize(t("self"), t("weight"), t("bias"), pad_, t("out"), cube_, ws, ex);
    }
    BadAttributes badAttributes() override {
        BadAttributes bad = ConvTbcAttributes::badAttributes();
        bad.emplace_back("pad 256", [this] { pad_ = 256; });
        return bad;
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnConvTbc", harnessFactory<ConvTbcHarness>);

}  // namespace reliability
