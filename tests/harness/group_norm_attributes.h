// The attributes GroupNormSwish and GroupNormSwishGrad share, for their two harnesses: numGroups 2 of
// C = 4 and no data format in the valid case, and the values of each that both operators must reject.
#pragma once

#include <string>

#include "reliability_harness.h"

namespace reliability {

class GroupNormHarness : public OpHarness {
public:
    BadAttributes badAttributes() override {
        return {
            {"numGroups 0", [this] { groups_ = 0; }},
            {"numGroups -2", [this] { groups_ = -2; }},
            {"numGroups 3 does not divide C 4", [this] { groups_ = 3; }},
            {"dataFormatOptional NHWC", [this] { format_ = "NHWC"; }},
        };
    }
    void resetAttributes() override {
        groups_ = 2;
        format_.clear();
    }

protected:
    // dataFormatOptional as the operators take it: nullptr when none is set.
    char *format() { return format_.empty() ? nullptr : &format_[0]; }

    int64_t groups_ = 2;
    std::string format_;
};

}  // namespace reliability
