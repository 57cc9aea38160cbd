// Host references for the activations and their gradients (cl_kernels/elementwise.cl's activation block):
// PyTorch's formulas (torch.sigmoid, silu, gelu(approximate='tanh' / 'none') and their backwards) in
// float64, each in a form that cancels nowhere (sigmoid and 1 - sigmoid from exp(-|x|), the tanh form's
// 0.5 * (1 + tanh(u)) as sigmoid(2u), the erf form's CDF as 0.5 * erfc(-x / sqrt 2)), so that the
// reference is good to a few float64 ulps everywhere the tests look. At an infinite x the gradients take
// their limits (1 and 0 times gradOutput), as the kernels do, where PyTorch's formulas give 0 * inf = NaN.
//
// The bounds: OpenCL's exp, erfc and divide are within 3, 16 and 2.5 ulp, and + - * within 0.5 ulp, in
// fp32 and fp64 (OpenCL C spec, "Relative Error as ULPs", full profile), where an ulp is at most 2u of the
// value (u = 2^-24 for fp32, 2^-53 for fp64). Each function's error, summed over its steps, is below
// `ulps` units u of its `scale`, the size of the terms it adds up (each reference function says which);
// the result is then rounded once to the dtype it is stored in (half an ulp of that dtype): Expected and
// refWithin, in support/expected_ref.h.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "acl/acl_base.h"
#include "support/expected_ref.h"
#include "support/host_data.h"

namespace testing_support {

// One ulp of v in dtype d (the smallest subnormal's at 0 and beyond the finite values).
inline double dtypeUlp(double v, aclDataType d) {
    const bool wide = d == ACL_DOUBLE || d == ACL_COMPLEX128;
    const int digits = d == ACL_FLOAT16 ? 10 : d == ACL_BF16 ? 7 : wide ? 52 : 23;
    const int least = d == ACL_FLOAT16 ? -24 : d == ACL_BF16 ? -133 : wide ? -1074 : -149;
    if (v == 0 || !std::isfinite(v)) return std::ldexp(1.0, least);
    return std::ldexp(1.0, std::max(std::ilogb(v) - digits, least));
}

// A result against a PyTorch golden value (the engine operators' MatchesPyTorchGolden tests): the same
// value where either is exact or non-finite; otherwise within the device's bound around the exact value
// (e) plus the golden value's own distance from it: one ulp of out's dtype where the generator stored
// PyTorch's float64 result rounded once (half an ulp, and float64's own error far under the other half:
// the generator checks it against a plain-Python form within 1 ulp); 8 ulp for FLOAT64 and COMPLEX128,
// PyTorch's own results (checked within 4 ulp of Python's math, itself within 3 of the exact value).
inline bool goldenOk(double got, double golden, const Expected &e, aclDataType out) {
    if (e.exact || !std::isfinite(golden) || !std::isfinite(e.want)) return sameValue(got, golden);
    const bool wide = out == ACL_DOUBLE || out == ACL_COMPLEX128;
    return std::fabs(got - golden) <= e.bound + (wide ? 8 : 1) * dtypeUlp(golden, out);
}

// sigmoid(x), and 1 - sigmoid(x) in *rest, without cancellation.
inline double refSigmoidPair(double x, double *rest) {
    const double e = std::exp(-std::fabs(x)), p = 1 / (1 + e), q = e / (1 + e);
    *rest = x >= 0 ? q : p;
    return x >= 0 ? p : q;
}

// a * b, or 0 where b is (a scale's term that vanishes at an infinite x, not 0 * inf).
inline double refTimes(double a, double b) { return b == 0 ? 0 : a * b; }

// sigmoid(x). Scale: s; exp 6u, the sum u, the divide 5u, 1 - s's product 2u more: 32.
inline Expected refSigmoid(double x, aclDataType compute, aclDataType rounding) {
    double rest;
    const double s = refSigmoidPair(x, &rest);
    return refWithin(s, s, 32, compute, rounding);
}

// silu(x) = x * sigmoid(x). Scale: |x| s; sigmoid's 14u and the product's u: 32.
inline Expected refSilu(double x, aclDataType compute, aclDataType rounding) {
    double rest;
    const double s = refSigmoidPair(x, &rest);
    return refWithin(x * s, x * s, 32, compute, rounding);
}

// gradOutput * silu'(x). Scale: |g| * s * (1 + |x| (1 - s)), the terms' sizes; sigmoid is within 14u
// (exp 6u, the sum u, the divide 5u, and 1 - s's product 2u more), the rest of the product 8u: 64.
inline Expected refSiluBackward(double g, double x, aclDataType compute, aclDataType rounding) {
    double rest;
    const double s = refSigmoidPair(x, &rest);
    return refWithin(g * s * (1 + x * rest), g * s * (1 + std::fabs(x) * rest), 64, compute, rounding);
}

// The tanh form's v = 2u = 2 sqrt(2 / pi) (x + 0.044715 x^3), and its derivative.
inline double refGeluV(double x) { return 2 * std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x); }
inline double refGeluDv(double x) { return 2 * std::sqrt(2 / M_PI) * (1 + 3 * 0.044715 * x * x); }

// gelu(x, approximate='tanh') = 0.5 x (1 + tanh(u)) = x * sigmoid(v). Scale: |x| s (1 + |v| (1 - s)):
// v carries some 6u of relative error, which sigmoid turns into |v| (1 - s) 6u of its own; 32.
inline Expected refGeluTanh(double x, aclDataType compute, aclDataType rounding) {
    double rest;
    const double v = refGeluV(x), s = refSigmoidPair(v, &rest);
    return refWithin(x * s, std::fabs(x) * s * (1 + std::fabs(v) * rest), 32, compute, rounding);
}

// gelu_backward(g, x, approximate='tanh') = g * (s + x s (1 - s) dv/dx). Scale: each term's size times
// its sensitivity to v's error (1 + |v| (1 - s) for s, 1 + |v| for s (1 - s)); each term's steps add up to
// under 64.
inline Expected refGeluTanhBackward(double g, double x, aclDataType compute, aclDataType rounding) {
    double rest;
    const double v = refGeluV(x), s = refSigmoidPair(v, &rest), slope = s * rest;
    const double second = slope == 0 ? 0 : x * slope * refGeluDv(x);
    const double scale = std::fabs(g) * (refTimes(1 + refTimes(std::fabs(v), rest), s) +
                                         refTimes(1 + std::fabs(v), std::fabs(second)));
    return refWithin(g * (s + second), scale, 64, compute, rounding);
}

// The erf form's Phi(x) = 0.5 erfc(-x / sqrt 2) and phi(x) = exp(-x^2 / 2) / sqrt(2 pi).
inline double refPhi(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }
inline double refSmallPhi(double x) { return std::exp(-0.5 * x * x) / std::sqrt(2 * M_PI); }

// gelu(x, approximate='none') = x Phi(x). erfc is within 32u, and its argument's 2u of rounding moves
// Phi by x phi(x) 2u, which is x^2 phi / Phi of Phi's size in the lower tail. Scale: |x| (Phi + x^2 phi); 64.
inline Expected refGeluErf(double x, aclDataType compute, aclDataType rounding) {
    const double cdf = refPhi(x);
    return refWithin(x * cdf, std::fabs(x) * (cdf + x * x * refSmallPhi(x)), 64, compute, rounding);
}

// gelu_backward(g, x, approximate='none') = g * (Phi(x) + x phi(x)). Scale: |g| (Phi + x^2 phi + |x| phi
// (1 + x^2)): Phi's error as above, phi's exp 6u and its argument's 2u times x^2; 64.
inline Expected refGeluErfBackward(double g, double x, aclDataType compute, aclDataType rounding) {
    const double cdf = refPhi(x), pdf = refSmallPhi(x);
    const double second = pdf == 0 ? 0 : x * pdf;
    const double scale = std::fabs(g) * (cdf + refTimes(x * x, pdf) + refTimes(1 + x * x, std::fabs(second)));
    return refWithin(g * (cdf + second), scale, 64, compute, rounding);
}

// got[i] against want[i]: exactly it, or within its bound (a NaN or infinite want exactly).
inline void expectElements(const std::vector<double> &got, const std::vector<Expected> &want) {
    ASSERT_EQ(got.size(), want.size());
    size_t bad = 0;
    for (size_t i = 0; i < got.size(); ++i) {
        const Expected &e = want[i];
        const bool ok = e.exact || !std::isfinite(e.want) ? sameValue(got[i], e.want)
                                                          : std::fabs(got[i] - e.want) <= e.bound;
        if (!ok && bad++ < 5) {
            ADD_FAILURE() << "element " << i << ": got " << got[i] << ", want " << e.want << " (bound " << e.bound
                          << ", off by " << std::fabs(got[i] - e.want) << ")";
        }
    }
    EXPECT_EQ(bad, 0u) << "of " << got.size() << " elements";
}

}  // namespace testing_support
