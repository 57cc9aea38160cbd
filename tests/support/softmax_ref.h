// Host references for Softmax, LogSoftmax and their backwards (the reduction engine's ALONG form,
// host/engines/reduction.h) in float64, each element with its bound (support/expected_ref.h), and the inputs the
// tests and the benchmark's cases feed them: shared by tests/test_softmax.cpp and cases/reduction_cases.cpp.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "support/elementwise_ref.h"
#include "support/expected_ref.h"
#include "support/host_data.h"

namespace testing_support {

// The four operators of the family (the reduction engine's ALONG form).
enum class SoftmaxOp { Softmax, LogSoftmax, SoftmaxBackward, LogSoftmaxBackward };

// The backwards take gradOutput and the forward's output.
inline bool isBackward(SoftmaxOp op) { return op == SoftmaxOp::SoftmaxBackward || op == SoftmaxOp::LogSoftmaxBackward; }

// The rows of a row-major `shape` along `dim` (non-negative): for each row, its elements' flat indices in order.
inline std::vector<std::vector<size_t>> refRows(const std::vector<int64_t> &shape, size_t dim) {
    size_t outer = 1, inner = 1;
    for (size_t k = 0; k < dim; ++k) outer *= static_cast<size_t>(shape[k]);
    for (size_t k = dim + 1; k < shape.size(); ++k) inner *= static_cast<size_t>(shape[k]);
    const size_t n = shape.empty() ? 1 : static_cast<size_t>(shape[dim]);
    std::vector<std::vector<size_t>> rows;
    for (size_t o = 0; o < outer; ++o) {
        for (size_t i = 0; i < inner; ++i) {
            std::vector<size_t> row;
            for (size_t e = 0; e < n; ++e) row.push_back((o * n + e) * inner + i);
            rows.push_back(row);
        }
    }
    return rows;
}

// The expected elements of one call, in float64, each with its bound. OpenCL's exp and log are within 3 ulp
// (6u) and fp32 division within 2.5 ulp (5u); + - * are correctly rounded (u), where u is the unit roundoff of
// the compute dtype (2^-24 for fp32, fp16 and bf16, 2^-53 for fp64: refUnit), and the result is then rounded
// once to the dtype it is stored in (refWithin). A sum of n terms in either of the engine's orders is within
// (n - 1) u of the sum of its terms' magnitudes. Per operator (R is the row's largest |x - max|):
//   Softmax: exp(fl(x - max)) is within (6 + R) u relatively (x - max rounds by u |x - max|), the sum of such
//     positive terms within (6 + R + n) u, the row's reciprocal 1 / sum 5u and the product by it u: (18 + 2R + n) u
//     relative to the result.
//   LogSoftmax: fl(x - max) within u |x - max|, log(sum) within 6u |log sum| plus the sum's (6 + R + n) u,
//     the subtraction u |result|: absolute.
//   SoftmaxBackward: sum(g * y) within (n + 1) u sum|g y|; g - that within u |g - s|; times y within u: absolute
//     |y| ((n + 1) sum|g y| + 2 |g - s|) u + 2u |result|.
//   LogSoftmaxBackward: sum(g) within n u sum|g|; exp(y) within 6u, the product u: exp(y) (n sum|g| + 8 |s|) u,
//     the subtraction 2u |result|.
// x is the input (gradOutput for the backwards) and y the backwards' output, each already in the compute dtype.
inline std::vector<Expected> refAlong(SoftmaxOp op, const std::vector<int64_t> &shape, size_t dim,
                                      const std::vector<double> &x, const std::vector<double> &y, aclDataType compute,
                                      aclDataType out) {
    const aclDataType rounding = refRounding(compute, out);
    std::vector<Expected> want(x.size());
    for (const std::vector<size_t> &row : refRows(shape, dim)) {
        const double n = static_cast<double>(row.size());
        if (op == SoftmaxOp::Softmax || op == SoftmaxOp::LogSoftmax) {
            double m = -INFINITY, s = 0, range = 0;
            for (size_t i : row) m = std::max(m, x[i]);
            for (size_t i : row) {
                s += std::exp(x[i] - m);
                range = std::max(range, std::fabs(x[i] - m));
            }
            for (size_t i : row) {
                if (op == SoftmaxOp::Softmax) {
                    const double v = std::exp(x[i] - m) / s;
                    want[i] = refWithin(v, v, 18 + 2 * range + n, compute, rounding);
                } else {
                    const double v = (x[i] - m) - std::log(s);
                    const double ulps = std::fabs(x[i] - m) + 6 * std::fabs(std::log(s)) + 6 + range + n + std::fabs(v);
                    want[i] = refWithin(v, 1, ulps, compute, rounding);
                }
            }
        } else if (op == SoftmaxOp::SoftmaxBackward) {
            double s = 0, abs = 0;
            for (size_t i : row) {
                s += x[i] * y[i];
                abs += std::fabs(x[i] * y[i]);
            }
            for (size_t i : row) {
                const double v = y[i] * (x[i] - s);
                const double ulps = std::fabs(y[i]) * ((n + 1) * abs + 2 * std::fabs(x[i] - s)) + 2 * std::fabs(v);
                want[i] = refWithin(v, 1, ulps, compute, rounding);
            }
        } else {
            double s = 0, abs = 0;
            for (size_t i : row) {
                s += x[i];
                abs += std::fabs(x[i]);
            }
            for (size_t i : row) {
                const double e = std::exp(y[i]), v = x[i] - e * s;
                const double ulps = e * (n * abs + 8 * std::fabs(s)) + 2 * std::fabs(v);
                want[i] = refWithin(v, 1, ulps, compute, rounding);
            }
        }
    }
    return want;
}

// The inputs of a call: x random in [-4, 4) in the dtype; y (the backwards' output) the forward's result of
// other random values along the same dim, rounded to the dtype.
struct SoftmaxInputs {
    std::vector<double> x, y;
};
inline SoftmaxInputs refSoftmaxInputs(SoftmaxOp op, const std::vector<int64_t> &shape, size_t dim, aclDataType dtype,
                                      uint64_t seed) {
    size_t count = 1;
    for (int64_t d : shape) count *= static_cast<size_t>(d);
    SoftmaxInputs in;
    in.x = refValues(dtype, count, seed);
    if (!isBackward(op)) return in;
    const std::vector<double> z = refValues(ACL_DOUBLE, count, seed + 1);
    const SoftmaxOp forward = op == SoftmaxOp::SoftmaxBackward ? SoftmaxOp::Softmax : SoftmaxOp::LogSoftmax;
    const std::vector<Expected> f = refAlong(forward, shape, dim, z, z, ACL_DOUBLE, ACL_DOUBLE);
    for (const Expected &e : f) in.y.push_back(roundTo(e.want, dtype));
    return in;
}

// The compute dtype: Softmax's and the backwards' is their input's, LogSoftmax's out's (self cast to it first).
inline aclDataType refSoftmaxCompute(SoftmaxOp op, aclDataType in, aclDataType out) {
    return op == SoftmaxOp::LogSoftmax ? out : in;
}

}  // namespace testing_support
