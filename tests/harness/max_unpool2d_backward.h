#pragma once

#include "aclnnop/aclnn_max_unpool2d_backward.h"
#include "reliability_harness.h"

namespace reliability {

class MaxUnpoolHarness : public OpHarness {
public:
    MaxUnpoolHarness(Layout layout, uint64_t seed) {
        api = "aclnnMaxUnpool2dBackward";
        addTensor("gradOutput", {2, 3, 3, 3}, ACL_FLOAT, layout, random({2, 3, 3, 3}, seed));
        addTensor("self", {2, 3, 2, 2}, ACL_FLOAT, layout, random({2, 3, 2, 2}, seed + 1));
        std::vector<double> idx = random({2, 3, 2, 2}, seed + 2, 0, 9);
        for (double &v : idx) v = static_cast<double>(static_cast<int64_t>(v));
        addTensor("indices", {2, 3, 2, 2}, ACL_INT64, layout, idx);
        addArray("outputSize", {3, 3});
        addTensor("out", {2, 3, 2, 2}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnMaxUnpool2dBackwardGetWorkspaceSize(t("gradOutput"), t("self"), t("indices"), a("outputSize"),
                                                        t("out"), ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override {
        return aclnnMaxUnpool2dBackward(w, n, e, s);
    }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        return {{"outputSize != gradOutput's last two dims", [this] { arrays[0].arg = arrayVariant({3, 4}); }}};
    }
};

}  // namespace reliability
