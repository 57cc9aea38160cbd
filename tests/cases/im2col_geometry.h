// The geometry of an Im2col case, forward or backward, written once for both test files
// (tests/test_im2col.cpp, tests/test_im2col_backward.cpp): the image (N, C, H, W) and the window's
// kernel, dilation, padding and stride, each (h, w).
#pragma once

#include <cstdint>
#include <tuple>

#include "cases/geometry_spec.h"

namespace testing_support {

struct Im2colGeometry {
    int64_t N, C, H, W;  // N 0: the 3-D image (C, H, W)
    int64_t KH, KW, DH, DW, PH, PW, SH, SW;
};

// Sets the geometry fields of a spec (Im2colForwardSpec or Im2colSpec) to g's; specWithGeometry
// (cases/geometry_spec.h) makes a named spec of g.
template <class Spec>
void setGeometry(Spec &s, const Im2colGeometry &g) {
    std::tie(s.N, s.C, s.H, s.W, s.KH, s.KW, s.DH, s.DW, s.PH, s.PW, s.SH, s.SW) =
        std::tie(g.N, g.C, g.H, g.W, g.KH, g.KW, g.DH, g.DW, g.PH, g.PW, g.SH, g.SW);
}

}  // namespace testing_support
