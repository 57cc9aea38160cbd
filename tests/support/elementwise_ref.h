// Host references for the elementwise engine's operators (host/engines/elementwise.h), in double: each
// value rounded where the engine's kernels round it (converted to the compute dtype, alpha * b rounded
// to it unless fused, the result once, then the store's conversion to out's dtype), so that every dtype
// is compared exactly. Integers wrap as two's complement at their width; bool is 0 or 1.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "support/call_spec.h"
#include "support/host_data.h"

namespace testing_support {

inline bool refIsFloat(aclDataType d) {
    return d == ACL_FLOAT16 || d == ACL_BF16 || d == ACL_FLOAT || d == ACL_DOUBLE;
}
inline bool refIsComplex(aclDataType d) { return d == ACL_COMPLEX64 || d == ACL_COMPLEX128; }

// x (a whole number within int64 for integer dtypes) as a value of d.
inline double refRound(double x, aclDataType d) {
    if (refIsFloat(d) || refIsComplex(d)) return roundTo(x, d);
    if (d == ACL_BOOL) return x != 0 ? 1 : 0;
    const auto v = static_cast<int64_t>(x);
    switch (d) {
        case ACL_INT8: return static_cast<int8_t>(v);
        case ACL_UINT8: return static_cast<uint8_t>(v);
        case ACL_INT16: return static_cast<int16_t>(v);
        case ACL_UINT16: return static_cast<uint16_t>(v);
        case ACL_INT32: return static_cast<int32_t>(v);
        case ACL_UINT32: return static_cast<uint32_t>(v);
        case ACL_UINT64: return static_cast<double>(static_cast<uint64_t>(v));
        default: return static_cast<double>(v);
    }
}

// The dtype the engine's arithmetic runs in for compute dtype c (its C_VAL_T).
inline aclDataType refAccOf(aclDataType c) {
    if (c == ACL_FLOAT16 || c == ACL_BF16 || c == ACL_COMPLEX64) return ACL_FLOAT;
    if (c == ACL_COMPLEX128) return ACL_DOUBLE;
    return c;
}

// The store's conversion of a compute value into out's dtype: floats to integers truncate and saturate
// (NaN to 0), everything else rounds once.
inline double refStore(double v, aclDataType out) {
    if (refIsFloat(out) || refIsComplex(out)) return roundTo(v, out);
    if (out == ACL_BOOL) return v != 0 ? 1 : 0;
    if (std::isnan(v)) return 0;
    double lo = 0, hi = 0;
    switch (out) {
        case ACL_INT8: lo = -128, hi = 127; break;
        case ACL_UINT8: lo = 0, hi = 255; break;
        case ACL_INT16: lo = -32768, hi = 32767; break;
        case ACL_UINT16: lo = 0, hi = 65535; break;
        case ACL_INT32: lo = -2147483648.0, hi = 2147483647.0; break;
        case ACL_UINT32: lo = 0, hi = 4294967295.0; break;
        case ACL_INT64: lo = -9223372036854775808.0, hi = 9223372036854775807.0; break;
        default: lo = 0, hi = 18446744073709551615.0; break;
    }
    const double t = std::trunc(v) + 0.0;  // integers have no -0
    return t < lo ? lo : t > hi ? hi : t;
}

// One element: a real value, or a complex one as (re, im).
struct RefComplex {
    double re = 0, im = 0;
};

// One element of dtype `from` (re, im) converted to `to` as the engine's stores convert (Cast,
// InplaceCopy): rounding once, floats to integers truncated and saturated with NaN to 0, integers
// wrapped, complex to real keeping the real part, real to complex with an imaginary part of 0.
inline RefComplex refConvert(RefComplex v, aclDataType from, aclDataType to) {
    if (!refIsComplex(from)) v.im = 0;
    RefComplex r;
    if (refIsComplex(to)) {
        r.re = roundTo(v.re, to);
        r.im = roundTo(v.im, to);
    } else if (refIsFloat(from) || refIsComplex(from)) {
        r.re = refStore(v.re, to);
    } else {
        r.re = refIsFloat(to) ? roundTo(v.re, to) : refRound(v.re, to);
    }
    return r;
}

// One element of a binary row, a and b already values of their dtypes, complex values as (re, im), alpha
// real: op '+' is a + alpha * b (Add), '-' is a - alpha * b (Sub), '*' is a * b (Mul). `fusedAlpha`: alpha
// stays float and alpha * b is not rounded to the compute dtype c (the fp16 Axpy path).
inline RefComplex refBinary(char op, RefComplex a, RefComplex b, double alpha, aclDataType c, bool fusedAlpha) {
    const aclDataType acc = refAccOf(c);
    const bool complex = refIsComplex(c);
    a = {refRound(a.re, c), complex ? refRound(a.im, c) : 0};
    b = {refRound(b.re, c), complex ? refRound(b.im, c) : 0};
    RefComplex r;
    if (op == '*') {
        if (complex) {
            r.re = refRound(refRound(a.re * b.re, acc) - refRound(a.im * b.im, acc), acc);
            r.im = refRound(refRound(a.re * b.im, acc) + refRound(a.im * b.re, acc), acc);
        } else {
            r.re = refRound(a.re * b.re, acc);
        }
        return {refRound(r.re, c), complex ? refRound(r.im, c) : 0};
    }
    const double al = fusedAlpha ? refRound(alpha, ACL_FLOAT) : refRound(alpha, c);
    auto part = [&](double av, double bv) {
        double prod = refRound(al * bv, acc);
        if (!fusedAlpha) prod = refRound(prod, c);
        // Bool arithmetic runs on 0/1 bytes: a difference of -1 is nonzero, so true.
        return refRound(refRound(op == '+' ? av + prod : av - prod, acc), c);
    };
    r.re = part(a.re, b.re);
    if (complex) r.im = part(a.im, b.im);
    return r;
}
inline RefComplex refAdd(RefComplex a, RefComplex b, double alpha, aclDataType c, bool fusedAlpha) {
    return refBinary('+', a, b, alpha, c, fusedAlpha);
}

// n random elements of dtype (complex: 2n values, re and im), exactly representable: floats in [-4, 4)
// rounded to the dtype, integers whole in a range the dtype holds (small enough that Add's sums stay
// exact in every integer width but wrap in int8 / uint8 sometimes), bool 0 or 1.
inline std::vector<double> refValues(aclDataType dtype, size_t n, uint64_t seed) {
    const size_t parts = refIsComplex(dtype) ? 2 : 1;
    std::vector<double> v = randomValues(n * parts, seed, -4, 4);
    for (double &x : v) {
        if (refIsFloat(dtype) || refIsComplex(dtype)) {
            x = roundTo(x, dtype);
        } else if (dtype == ACL_BOOL) {
            x = x > 0 ? 1 : 0;
        } else if (dtype == ACL_UINT8 || dtype == ACL_UINT16 || dtype == ACL_UINT32 || dtype == ACL_UINT64) {
            x = std::floor((x + 4) * 30);  // 0 .. 239
        } else {
            x = std::floor(x * 30);  // -120 .. 119
        }
    }
    return v;
}

// An aclScalar the test owns: Scalar alpha(1.5, ACL_FLOAT); pass alpha.get().
class OwnedScalar {
public:
    OwnedScalar(double value, aclDataType dtype) {
        std::vector<unsigned char> bytes = scalarBytes(value, dtype);
        scalar_ = aclCreateScalar(bytes.data(), dtype);
    }
    ~OwnedScalar() { aclDestroyScalar(scalar_); }
    OwnedScalar(const OwnedScalar &) = delete;
    OwnedScalar &operator=(const OwnedScalar &) = delete;
    const aclScalar *get() const { return scalar_; }

private:
    aclScalar *scalar_ = nullptr;
};

// The row-major index into a tensor of shape `from` that element `flat` of the broadcast shape `to`
// reads (NumPy broadcasting).
inline size_t refBroadcastIndex(size_t flat, const std::vector<int64_t> &to, const std::vector<int64_t> &from) {
    size_t index = 0, stride = 1;
    const size_t lead = to.size() - from.size();
    for (size_t k = to.size(); k-- > 0;) {
        const auto extent = static_cast<size_t>(to[k]);
        const size_t c = flat % extent;
        flat /= extent;
        if (k >= lead) {
            const auto f = static_cast<size_t>(from[k - lead]);
            if (f != 1) index += c * stride;
            stride *= f;
        }
    }
    return index;
}

}  // namespace testing_support
