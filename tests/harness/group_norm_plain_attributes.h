// The attributes GroupNorm and GroupNormBackward share, for their two harnesses: x (N, C, HxW) =
// (2, 4, 3) in group 2, and the values of N, C, HxW and group both operators must reject.
#pragma once

#include <vector>

#include "reliability_harness.h"

namespace reliability {

class GroupNormPlainHarness : public OpHarness {
public:
    GroupNormPlainHarness() {
        addValue("N", int64_t{2});
        addValue("C", int64_t{4});
        addValue("HxW", int64_t{3});
        addValue("group", int64_t{2});
    }
    BadAttributes badAttributes() override {
        return {
            {"group 0", setValue("group", int64_t{0})},
            {"group 3 does not divide C 4", setValue("group", int64_t{3})},
            {"C 5 against self's 4", setValue("C", int64_t{5})},
            {"HxW 4 against self's 3", setValue("HxW", int64_t{4})},
        };
    }

protected:
    const std::vector<int64_t> xShape_{2, 4, 3}, channelShape_{4}, statsShape_{2, 2};
};

}  // namespace reliability
