// The attributes ConvTbc and ConvTbcBackward share, for their two harnesses: pad 1 and cubeMathType 1 in
// the valid case (value slots, so that the harnesses' calls are their bindings'), and the values of each
// that both operators must reject (each harness adds its own).
#pragma once

#include <cstdint>

#include "reliability_harness.h"

namespace reliability {

class ConvTbcAttributes : public OpHarness {
public:
    BadAttributes badAttributes() override {
        return {
            {"pad that changes T_out", setValue("pad", int64_t{2})},
            {"cubeMathType 4", setValue("cubeMathType", int8_t{4})},
        };
    }

protected:
    // Both operators take pad and cubeMathType by value; the binding passes them from these slots.
    void addAttributes() {
        addValue("pad", int64_t{1});
        addValue("cubeMathType", int8_t{1});
    }
};

}  // namespace reliability
