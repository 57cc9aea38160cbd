// The window attributes Im2col and Im2colBackward share (kernelSize, dilation, padding, stride array
// slots) and a value of each that both must reject, for their two harnesses.
#pragma once

#include "reliability_harness.h"

namespace reliability {

inline BadAttributes badIm2colWindow(OpHarness &h) {
    return {
        {"kernel 0", h.setArray("kernelSize", {0, 2})},
        {"dilation -1", h.setArray("dilation", {-1, 1})},
        {"padding -1", h.setArray("padding", {0, -1})},
        {"stride 0", h.setArray("stride", {1, 0})},
    };
}

}  // namespace reliability
