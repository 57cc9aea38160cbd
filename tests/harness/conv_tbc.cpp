// ConvTbc (forward): self 4 x 2 x 3, weight 2 x 3 x 5 (K 2), bias 5, pad 1: out 5 x 2 x 5.
#include "harness/conv_tbc.h"
#include "harness/conv_tbc_attributes.h"

namespace reliability {
namespace {

class ConvTbcHarness : public ConvTbcAttributes {
public:
    ConvTbcHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kConvTbc);
        outputsAccumulate = true;
        addTensor("self", {4, 2, 3}, ACL_FLOAT, layout, random({4, 2, 3}, seed));
        addTensor("weight", {2, 3, 5}, ACL_FLOAT, layout, random({2, 3, 5}, seed + 1));
        addTensor("bias", {5}, ACL_FLOAT, layout, random({5}, seed + 2));
        addTensor("out", {5, 2, 5}, ACL_FLOAT, layout, {}, true);
        addAttributes();
    }
    BadAttributes badAttributes() override {
        BadAttributes bad = ConvTbcAttributes::badAttributes();
        bad.emplace_back("pad 256", setValue("pad", int64_t{256}));
        return bad;
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnConvTbc", harnessFactory<ConvTbcHarness>);

}  // namespace reliability
