// One expected element of a reference computed in float64 and how far a device's result may be from it
// (the activations' references, support/activation_ref.h, and Softmax's, support/softmax_ref.h): a bound of
// `ulps` units u of the compute dtype times a scale, then one rounding to the dtype the result is stored in.
// Without gtest, for the benchmark's cases as well as the tests.
#pragma once

#include <cmath>

#include "acl/acl_base.h"
#include "support/sum_bound.h"

namespace testing_support {

// One expected element: the value and how far from it a result may be, or exactly it (NaN for NaN,
// the same infinity, the same zero's sign).
struct Expected {
    double want = 0;
    double bound = 0;
    bool exact = false;
    static Expected exactly(double want) { return {want, 0, true}; }
};

// The unit u of a compute dtype: 2^-53 for fp64 and complex128, else 2^-24 (fp16 and bf16 compute in fp32).
inline double refUnit(aclDataType compute) {
    return compute == ACL_DOUBLE || compute == ACL_COMPLEX128 ? std::ldexp(1.0, -53) : std::ldexp(1.0, -24);
}

// A computed value within ulps * u * scale of want, then rounded to `rounding` (the narrower of the
// compute dtype and out's, where the one rounding happens).
inline Expected refWithin(double want, double scale, double ulps, aclDataType compute, aclDataType rounding) {
    if (!std::isfinite(want)) return Expected::exactly(want);
    const double computed = ulps * refUnit(compute) * std::fabs(scale);
    return {want, computed + (std::fabs(want) + computed) * storeRounding(rounding) + storeFloor(rounding)};
}

// The dtype the one rounding of a result computed in `compute` and stored in `out` goes to: fp16 and bf16
// computations round to their dtype; fp32 and fp64 ones to out's when it is narrower.
inline aclDataType refRounding(aclDataType compute, aclDataType out) {
    if (compute == ACL_FLOAT16 || compute == ACL_BF16) return compute;
    if (out == ACL_FLOAT16 || out == ACL_BF16 || (compute == ACL_DOUBLE && out == ACL_FLOAT)) return out;
    return compute;
}

}  // namespace testing_support
