#pragma once

#include "aclnnop/aclnn_convolution_backward.h"
#include "reliability_harness.h"

namespace reliability {

class ConvTbcHarness : public OpHarness {
public:
    // T 4 by default; a T with T_out * B over 256 rows sums gradBias in chunks through workspace,
    // after the GEMMs have been enqueued.
    ConvTbcHarness(Layout layout, uint64_t seed, int64_t T = 4) {
        api = "aclnnConvTbcBackward";
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
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override {
        return aclnnConvTbcBackward(w, n, e, s);
    }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        return {
            {"pad -1", [this] { pad_ = -1; }},
            {"pad that changes T_out", [this] { pad_ = 2; }},
            {"cubeMathType 4", [this] { cube_ = 4; }},
            {"cubeMathType -1", [this] { cube_ = -1; }},
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

}  // namespace reliability
