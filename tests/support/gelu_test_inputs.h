// The inputs the GELU tests share (test_gelu_backward.cpp, test_gelu_backward_v2.cpp): self's values for
// an activation's tests, random and the edges.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "acl/acl_base.h"
#include "support/host_data.h"

namespace testing_support {

// n values of x: random in [-8, 8) and the edges, rounded to d: zeros, small values, the zero of GELU's
// derivative near -0.75, tails where the CDF saturates (x = -9 still normal in fp32; x = -20 and past it
// underflow to 0 in fp32: none of them gives a subnormal fp32 result, which devices may flush), values
// whose cube or square overflows fp32 (infinite in fp16), infinities, NaN.
inline std::vector<double> geluInputs(aclDataType d, size_t n, uint64_t seed) {
    std::vector<double> x = randomValues(n, seed, -8, 8);
    const double inf = std::numeric_limits<double>::infinity();
    const double edges[] = {0,  -0.0, 1e-3, -1e-3, 0.7517916, -0.7517916, 5,    -5,  9,
                            -9, 20,   -20,  1e5,   -1e5,      1e20,       -1e20, inf, -inf,
                            std::numeric_limits<double>::quiet_NaN()};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0] && i < n; ++i) x[i] = edges[i];
    for (double &v : x) v = roundTo(v, d);
    return x;
}

}  // namespace testing_support
