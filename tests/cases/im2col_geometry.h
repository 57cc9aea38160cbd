// The geometry of an Im2col case, forward or backward, written once for both test files
// (tests/test_im2col.cpp, tests/test_im2col_backward.cpp): the image (N, C, H, W) and the window's
// kernel, dilation, padding and stride, each (h, w).
#pragma once

#include <cstdint>
#include <string>

namespace testing_support {

struct Im2colGeometry {
    int64_t N, C, H, W;  // N 0: the 3-D image (C, H, W)
    int64_t KH, KW, DH, DW, PH, PW, SH, SW;
};

// Sets the geometry fields of a spec (Im2colForwardSpec or Im2colSpec).
template <class Spec>
void setGeometry(Spec &s, const Im2colGeometry &g) {
    s.N = g.N;
    s.C = g.C;
    s.H = g.H;
    s.W = g.W;
    s.KH = g.KH;
    s.KW = g.KW;
    s.DH = g.DH;
    s.DW = g.DW;
    s.PH = g.PH;
    s.PW = g.PW;
    s.SH = g.SH;
    s.SW = g.SW;
}

// A spec named `name` of geometry g, its other fields their defaults.
template <class Spec>
Spec im2colSpec(const std::string &name, const Im2colGeometry &g) {
    Spec s;
    s.name = name;
    setGeometry(s, g);
    return s;
}

}  // namespace testing_support
