#include "support/host_data.h"

#include <cmath>
#include <cstring>
#include <stdexcept>

#include "common/dtype.h"
#include "support/view_check.h"

namespace testing_support {

size_t componentsOf(aclDataType dtype) { return dtype == ACL_COMPLEX64 || dtype == ACL_COMPLEX128 ? 2 : 1; }

bool needsFp64(aclDataType dtype) { return dtype == ACL_DOUBLE || dtype == ACL_COMPLEX128; }

uint16_t floatToBf16(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x40u);
    u += 0x7fffu + ((u >> 16) & 1u);
    return static_cast<uint16_t>(u >> 16);
}

float bf16ToFloat(uint16_t b) {
    uint32_t u = static_cast<uint32_t>(b) << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

namespace {
// How one value (a component of a complex dtype) is stored in each dtype: S is the stored type, to() the
// conversion from double and from() the one back. encode, decode and roundTo share them.
template <class T>
struct Plain {  // floats and integers: the language's conversions
    using S = T;
    static S to(double v) { return static_cast<S>(v); }
    static double from(S s) { return static_cast<double>(s); }
};
struct Half {
    using S = uint16_t;
    static S to(double v) { return aclFloatToFloat16(static_cast<float>(v)); }
    static double from(S s) { return aclFloat16ToFloat(s); }
};
struct BFloat {
    using S = uint16_t;
    static S to(double v) { return floatToBf16(static_cast<float>(v)); }
    static double from(S s) { return bf16ToFloat(s); }
};
struct Bool {
    using S = uint8_t;
    static S to(double v) { return v != 0.0 ? 1 : 0; }
    static double from(S s) { return s; }
};

// Calls f with the codec of dtype (above), once: the loops that convert whole vectors run inside f, with the
// conversions inlined. A dtype without an element size gets `none`.
template <class F, class None>
auto withCodec(aclDataType dtype, F &&f, None &&none) {
    switch (dtype) {
        case ACL_FLOAT: case ACL_COMPLEX64: return f(Plain<float>());
        case ACL_DOUBLE: case ACL_COMPLEX128: return f(Plain<double>());
        case ACL_FLOAT16: return f(Half());
        case ACL_BF16: return f(BFloat());
        case ACL_INT8: return f(Plain<int8_t>());
        case ACL_UINT8: return f(Plain<uint8_t>());
        case ACL_INT16: return f(Plain<int16_t>());
        case ACL_UINT16: return f(Plain<uint16_t>());
        case ACL_INT32: return f(Plain<int32_t>());
        case ACL_UINT32: return f(Plain<uint32_t>());
        case ACL_INT64: return f(Plain<int64_t>());
        case ACL_UINT64: return f(Plain<uint64_t>());
        case ACL_BOOL: return f(Bool());
        default: return none();
    }
}
}  // namespace

std::vector<uint8_t> encode(const std::vector<double> &values, aclDataType dtype) {
    const size_t comps = componentsOf(dtype);
    std::vector<uint8_t> out(values.size() / comps * aclDataTypeSize(dtype));
    withCodec(
        dtype,
        [&](auto codec) {
            using S = typename decltype(codec)::S;
            uint8_t *p = out.data();
            for (size_t i = 0; i < values.size(); ++i, p += sizeof(S)) {
                const S s = codec.to(values[i]);
                std::memcpy(p, &s, sizeof(S));
            }
        },
        [] {});
    return out;
}

std::vector<double> decode(const std::vector<uint8_t> &bytes, aclDataType dtype) {
    const size_t elem = aclDataTypeSize(dtype), comps = componentsOf(dtype);
    std::vector<double> out(elem ? bytes.size() / elem * comps : 0);
    withCodec(
        dtype,
        [&](auto codec) {
            using S = typename decltype(codec)::S;
            const uint8_t *p = bytes.data();
            for (size_t i = 0; i < out.size(); ++i, p += sizeof(S)) {
                S s;
                std::memcpy(&s, p, sizeof(S));
                out[i] = codec.from(s);
            }
        },
        [] {});
    return out;
}

double roundToStored(double v, aclDataType dtype) {
    // Complex values round per component, as their real counterparts.
    return withCodec(
        dtype, [v](auto codec) { return codec.from(codec.to(v)); }, [] { return 0.0; });
}

std::vector<double> randomValues(size_t n, uint64_t seed, double lo, double hi) {
    std::vector<double> out(n);
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
    for (size_t i = 0; i < n; ++i) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        out[i] = lo + (hi - lo) * static_cast<double>(s >> 11) / 9007199254740992.0;
    }
    return out;
}

std::vector<uint8_t> randomBytes(size_t n, uint64_t seed, bool boolean) {
    std::vector<uint8_t> bytes(n);
    uint64_t state = seed;
    for (uint8_t &b : bytes) {
        b = static_cast<uint8_t>(splitmix64(state) >> 56);
        if (boolean) b &= 1;
    }
    return bytes;
}

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t> &dims, int64_t extra) {
    std::vector<int64_t> s(dims.size());
    int64_t acc = 1;
    for (size_t i = dims.size(); i-- > 0;) {
        s[i] = acc;
        acc *= dims[i] + extra;
    }
    return s;
}

std::vector<int64_t> withBatch(int64_t N, std::vector<int64_t> dims) {
    if (N > 0) dims.insert(dims.begin(), N);
    return dims;
}

Tolerance defaultTolerance(aclDataType dtype) {
    switch (dtype) {
        case ACL_DOUBLE: case ACL_COMPLEX128: return {1e-12, 1e-12};
        case ACL_FLOAT: case ACL_COMPLEX64: return {1e-5, 1e-5};
        // One rounding of the fp32 result to 11 (fp16) or 8 (bf16) significant bits.
        case ACL_FLOAT16: return {1e-3, 1e-3};
        case ACL_BF16: return {8e-3, 8e-3};
        default: return {0.0, 0.0};
    }
}

int64_t product(const std::vector<int64_t> &dims) {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    return n;
}

std::string shapeName(const std::vector<int64_t> &dims) {
    std::string s;
    for (int64_t d : dims) s += (s.empty() ? "" : "x") + std::to_string(d);
    return s;
}

bool sameValue(double got, double want) {
    if (std::isnan(got) || std::isnan(want)) return std::isnan(got) && std::isnan(want);
    return got == want && std::signbit(got) == std::signbit(want);
}

aclDataType goldenDtype(const std::string &torchName) {
    aclDataType dtype = ACL_DT_UNDEFINED;
    if (!aclcl::dtypeFromTorchName(torchName, &dtype)) throw std::runtime_error("unknown golden dtype " + torchName);
    return dtype;
}

}  // namespace testing_support
