// The attributes GroupNormSwish and GroupNormSwishGrad share, for their two harnesses: numGroups 2 of
// C = 4 and no data format in the valid case, and the values of each that both operators must reject;
// and the shapes of that case, with the inputs both operators take (x, gamma, beta).
#pragma once

#include <string>
#include <vector>

#include "reliability_harness.h"

namespace reliability {

class GroupNormHarness : public OpHarness {
public:
    GroupNormHarness() {
        addValue("numGroups", int64_t{2});
        addValue("dataFormatOptional", nullptr);  // none: the layout is x's dims
    }
    BadAttributes badAttributes() override {
        // The data format is a literal: the operators only read the string, and it outlives the harness.
        return {
            {"numGroups 0", setValue("numGroups", int64_t{0})},
            {"numGroups -2", setValue("numGroups", int64_t{-2})},
            {"numGroups 3 does not divide C 4", setValue("numGroups", int64_t{3})},
            {"dataFormatOptional NHWC", setValue("dataFormatOptional", "NHWC")},
        };
    }

protected:
    // x, gamma and beta, in this order, with values from seeds seed, seed + 1 and seed + 2.
    void addXGammaBeta(Layout layout, uint64_t seed) {
        addTensor("x", xShape_, ACL_FLOAT, layout, random(xShape_, seed));
        addTensor("gamma", channelShape_, ACL_FLOAT, layout, random(channelShape_, seed + 1));
        addTensor("beta", channelShape_, ACL_FLOAT, layout, random(channelShape_, seed + 2));
    }

    // The valid case: x (N, C, L) = (2, 4, 3); gamma, beta and their gradients (C); mean and rstd
    // (N, numGroups).
    const std::vector<int64_t> xShape_{2, 4, 3}, channelShape_{4}, statsShape_{2, 2};
};

}  // namespace reliability
