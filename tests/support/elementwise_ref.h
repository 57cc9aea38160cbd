// Host references for the elementwise engine's operators (host/engines/elementwise.h), in double: each
// value rounded where the engine's kernels round it (converted to the compute dtype, alpha * b rounded
// to it unless fused, the result once, then the store's conversion to out's dtype), so that every dtype
// is compared exactly. Integers wrap as two's complement at their width; bool is 0 or 1.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
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
    const double t = std::trunc(v);
    return t < lo ? lo : t > hi ? hi : t;
}

// out = a + alpha * b (Add's row) for one element, a and b already values of their dtypes; complex
// values as (re, im) with a real alpha.
struct RefComplex {
    double re = 0, im = 0;
};
inline RefComplex refAdd(RefComplex a, RefComplex b, double alpha, aclDataType c, bool fusedAlpha) {
    const aclDataType acc = refAccOf(c);
    const bool complex = refIsComplex(c);
    auto part = [&](double av, double bv) {
        av = refRound(av, c);
        bv = refRound(bv, c);
        const double al = fusedAlpha ? refRound(alpha, ACL_FLOAT) : refRound(alpha, c);
        double prod = refRound(al * bv, acc);
        if (!fusedAlpha) prod = refRound(prod, c);
        return refRound(refRound(av + prod, acc), c);
    };
    RefComplex r;
    r.re = part(a.re, b.re);
    if (complex) r.im = part(a.im, b.im);
    return r;
}

}  // namespace testing_support
