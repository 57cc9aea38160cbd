// The padding values that ReflectionPad2d and ReplicationPad2d reject in both directions, for their four
// harnesses (padding [left, right, top, bottom] = [1, 2, 1, 1] of a W of 4 in the valid cases).
#pragma once

#include "reliability_harness.h"

namespace reliability {

inline BadAttributes badPad2dPadding(OpHarness &h, bool reflection) {
    BadAttributes bad;
    if (reflection) bad.emplace_back("padding left >= W", h.setArray("padding", {4, 2, 1, 1}));
    bad.emplace_back("padding crops W to nothing", h.setArray("padding", {-3, -2, 1, 1}));
    return bad;
}

}  // namespace reliability
