#pragma once

#include "aclnnop/aclnn_convolution_backward.h"
#include "harness/conv_tbc_attributes.h"
#include "support/binding.h"

namespace testing_support {

// aclnnConvTbcBackward's call, written once (support/binding.h).
inline const Binding kConvTbcBackward =
    ACLNN_BINDING(aclnnConvTbcBackward, "self", "input", "weight", "bias", "pad", "cubeMathType", "gradInput",
                  "gradWeight", "gradBias");

}  // namespace testing_support

namespace reliability {

class ConvTbcBackwardHarness : public ConvTbcAttributes {
public:
    // T 4 by default; a T with T_out * B over 256 rows sums gradBias in chunks through workspace,
    // after the GEMMs have been enqueued.
    ConvTbcBackwardHarness(Layout layout, uint64_t seed, int64_t T = 4) {
        setBinding(testing_support::kConvTbcBackward);
        outputsAccumulate = true;
        // T 4, B 2, C_in 3, C_out 5, K 2, pad 1: T_out = 4 + 2 + 1 - 2 = 5.
        addTensor("self", {T + 1, 2, 5}, ACL_FLOAT, layout, random({T + 1, 2, 5}, seed));
        addTensor("input", {T, 2, 3}, ACL_FLOAT, layout, random({T, 2, 3}, seed + 1));
        addTensor("weight", {2, 3, 5}, ACL_FLOAT, layout, random({2, 3, 5}, seed + 2));
        addTensor("bias", {5}, ACL_FLOAT, layout, random({5}, seed + 3));
        addTensor("gradInput", {T, 2, 3}, ACL_FLOAT, layout, {}, true);
        addTensor("gradWeight", {2, 3, 5}, ACL_FLOAT, layout, {}, true);
        addTensor("gradBias", {5}, ACL_FLOAT, layout, {}, true);
        addAttributes();
    }
    BadAttributes badAttributes() override {
        BadAttributes bad = ConvTbcAttributes::badAttributes();
        bad.emplace_back("pad -1", setValue("pad", int64_t{-1}));
        bad.emplace_back("cubeMathType -1", setValue("cubeMathType", int8_t{-1}));
        return bad;
    }
};

}  // namespace reliability
