#pragma once

#include "aclnnop/aclnn_convolution_backward.h"
#include "harness/conv_tbc_attributes.h"

namespace reliability {

class ConvTbcBackwardHarness : public ConvTbcAttributes {
public:
    // T 4 by default; a T with T_out * B over 256 rows sums gradBias in chunks through workspace,
    // after the GEMMs have been enqueued.
    ConvTbcBackwardHarness(Layout layout, uint64_t seed, int64_t T = 4) {
        setOperator("aclnnConvTbcBackward", aclnnConvTbcBackward);
        outputsAccumulate = true;
        // T 4, B 2, C_in 3, C_out 5, K 2, pad 1: T_out = 4 + 2 + 1 - 2 = 5.
        addTensor("self", {T + 1, 2, 5}, ACL_FLOAT, layout, random({T + 1, 2, 5}, seed));
        addTensor("input", {T, 2, 3}, ACL_FLOAT, layout, random({T, 2, 3}, seed + 1));
        addTensor("weight", {2, 3, 5}, ACL_FLOAT, layout, random({2, 3, 5}, seed + 2));
        addTensor("bias", {5}, ACL_FLOAT, layout, random({5}, seed + 3));
        addTensor("gradInput", {T, 2, 3}, ACL_FLOAT, layout, {}, true);
        addTensor("gradWeight", {2, 3, 5}, ACL_FLOAT, layout, {}, true);
        addTensor("gradBias", {5}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnConvTbcBackwardGetWorkspaceSize(t("self"), t("input"), t("weight"), t("bias"), pad_, cube_,
                                                    t("gradInput"), t("gradWeight"), t("gradBias"), ws, ex);
    }
    BadAttributes badAttributes() override {
        BadAttributes bad = ConvTbcAttributes::badAttributes();
        bad.emplace_back("pad -1", [this] { pad_ = -1; });
        bad.emplace_back("cubeMathType -1", [this] { cube_ = -1; });
        return bad;
    }
};

}  // namespace reliability
