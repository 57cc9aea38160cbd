// Convolution's host reference in double, written once for the operator's tests
// (tests/convolution_test_helpers.h) and the precision report (tests/precision/ops/convolution.cpp): a
// problem's geometry (1-D NCL or 2-D NCHW shapes and attributes) and direct loops over the definition on
// given input, weight and bias values, each result with the magnitude sum and term count its error bound
// needs (support/sum_bound.h).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "acl/acl.h"

namespace testing_support {

// The shapes and attributes of a convolution: input (N, C, H, W) or (N, C, W) when oneD, weight
// (C_out, C/groups, KH, KW), per-side paddings.
struct ConvGeometry {
    bool oneD = false;  // (N, C, W) NCL, weight (C_out, C/groups, KW); else NCHW
    int64_t N = 1, C = 1, H = 1, W = 1, Cout = 1, KH = 1, KW = 1;
    int64_t SH = 1, SW = 1, DH = 1, DW = 1;
    int64_t padTop = 0, padBottom = 0, padLeft = 0, padRight = 0;
    bool fourPads = false;  // padding given as 4 values (2-D) or 2 (1-D), else 2 (2-D) or 1 (1-D)
    int64_t groups = 1;
    bool bias = true;

    int64_t Ho() const { return oneD ? 1 : (H + padTop + padBottom - DH * (KH - 1) - 1) / SH + 1; }
    int64_t Wo() const { return (W + padLeft + padRight - DW * (KW - 1) - 1) / SW + 1; }
    int64_t Cg() const { return C / groups; }
    int64_t Coutg() const { return Cout / groups; }
    std::vector<int64_t> inputDims() const { return oneD ? std::vector<int64_t>{N, C, W} : std::vector<int64_t>{N, C, H, W}; }
    std::vector<int64_t> weightDims() const {
        return oneD ? std::vector<int64_t>{Cout, Cg(), KW} : std::vector<int64_t>{Cout, Cg(), KH, KW};
    }
    std::vector<int64_t> outputDims() const {
        return oneD ? std::vector<int64_t>{N, Cout, Wo()} : std::vector<int64_t>{N, Cout, Ho(), Wo()};
    }
    aclFormat format() const { return oneD ? ACL_FORMAT_NCL : ACL_FORMAT_NCHW; }
    std::vector<int64_t> strideArray() const { return oneD ? std::vector<int64_t>{SW} : std::vector<int64_t>{SH, SW}; }
    std::vector<int64_t> dilationArray() const { return oneD ? std::vector<int64_t>{DW} : std::vector<int64_t>{DH, DW}; }
    std::vector<int64_t> paddingArray() const {
        if (oneD) return fourPads ? std::vector<int64_t>{padLeft, padRight} : std::vector<int64_t>{padLeft};
        return fourPads ? std::vector<int64_t>{padTop, padBottom, padLeft, padRight}
                        : std::vector<int64_t>{padTop, padLeft};
    }
};

// One reference value: the double sum, the sum of its terms' magnitudes and the number of terms.
struct RefSum {
    double value = 0, absSum = 0;
    int64_t terms = 0;
    void add(double p) {
        value += p;
        absSum += std::fabs(p);
    }
};

// The reference on the values x (input), w (weight) and b (bias; read only when s.bias), row-major.
struct ConvRef {
    ConvGeometry s;
    std::vector<double> x, w, b;
    // The padding's taps as products too: 0 * weight (forward) and gradOutput * 0 (gradWeight), as a GEMM over
    // the zero-padded input computes them. They add nothing to a finite result, but 0 * inf is NaN: the
    // precision report's special values need them, the tests' bounds count the taps inside the image only.
    bool paddingTerms = false;

    // Input element (n, c, h, ww); 0 in the padding.
    double X(int64_t n, int64_t c, int64_t h, int64_t ww) const {
        if (h < 0 || h >= s.H || ww < 0 || ww >= s.W) return 0.0;
        return x[static_cast<size_t>(((n * s.C + c) * s.H + h) * s.W + ww)];
    }
    double Wt(int64_t co, int64_t ci, int64_t kh, int64_t kw) const {
        return w[static_cast<size_t>(((co * s.Cg() + ci) * s.KH + kh) * s.KW + kw)];
    }
    // Calls f(n, co, oh, ow, c, ih, iw, ci, kh, kw) for every product of the convolution whose input
    // element lies inside the image (with paddingTerms, in the padding too).
    template <class F>
    void forEachProduct(F f) const {
        const int64_t Ho = s.Ho(), Wo = s.Wo();
        for (int64_t n = 0; n < s.N; ++n)
            for (int64_t co = 0; co < s.Cout; ++co) {
                const int64_t g = co / s.Coutg();
                for (int64_t oh = 0; oh < Ho; ++oh)
                    for (int64_t ow = 0; ow < Wo; ++ow)
                        for (int64_t ci = 0; ci < s.Cg(); ++ci)
                            for (int64_t kh = 0; kh < s.KH; ++kh)
                                for (int64_t kw = 0; kw < s.KW; ++kw) {
                                    const int64_t ih = oh * s.SH - s.padTop + kh * s.DH;
                                    const int64_t iw = ow * s.SW - s.padLeft + kw * s.DW;
                                    if (!paddingTerms && (ih < 0 || ih >= s.H || iw < 0 || iw >= s.W)) continue;
                                    f(n, co, oh, ow, g * s.Cg() + ci, ih, iw, ci, kh, kw);
                                }
            }
    }
    // output[n, co, oh, ow] (row-major), GEMM length C/groups*KH*KW (+1 with bias) terms each.
    std::vector<RefSum> forward() const {
        const int64_t Ho = s.Ho(), Wo = s.Wo();
        std::vector<RefSum> y(static_cast<size_t>(s.N * s.Cout * Ho * Wo));
        for (size_t i = 0; i < y.size(); ++i) {
            y[i].terms = s.Cg() * s.KH * s.KW + (s.bias ? 1 : 0);
            if (s.bias) y[i].add(b[(i / static_cast<size_t>(Ho * Wo)) % static_cast<size_t>(s.Cout)]);
        }
        forEachProduct([&](int64_t n, int64_t co, int64_t oh, int64_t ow, int64_t c, int64_t ih, int64_t iw,
                           int64_t ci, int64_t kh, int64_t kw) {
            y[static_cast<size_t>(((n * s.Cout + co) * Ho + oh) * Wo + ow)].add(X(n, c, ih, iw) * Wt(co, ci, kh, kw));
        });
        return y;
    }
    // The gradients for the output gradient dy (row-major, the output's shape): gradInput's values are sums
    // over C_out/groups GEMM terms per tap, gradWeight's and gradBias's over N * output positions.
    struct Grads {
        std::vector<RefSum> input, weight, bias;
    };
    Grads backward(const std::vector<double> &dy) const {
        const int64_t Ho = s.Ho(), Wo = s.Wo();
        Grads g;
        g.input.resize(x.size());
        g.weight.resize(w.size());
        g.bias.resize(static_cast<size_t>(s.Cout));
        for (RefSum &r : g.input) r.terms = s.Coutg() * s.KH * s.KW;
        for (RefSum &r : g.weight) r.terms = s.N * Ho * Wo;
        for (RefSum &r : g.bias) r.terms = s.N * Ho * Wo;
        auto DY = [&](int64_t n, int64_t co, int64_t oh, int64_t ow) {
            return dy[static_cast<size_t>(((n * s.Cout + co) * Ho + oh) * Wo + ow)];
        };
        for (int64_t n = 0; n < s.N; ++n)
            for (int64_t co = 0; co < s.Cout; ++co)
                for (int64_t oh = 0; oh < Ho; ++oh)
                    for (int64_t ow = 0; ow < Wo; ++ow) g.bias[static_cast<size_t>(co)].add(DY(n, co, oh, ow));
        forEachProduct([&](int64_t n, int64_t co, int64_t oh, int64_t ow, int64_t c, int64_t ih, int64_t iw,
                           int64_t ci, int64_t kh, int64_t kw) {
            const double d = DY(n, co, oh, ow);
            if (ih >= 0 && ih < s.H && iw >= 0 && iw < s.W) {
                g.input[static_cast<size_t>(((n * s.C + c) * s.H + ih) * s.W + iw)].add(d * Wt(co, ci, kh, kw));
            }
            g.weight[static_cast<size_t>(((co * s.Cg() + ci) * s.KH + kh) * s.KW + kw)].add(d * X(n, c, ih, iw));
        });
        return g;
    }
};

}  // namespace testing_support
