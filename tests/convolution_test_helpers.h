// What tests/test_convolution.cpp and tests/test_convolution_backward.cpp share: a convolution problem
// (shapes, attributes, dtypes, layout), its random data rounded to the tensors' dtypes, device tensors in
// CANN's formats (NCL / NCHW), and the host reference in double (support/convolution_ref.h, the precision
// report's too): direct loops over the definition, each result with the magnitude sum and term count its
// error bound needs (support/sum_bound.h).
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "harness/convolution.h"
#include "support/convolution_ref.h"
#include "support/op_test.h"
#include "support/sum_bound.h"

namespace conv_test {

using namespace testing_support;

// A test's problem: the geometry, each tensor's dtype, the layout and the data's seed.
struct ConvSpec : ConvGeometry {
    std::string name;
    aclDataType inType = ACL_FLOAT, weightType = ACL_FLOAT, biasType = ACL_FLOAT, outType = ACL_FLOAT;
    bool strided = false;  // every tensor a strided view with a storage offset (packed or staged by the plan)
    int8_t cubeMathType = 0;
    uint64_t seed = 1;
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

// Stride-1 geometries for both operators' tests of the two ways the products run (the columns and the shifted
// taps): a dilation with pads per side, 1-D with a pad on one side only, a 1 x 1 kernel, and 16 channels a
// group (FLOAT16, no bias).
inline std::vector<ConvSpec> shiftedTapSpecs() {
    ConvSpec dil = spec2d("dilation (2, 3), stride 1, pads (2, 2, 4, 1)", 2, 3, 9, 10, 4, 3, 1, 2);
    dil.DH = 2, dil.DW = 3, dil.fourPads = true, dil.padLeft = 4, dil.padRight = 1;
    ConvSpec pads1d = spec1d("1-D, 2 paddings (0, 3), k 4", 2, 5, 9, 3, 4);
    pads1d.fourPads = true, pads1d.padLeft = 0, pads1d.padRight = 3;
    ConvSpec pointwise = spec2d("1x1, no padding", 3, 17, 4, 6, 5, 1);
    ConvSpec wide = spec2d("16 channels a group, groups 2, FLOAT16, no bias", 2, 32, 5, 7, 34, 3, 1, 1);
    wide.groups = 2, wide.bias = false;
    wide.inType = wide.weightType = wide.biasType = wide.outType = ACL_FLOAT16;
    return {dil, pads1d, pointwise, wide};
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

// The problem's data (rounded to each tensor's dtype) and the reference sums (support/convolution_ref.h).
struct ConvData : ConvRef {
    explicit ConvData(const ConvSpec &spec) {
        s = spec;
        x = rounded(randomValues(static_cast<size_t>(product(s.inputDims())), spec.seed), spec.inType);
        w = rounded(randomValues(static_cast<size_t>(product(s.weightDims())), spec.seed + 1), spec.weightType);
        b = rounded(randomValues(static_cast<size_t>(s.Cout), spec.seed + 2), spec.biasType);
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
