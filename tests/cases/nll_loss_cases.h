// NLLLoss's and NLLLossBackward's host references and error bound (tests/cases/nll_loss_cases.cpp) for
// tests/test_nll_loss.cpp, tests/test_nll_loss_backward.cpp and the precision report, and NLLLoss's
// registered cases for the benchmark.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "support/op_case.h"

namespace testing_support {

// The forward of docs/ops/nll_loss.md in double over rows x classes (self row-major), with out's error
// bound for an fp32 computation of the kernel's order (errBound, per element of out) and totalWeight's.
struct NllReference {
    std::vector<double> out;  // rows values (reduction 0) or one
    double totalWeight = 0;
    std::vector<double> outBound;
    double totalWeightBound = 0;
};
NllReference nllReference(const std::vector<double> &self, const std::vector<double> &target,
                          const std::vector<double> &weight, int64_t rows, int64_t classes, int64_t reduction,
                          int64_t ignoreIndex);
// The backward in double: out (rows x classes, row-major) is 0 except at each counted row's target, where it
// is -weight[target] * g, g the row's gradOutput (reduction 0) or the one gradOutput (divided by totalWeight
// for mean, 1).
std::vector<double> nllBackwardReference(const std::vector<double> &gradOutput, const std::vector<double> &target,
                                         const std::vector<double> &weight, int64_t rows, int64_t classes,
                                         int64_t reduction, int64_t ignoreIndex, double totalWeight);
// Compares got with want within bound plus one unit in the last place of want for fp16/bf16 (the store's
// rounding; dtype: the output's).
CheckResult nllCompare(const std::vector<double> &got, const std::vector<double> &want,
                       const std::vector<double> &bound, aclDataType dtype, const std::string &what);

}  // namespace testing_support
