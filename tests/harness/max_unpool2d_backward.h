#pragma once

#include "aclnnop/aclnn_max_unpool2d_backward.h"
#include "reliability_harness.h"

namespace reliability {

class MaxUnpool2dBackwardHarness : public OpHarness {
public:
    MaxUnpool2dBackwardHarness(Layout layout, uint64_t seed) {
        setOperator("aclnnMaxUnpool2dBackward", aclnnMaxUnpool2dBackward);
        addTensor("gradOutput", {2, 3, 3, 3}, ACL_FLOAT, layout, random({2, 3, 3, 3}, seed));
        addTensor("self", {2, 3, 2, 2}, ACL_FLOAT, layout, random({2, 3, 2, 2}, seed + 1));
        addTensor("indices", {2, 3, 2, 2}, ACL_INT64, layout, randomIndices({2, 3, 2, 2}, seed + 2, 9));
        addArray("outputSize", {3, 3});
        addTensor("out", {2, 3, 2, 2}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnMaxUnpool2dBackwardGetWorkspaceSize(t("gradOutput"), t("self"), t("indices"), a("outputSize"),
                                                        t("out"), ws, ex);
    }
    BadAttributes badAttributes() override {
        return {{"outputSize != gradOutput's last two dims", setArray("outputSize", {3, 4})}};
    }
};

}  // namespace reliability
