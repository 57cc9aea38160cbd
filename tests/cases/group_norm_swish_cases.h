// GroupNormSwish's host reference and error bound (defined in tests/cases/group_norm_swish_cases.cpp) for
// tests/test_group_norm_swish.cpp, and its registered cases for the benchmark.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "support/op_case.h"

namespace testing_support {

// The forward of docs/ops/group_norm_swish.md in double, with each output's error scale (the size of
// the terms that make it up, so that |fp32 result - reference| <= k * eps * scale).
struct GnsReference {
    std::vector<double> y, mean, rstd, yScale, meanScale, rstdScale;
};
GnsReference gnsReference(const std::vector<double> &x, const std::vector<double> &gamma,
                          const std::vector<double> &beta, int64_t batch, int64_t channels, int64_t planeLen,
                          int64_t groups, double eps, bool swish, double scale);
// Compares got with want within the bound documented at its definition (outDtype: the output's dtype).
CheckResult gnsCompare(const std::vector<double> &got, const std::vector<double> &want,
                       const std::vector<double> &errScale, aclDataType outDtype, const std::string &what);

}  // namespace testing_support
