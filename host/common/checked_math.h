// int64 arithmetic that says when its exact result does not fit, instead of wrapping (or needing a
// 128-bit type, which ISO C++ has not: -Wpedantic warns about __int128).
#pragma once

#include <cstdint>

namespace aclcl {

// *out = a + b (a * b); false when the exact result does not fit in int64 (*out is then the wrapped value).
inline bool checkedAdd(int64_t a, int64_t b, int64_t *out) { return !__builtin_add_overflow(a, b, out); }
inline bool checkedMul(int64_t a, int64_t b, int64_t *out) { return !__builtin_mul_overflow(a, b, out); }

// floor(n / d), rounding toward -infinity, for d > 0.
inline int64_t floorDiv(int64_t n, int64_t d) {
    const int64_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

// *out = floor((a + b) / d) for d > 0, exact also where a + b itself overflows int64; false when the
// quotient does not fit. Divides a and b apart and adds the carry of their remainders (each in [0, d)).
inline bool floorDivSum(int64_t a, int64_t b, int64_t d, int64_t *out) {
    const int64_t qa = floorDiv(a, d), qb = floorDiv(b, d);
    const int64_t carry = ((a - qa * d) + (b - qb * d)) / d;  // the remainders' sum is below 2d: no overflow
    int64_t q;
    return checkedAdd(qa, qb, &q) && checkedAdd(q, carry, out);
}

}  // namespace aclcl
