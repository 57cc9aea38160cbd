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
template <class T>
void put(uint8_t *p, T v) {
    std::memcpy(p, &v, sizeof(T));
}
template <class T>
T get(const uint8_t *p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
}

// One value (a component of a complex dtype) as dtype's bytes at p, and back: the conversions encode,
// decode and roundTo share. A dtype without an element size writes nothing and reads 0.
void putValue(uint8_t *p, double v, aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT: case ACL_COMPLEX64: put<float>(p, static_cast<float>(v)); break;
        case ACL_DOUBLE: case ACL_COMPLEX128: put<double>(p, v); break;
        case ACL_FLOAT16: put<uint16_t>(p, aclFloatToFloat16(static_cast<float>(v))); break;
        case ACL_BF16: put<uint16_t>(p, floatToBf16(static_cast<float>(v))); break;
        case ACL_INT8: put<int8_t>(p, static_cast<int8_t>(v)); break;
        case ACL_UINT8: put<uint8_t>(p, static_cast<uint8_t>(v)); break;
        case ACL_INT16: put<int16_t>(p, static_cast<int16_t>(v)); break;
        case ACL_UINT16: put<uint16_t>(p, static_cast<uint16_t>(v)); break;
        case ACL_INT32: put<int32_t>(p, static_cast<int32_t>(v)); break;
        case ACL_UINT32: put<uint32_t>(p, static_cast<uint32_t>(v)); break;
        case ACL_INT64: put<int64_t>(p, static_cast<int64_t>(v)); break;
        case ACL_UINT64: put<uint64_t>(p, static_cast<uint64_t>(v)); break;
        case ACL_BOOL: put<uint8_t>(p, v != 0.0 ? 1 : 0); break;
        default: break;
    }
}

double getValue(const uint8_t *p, aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT: case ACL_COMPLEX64: return get<float>(p);
        case ACL_DOUBLE: case ACL_COMPLEX128: return get<double>(p);
        case ACL_FLOAT16: return aclFloat16ToFloat(get<uint16_t>(p));
        case ACL_BF16: return bf16ToFloat(get<uint16_t>(p));
        case ACL_INT8: return get<int8_t>(p);
        case ACL_UINT8: case ACL_BOOL: return get<uint8_t>(p);
        case ACL_INT16: return get<int16_t>(p);
        case ACL_UINT16: return get<uint16_t>(p);
        case ACL_INT32: return get<int32_t>(p);
        case ACL_UINT32: return get<uint32_t>(p);
        case ACL_INT64: return static_cast<double>(get<int64_t>(p));
        case ACL_UINT64: return static_cast<double>(get<uint64_t>(p));
        default: return 0;
    }
}
}  // namespace

std::vector<uint8_t> encode(const std::vector<double> &values, aclDataType dtype) {
    const size_t comps = componentsOf(dtype), step = aclDataTypeSize(dtype) / comps;
    std::vector<uint8_t> out(values.size() / comps * aclDataTypeSize(dtype));
    for (size_t i = 0; i < values.size(); ++i) putValue(out.data() + i * step, values[i], dtype);
    return out;
}

std::vector<double> decode(const std::vector<uint8_t> &bytes, aclDataType dtype) {
    const size_t elem = aclDataTypeSize(dtype), comps = componentsOf(dtype);
    const size_t n = elem ? bytes.size() / elem * comps : 0, step = elem / comps;
    std::vector<double> out(n);
    for (size_t i = 0; i < n; ++i) out[i] = getValue(bytes.data() + i * step, dtype);
    return out;
}

double roundTo(double v, aclDataType dtype) {
    // One value through its dtype's bytes, without encode's and decode's vectors: the references call this
    // once an element. Complex values round per component, as their real counterparts.
    uint8_t bytes[8] = {};
    putValue(bytes, v, dtype);
    return getValue(bytes, dtype);
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
