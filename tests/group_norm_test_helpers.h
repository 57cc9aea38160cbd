// Test helpers the GroupNorm family's tests share (tests/test_group_norm_swish_grad.cpp and
// tests/test_group_norm_swish.cpp): a problem's shape and groups, tensor layouts, the stray-write check,
// the golden files' dtypes and the golden bound; the error tables' shared pieces. Header-only (gtest).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "golden/golden.h"
#include "support/device_tensor.h"
#include "support/error_rows.h"
#include "support/host_data.h"

namespace group_norm_tests {

using testing_support::DeviceTensor;
using testing_support::goldenDtype;

constexpr uint8_t kFill = 0x5a;  // storage fill that detects stray writes

// An error row's change: numGroups, or the data format, replaced.
inline testing_support::Change groups(int64_t g) {
    return testing_support::set("numGroups", testing_support::value(g));
}
inline testing_support::Change dataFormat(const std::string &f) {
    return testing_support::set("dataFormatOptional", testing_support::value(testing_support::Text{f}));
}
// The data formats both operators reject: the names are case-sensitive, and an empty one is not "none".
inline testing_support::ErrorRows badDataFormatRows() {
    testing_support::ErrorRows rows;
    for (const char *f : {"NHWC", "", "nchw"}) {
        rows.push_back({std::string("dataFormatOptional \"") + f + "\"", dataFormat(f), ACLNN_ERR_PARAM_INVALID,
                        {"dataFormatOptional", std::string("\"") + f + "\""}});
    }
    return rows;
}
// A FLOAT tensor of these dims that holds no memory (for checks that come before any device work).
inline aclTensor *tensorWithoutMemory(const std::vector<int64_t> &dims) {
    return aclCreateTensor(dims.data(), dims.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr);
}

// A problem's shape and groups, and the sizes the host references take from them; each test file's
// Problem adds its data.
struct GroupNormShape {
    std::vector<int64_t> shape;  // (N, C, ...)
    int64_t groups = 1;

    int64_t batch() const { return shape[0]; }
    int64_t channels() const { return shape[1]; }
    int64_t numel() const {
        int64_t n = 1;
        for (int64_t d : shape) n *= d;
        return n;
    }
    int64_t planeLen() const { return numel() / (batch() * channels()); }
};

enum class Layout {
    Contiguous,
    Padded,        // every dim padded by one element, storage offset 3 (1-D: stride 2, offset 1)
    ChannelsLast,  // (N, C, spatial...) stored as (N, spatial..., C); (N, G) stats stored transposed
    Shifted,       // contiguous, storage offset 3: no copy steps, the vector loads off their alignment
};

inline std::vector<int64_t> stridesFor(const std::vector<int64_t> &shape, Layout layout, int64_t *offset) {
    std::vector<int64_t> s(shape.size(), 1);
    *offset = 0;
    if (layout == Layout::Padded) {
        *offset = shape.size() == 1 ? 1 : 3;
        int64_t acc = 1;
        for (size_t i = shape.size(); i-- > 0;) {
            s[i] = acc * (shape.size() == 1 ? 2 : 1);
            acc *= shape[i] + 1;
        }
        return s;
    }
    if (layout == Layout::Shifted) *offset = 3;
    if (layout == Layout::ChannelsLast && shape.size() >= 2) {
        // C innermost, then the spatial dims in order, then N.
        int64_t acc = shape[1];
        s[1] = 1;
        for (size_t i = shape.size(); i-- > 2;) {
            s[i] = acc;
            acc *= shape[i];
        }
        s[0] = acc;
        if (shape.size() == 2) s = {1, shape[0]};  // a plain transpose
        return s;
    }
    int64_t acc = 1;
    for (size_t i = shape.size(); i-- > 0;) {
        s[i] = acc;
        acc *= shape[i];
    }
    return s;
}

inline DeviceTensor makeTensor(const std::vector<int64_t> &shape, aclDataType dtype, Layout layout) {
    int64_t offset = 0;
    std::vector<int64_t> strides = stridesFor(shape, layout, &offset);
    return DeviceTensor(shape, dtype, strides, offset);
}

// Storage bytes outside the view of t (shape, layout) still hold the fill byte.
inline bool gapsIntact(const DeviceTensor &t, const std::vector<int64_t> &shape, Layout layout, uint8_t fill) {
    int64_t offset = 0;
    std::vector<int64_t> strides = stridesFor(shape, layout, &offset);
    std::vector<uint8_t> bytes = t.storage();
    size_t elem = aclDataTypeSize(t.dtype());
    std::vector<bool> inView(bytes.size() / elem, false);
    std::vector<int64_t> idx(shape.size(), 0);
    int64_t total = t.numel();
    for (int64_t k = 0; k < total; ++k) {
        int64_t at = offset;
        for (size_t d = 0; d < shape.size(); ++d) at += idx[d] * strides[d];
        inView[static_cast<size_t>(at)] = true;
        for (size_t d = shape.size(); d-- > 0;) {
            if (++idx[d] < shape[d]) break;
            idx[d] = 0;
        }
    }
    for (size_t e = 0; e < inView.size(); ++e) {
        if (inView[e]) continue;
        for (size_t b = 0; b < elem; ++b)
            if (bytes[e * elem + b] != fill) return false;
    }
    return true;
}

// fp32: |got - ref| <= 1e-5 * max|ref| over the tensor (the README's bound; the golden outputs are
// float64-accurate). fp16/bf16: the golden value is the fp64 result rounded once; ours rounds an fp32
// result, which may land one unit in the last place away: 2^-10 (2^-7) * |ref| + 1e-5 * max|ref|.
inline void expectNearGolden(const std::vector<double> &got, const golden::Tensor &want, aclDataType dtype) {
    ASSERT_EQ(got.size(), want.values.size()) << want.role;
    double maxRef = 0;
    for (double v : want.values) maxRef = std::max(maxRef, std::fabs(v));
    const double lastPlace = dtype == ACL_FLOAT16 ? std::ldexp(1.0, -10) : dtype == ACL_BF16 ? std::ldexp(1.0, -7) : 0;
    for (size_t i = 0; i < got.size(); ++i) {
        double bound = 1e-5 * maxRef + lastPlace * std::fabs(want.values[i]);
        ASSERT_LE(std::fabs(got[i] - want.values[i]), bound)
            << want.role << "[" << i << "]: got " << got[i] << ", golden " << want.values[i];
    }
}

}  // namespace group_norm_tests
