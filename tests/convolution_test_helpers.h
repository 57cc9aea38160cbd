// What tests/test_convolution.cpp and tests/test_convolution_backward.cpp share: a convolution problem
// (shapes, attributes, dtypes, layout), its random data rounded to the tensors' dtypes, device tensors in
// CANN's formats (NCL / NCHW), and the host reference in double: direct loops over the definition, each
// result with the magnitude sum and term count its error bound needs (support/sum_bound.h).
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "harness/convolution.h"
#include "support/op_test.h"
#include "support/sum_bound.h"

namespace conv_test {

using namespace testing_support;

struct ConvSpec {
    std::string name;
    bool oneD = false;  // (N, C, W) NCL, weight (C_out, C/groups, KW); else NCHW
    int64_t N = 1, C = 1, H = 1, W = 1, Cout = 1, KH = 1, KW = 1;
    int64_t SH = 1, SW = 1, DH = 1, DW = 1;
    int64_t padTop = 0, padBottom = 0, padLeft = 0, padRight = 0;
    bool fourPads = false;  // padding given as 4 values (2-D) or 2 (1-D), else 2 (2-D) or 1 (1-D)
    int64_t groups = 1;
    bool bias = true;
    aclDataType inType = ACL_FLOAT, weightType = ACL_FLOAT, biasType = ACL_FLOAT, outType = ACL_FLOAT;
    bool strided = false;  // every tensor a strided view with a storage offset (packed or staged by the plan)
    int8_t cubeMathType = 0;
    uint64_t seed = 1;

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

// A 2-D spec: N x C x H x W, C_out, k x k kernel, stride s, padding p on every side.
inline ConvSpec spec2d(const std::string &name, int64_t N, int64_t C, int64_t H, int64_t W, int64_t Cout, int64_t k,
                       int64_t s = 1, int64_t p = 0) {
    ConvSpec c;
    c.name = name;
    c.N = N, c.C = C, c.H = H, c.W = W, c.Cout = Cout, c.KH = k, c.KW = k, c.SH = s, c.SW = s;
    c.padTop = c.padBottom = c.padLeft = c.padRight = p;
    return c;
}
inline ConvSpec spec1d(const std::string &name, int64_t N, int64_t C, int64_t L, int64_t Cout, int64_t k,
                       int64_t s = 1, int64_t p = 0) {
    ConvSpec c = spec2d(name, N, C, 1, L, Cout, k, s, p);
    c.oneD = true;
    c.KH = 1;
    c.SH = 1;
    c.padTop = c.padBottom = 0;
    return c;
}

// The geometries both operators' tests run: the training example's layer first (N 8, C_in 3, 16x16, C_out 8,
// 3x3, padding 1), then stride, 1-D, dilation, per-side paddings, groups and depthwise.
inline std::vector<ConvSpec> attributeSpecs() {
    std::vector<ConvSpec> specs = {
        spec2d("training layer 8x3x16x16 -> 8, 3x3 pad 1", 8, 3, 16, 16, 8, 3, 1, 1),
        spec2d("stride 2", 2, 3, 9, 8, 4, 3, 2, 1),
        spec1d("1-D, k 3, pad 1", 3, 4, 11, 5, 3, 1, 1),
    };
    ConvSpec dil = spec2d("dilation (2, 3), stride (1, 2)", 2, 3, 9, 10, 4, 3, 1, 2);
    dil.DH = 2, dil.DW = 3, dil.SW = 2;
    ConvSpec pads = spec2d("4 paddings (top 0, bottom 2, left 1, right 3)", 2, 3, 6, 7, 4, 3);
    pads.fourPads = true, pads.padBottom = 2, pads.padLeft = 1, pads.padRight = 3;
    ConvSpec groups = spec2d("groups 2", 2, 4, 6, 5, 6, 3, 1, 1);
    groups.groups = 2;
    ConvSpec depthwise = spec2d("depthwise, groups 6", 2, 6, 7, 7, 6, 3, 1, 1);
    depthwise.groups = 6;
    for (const ConvSpec &s : {dil, pads, groups, depthwise}) specs.push_back(s);
    return specs;
}

// The problem of a golden case (tests/golden/ops/convolution.py): its input and weight shapes, its attributes
// (one padding value per spatial dim) and their dtype for every tensor.
inline ConvSpec goldenSpec(const golden::Case &g) {
    const auto &x = g.tensor("input"), &w = g.tensor("weight");
    const std::vector<int64_t> st = g.ints("stride"), pd = g.ints("padding"), dl = g.ints("dilation");
    ConvSpec s;
    s.name = "golden " + g.name;
    s.oneD = x.dims.size() == 3;
    s.N = x.dims[0], s.C = x.dims[1], s.W = x.dims.back(), s.H = s.oneD ? 1 : x.dims[2];
    s.Cout = w.dims[0], s.KW = w.dims.back(), s.KH = s.oneD ? 1 : w.dims[2];
    s.groups = g.ints("groups")[0];
    s.SW = st.back(), s.DW = dl.back(), s.padLeft = s.padRight = pd.back();
    if (!s.oneD) s.SH = st[0], s.DH = dl[0], s.padTop = s.padBottom = pd[0];
    s.inType = s.weightType = s.biasType = s.outType = goldenDtype(x.dtype);
    return s;
}

// A device tensor of the spec's layout: contiguous, or a strided view (each element 2 apart, dims 0 and 1
// swapped in memory, offset 3).
inline std::unique_ptr<DeviceTensor> makeTensor(const std::vector<int64_t> &dims, aclDataType dtype, aclFormat format,
                                                bool strided) {
    if (!strided) return std::make_unique<DeviceTensor>(dims, dtype, format);
    std::vector<size_t> order = {1, 0};
    for (size_t i = 2; i < dims.size(); ++i) order.push_back(i);
    if (dims.size() < 2) order = {0};
    std::vector<int64_t> strides(dims.size(), 1);
    int64_t acc = 2;
    for (size_t k = order.size(); k-- > 0;) {
        strides[order[k]] = acc;
        acc *= dims[order[k]] > 0 ? dims[order[k]] : 1;
    }
    return std::make_unique<DeviceTensor>(dims, dtype, strides, 3, format);
}

inline std::vector<double> rounded(std::vector<double> v, aclDataType dtype) {
    for (double &x : v) x = roundTo(x, dtype);
    return v;
}

// One reference value: the double sum, the sum of its terms' magnitudes and the number of terms.
struct RefSum {
    double value = 0, absSum = 0;
    int64_t terms = 0;
    void add(double p) {
        value += p;
        absSum += std::fabs(p);
    }
};

// The problem's data (rounded to each tensor's dtype) and the reference sums.
struct ConvData {
    ConvSpec s;
    std::vector<double> x, w, b;

    explicit ConvData(const ConvSpec &spec) : s(spec) {
        x = rounded(randomValues(static_cast<size_t>(product(s.inputDims())), s.seed), s.inType);
        w = rounded(randomValues(static_cast<size_t>(product(s.weightDims())), s.seed + 1), s.weightType);
        b = rounded(randomValues(static_cast<size_t>(s.Cout), s.seed + 2), s.biasType);
    }
    double X(int64_t n, int64_t c, int64_t h, int64_t ww) const {
        return x[static_cast<size_t>(((n * s.C + c) * s.H + h) * s.W + ww)];
    }
    double Wt(int64_t co, int64_t ci, int64_t kh, int64_t kw) const {
        return w[static_cast<size_t>(((co * s.Cg() + ci) * s.KH + kh) * s.KW + kw)];
    }
    // Calls f(n, co, oh, ow, c, ih, iw, ci, kh, kw) for every product of the convolution whose input
    // element lies inside the image.
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
                                    if (ih < 0 || ih >= s.H || iw < 0 || iw >= s.W) continue;
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
            g.input[static_cast<size_t>(((n * s.C + c) * s.H + ih) * s.W + iw)].add(d * Wt(co, ci, kh, kw));
            g.weight[static_cast<size_t>(((co * s.Cg() + ci) * s.KH + kh) * s.KW + kw)].add(d * X(n, c, ih, iw));
        });
        return g;
    }
};

// |got - want| within anyOrderSumBound for every value (fp32 accumulation; fp16 GEMMs with cubeMathType 2
// on a device with fp16: unit 2^-11, and the inputs must then be FLOAT16 so that nothing else rounds).
inline void expectWithinBounds(const std::string &what, const std::vector<double> &got, const std::vector<RefSum> &want,
                               aclDataType outType, double unit) {
    ASSERT_EQ(got.size(), want.size()) << what;
    size_t bad = 0;
    for (size_t i = 0; i < got.size(); ++i) {
        const double bound = anyOrderSumBound(want[i].value, want[i].absSum,
                                              static_cast<double>(std::max<int64_t>(want[i].terms, 1)), unit, outType);
        if (std::fabs(got[i] - want[i].value) <= bound) continue;
        if (++bad <= 5) {
            ADD_FAILURE() << what << " value " << i << ": got " << got[i] << ", expected " << want[i].value
                          << " (bound " << bound << ")";
        }
    }
    EXPECT_EQ(bad, 0u) << what << ": values beyond their bound";
}

}  // namespace conv_test
