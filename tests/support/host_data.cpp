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
void put(std::vector<uint8_t> &out, size_t i, T v) {
    std::memcpy(out.data() + i * sizeof(T), &v, sizeof(T));
}
template <class T>
T get(const std::vector<uint8_t> &in, size_t i) {
    T v;
    std::memcpy(&v, in.data() + i * sizeof(T), sizeof(T));
    return v;
}
}  // namespace

std::vector<uint8_t> encode(const std::vector<double> &values, aclDataType dtype) {
    size_t n = values.size();
    size_t elem = aclDataTypeSize(dtype);
    size_t comps = componentsOf(dtype);
    std::vector<uint8_t> out(n / comps * elem);
    for (size_t i = 0; i < n; ++i) {
        double v = values[i];
        switch (dtype) {
            case ACL_FLOAT: case ACL_COMPLEX64: put<float>(out, i, static_cast<float>(v)); break;
            case ACL_DOUBLE: case ACL_COMPLEX128: put<double>(out, i, v); break;
            case ACL_FLOAT16: put<uint16_t>(out, i, aclFloatToFloat16(static_cast<float>(v))); break;
            case ACL_BF16: put<uint16_t>(out, i, floatToBf16(static_cast<float>(v))); break;
            case ACL_INT8: put<int8_t>(out, i, static_cast<int8_t>(v)); break;
            case ACL_UINT8: put<uint8_t>(out, i, static_cast<uint8_t>(v)); break;
            case ACL_INT16: put<int16_t>(out, i, static_cast<int16_t>(v)); break;
            case ACL_UINT16: put<uint16_t>(out, i, static_cast<uint16_t>(v)); break;
            case ACL_INT32: put<int32_t>(out, i, static_cast<int32_t>(v)); break;
            case ACL_UINT32: put<uint32_t>(out, i, static_cast<uint32_t>(v)); break;
            case ACL_INT64: put<int64_t>(out, i, static_cast<int64_t>(v)); break;
            case ACL_UINT64: put<uint64_t>(out, i, static_cast<uint64_t>(v)); break;
            case ACL_BOOL: put<uint8_t>(out, i, v != 0.0 ? 1 : 0); break;
            default: break;
        }
    }
    return out;
}

std::vector<double> decode(const std::vector<uint8_t> &bytes, aclDataType dtype) {
    size_t elem = aclDataTypeSize(dtype);
    size_t comps = componentsOf(dtype);
    size_t n = elem ? bytes.size() / elem * comps : 0;
    std::vector<double> out(n);
    for (size_t i = 0; i < n; ++i) {
        switch (dtype) {
            case ACL_FLOAT: case ACL_COMPLEX64: out[i] = get<float>(bytes, i); break;
            case ACL_DOUBLE: case ACL_COMPLEX128: out[i] = get<double>(bytes, i); break;
            case ACL_FLOAT16: out[i] = aclFloat16ToFloat(get<uint16_t>(bytes, i)); break;
            case ACL_BF16: out[i] = bf16ToFloat(get<uint16_t>(bytes, i)); break;
            case ACL_INT8: out[i] = get<int8_t>(bytes, i); break;
            case ACL_UINT8: case ACL_BOOL: out[i] = get<uint8_t>(bytes, i); break;
            case ACL_INT16: out[i] = get<int16_t>(bytes, i); break;
            case ACL_UINT16: out[i] = get<uint16_t>(bytes, i); break;
            case ACL_INT32: out[i] = get<int32_t>(bytes, i); break;
            case ACL_UINT32: out[i] = get<uint32_t>(bytes, i); break;
            case ACL_INT64: out[i] = static_cast<double>(get<int64_t>(bytes, i)); break;
            case ACL_UINT64: out[i] = static_cast<double>(get<uint64_t>(bytes, i)); break;
            default: break;
        }
    }
    return out;
}

double roundTo(double v, aclDataType dtype) {
    // encode then decode of one value, without their vectors: the references call this once an element,
    // and the allocations were most of the benchmark's host time. Complex values round per component, as
    // their real counterparts.
    switch (dtype) {
        case ACL_FLOAT: case ACL_COMPLEX64: return static_cast<float>(v);
        case ACL_DOUBLE: case ACL_COMPLEX128: return v;
        case ACL_FLOAT16: return aclFloat16ToFloat(aclFloatToFloat16(static_cast<float>(v)));
        case ACL_BF16: return bf16ToFloat(floatToBf16(static_cast<float>(v)));
        case ACL_INT8: return static_cast<int8_t>(v);
        case ACL_UINT8: return static_cast<uint8_t>(v);
        case ACL_INT16: return static_cast<int16_t>(v);
        case ACL_UINT16: return static_cast<uint16_t>(v);
        case ACL_INT32: return static_cast<int32_t>(v);
        case ACL_UINT32: return static_cast<uint32_t>(v);
        case ACL_INT64: return static_cast<double>(static_cast<int64_t>(v));
        case ACL_UINT64: return static_cast<double>(static_cast<uint64_t>(v));
        case ACL_BOOL: return v != 0.0 ? 1 : 0;
        default: return decode(encode({v}, dtype), dtype)[0];
    }
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
