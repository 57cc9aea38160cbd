// The geometry Im2col and Im2colBackward share (the specs of cases/im2col_cases.h and
// cases/im2col_backward_cases.h derive from it; the test files build their specs from it): the image,
// the kernel and its dilation, padding and stride, the blocks they make (docs/ops' L0 and L1), and the
// attribute keys the benchmark's PyTorch baseline reads.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "cases/geometry_spec.h"

namespace testing_support {

struct Im2colGeometry {
    int64_t N = 0;  // 0: no batch dimension
    int64_t C = 1, H = 1, W = 1;
    int64_t KH = 1, KW = 1, DH = 1, DW = 1, PH = 0, PW = 0, SH = 1, SW = 1;

    // N images of C channels, HW x HW, under a k x k kernel with padding pad and stride stride, dilation 1
    // (the benchmark's convolution shapes).
    static Im2colGeometry square(int64_t N, int64_t C, int64_t HW, int64_t k, int64_t pad, int64_t stride) {
        Im2colGeometry g;
        g.N = N;
        g.C = C;
        g.H = g.W = HW;
        g.KH = g.KW = k;
        g.PH = g.PW = pad;
        g.SH = g.SW = stride;
        return g;
    }

    // The number of blocks along H (L0) and W (L1).
    int64_t blocksH() const { return (H + 2 * PH - DH * (KH - 1) - 1) / SH + 1; }
    int64_t blocksW() const { return (W + 2 * PW - DW * (KW - 1) - 1) / SW + 1; }

    // params["kernelSize"], ["dilation"], ["padding"] and ["stride"], each {h, w}.
    void addAttributeParams(std::map<std::string, std::vector<double>> &params) const {
        params["kernelSize"] = {static_cast<double>(KH), static_cast<double>(KW)};
        params["dilation"] = {static_cast<double>(DH), static_cast<double>(DW)};
        params["padding"] = {static_cast<double>(PH), static_cast<double>(PW)};
        params["stride"] = {static_cast<double>(SH), static_cast<double>(SW)};
    }
};

// Sets the geometry of a spec (Im2colSpec or Im2colBackwardSpec, both derived from Im2colGeometry) to
// g; specWithGeometry (cases/geometry_spec.h) makes a named spec of g.
template <class Spec>
void setGeometry(Spec &s, const Im2colGeometry &g) {
    static_cast<Im2colGeometry &>(s) = g;
}

}  // namespace testing_support
