// aclnnMaxUnpool2dBackward's call, written once (support/binding.h), and its reliability harness (here,
// not in a .cpp: the fault tests drive it, support/max_unpool2d_backward_fault.h).
#pragma once

#include "aclnnop/aclnn_max_unpool2d_backward.h"
#include "reliability_harness.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kMaxUnpool2dBackward =
    ACLNN_BINDING(aclnnMaxUnpool2dBackward, "gradOutput", "self", "indices", "outputSize", "out");

}  // namespace testing_support

namespace reliability {

class MaxUnpool2dBackwardHarness : public OpHarness {
public:
    MaxUnpool2dBackwardHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kMaxUnpool2dBackward);
        addTensor("gradOutput", {2, 3, 3, 3}, ACL_FLOAT, layout, random({2, 3, 3, 3}, seed));
        addTensor("self", {2, 3, 2, 2}, ACL_FLOAT, layout, random({2, 3, 2, 2}, seed + 1));
        addTensor("indices", {2, 3, 2, 2}, ACL_INT64, layout, randomIndices({2, 3, 2, 2}, seed + 2, 9));
        addArray("outputSize", {3, 3});
        addTensor("out", {2, 3, 2, 2}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        return {{"outputSize != gradOutput's last two dims", setArray("outputSize", {3, 4})}};
    }
};

}  // namespace reliability
