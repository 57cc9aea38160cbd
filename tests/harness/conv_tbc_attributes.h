// The attributes ConvTbc and ConvTbcBackward share, for their two harnesses: pad 1 and cubeMathType 1 in
// the valid case, and the values of each that both operators must reject (each harness adds its own).
#pragma once

#include "reliability_harness.h"

namespace reliability {

class ConvTbcAttributes : public OpHarness {
public:
    BadAttributes badAttributes() override {
        return {
            {"pad that changes T_out", [this] { pad_ = 2; }},
            {"cubeMathType 4", [this] { cube_ = 4; }},
        };
    }
    void resetAttributes() override {
        pad_ = 1;
        cube_ = 1;
    }

protected:
    int64_t pad_ = 1;
    int8_t cube_ = 1;
};

}  // namespace reliability
