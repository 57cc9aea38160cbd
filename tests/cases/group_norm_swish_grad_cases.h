// GroupNormSwishGrad's host reference and error bound (defined in tests/cases/group_norm_swish_grad_cases.cpp)
// for tests/test_group_norm_swish_grad.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "support/device_tensor.h"
#include "support/op_case.h"

namespace testing_support {

// The reference of docs/ops in double, with each output's error scale: the sum of the magnitudes of the
// terms that make it up, so that |fp32 result - reference| <= k * eps * scale whatever cancels. swish
// false: GroupNormBackward's (g = dy; beta and scale unused).
void gnsgReference(const std::vector<double> &dy, const std::vector<double> &mean, const std::vector<double> &rstd,
                   const std::vector<double> &x, const std::vector<double> &gamma, const std::vector<double> &beta,
                   int64_t batch, int64_t channels, int64_t planeLen, int64_t groups, double scale,
                   std::vector<double> *dx, std::vector<double> *dgamma, std::vector<double> *dbeta,
                   std::vector<double> *dxScale, std::vector<double> *dgammaScale, std::vector<double> *dbetaScale,
                   bool swish = true);
// Compares got with want within the bound documented at its definition.
CheckResult gnsgCompare(const std::vector<double> &got, const std::vector<double> &want,
                        const std::vector<double> &errScale, aclDataType dtype, const std::string &what);

// Shared by the GroupNorm family's cases (GroupNormSwish too):
// |got - want| <= rel * errScale + one unit in the last place of want for fp16/bf16 + fp16's smallest subnormal.
CheckResult gnCompareWithin(const std::vector<double> &got, const std::vector<double> &want,
                            const std::vector<double> &errScale, aclDataType dtype, const std::string &what,
                            double rel);
// The first failing result (with the largest error of all), or a pass.
CheckResult gnFirstFailure(const std::vector<CheckResult> &results);
uint64_t gnNameSeed(const std::string &s);  // a case's seed from its name (FNV-1a)
std::vector<double> gnRounded(std::vector<double> v, aclDataType dtype);  // each value rounded to dtype
// A case's random inputs from `seed` (gnNameSeed of the case's "op/name"), each value rounded to dtype:
// x (numel values in [-1, 2)) from seed, gamma (channels values in [0.1, 0.9)) from seed + 2 and beta
// (in [-0.4, 0.4)) from seed + 3 (seed + 1 is GroupNormSwishGrad's dy).
struct GnInputs {
    std::vector<double> x, gamma, beta;
};
GnInputs gnRandomInputs(uint64_t seed, int64_t numel, int64_t channels, aclDataType dtype);
// The tensors both operators have, all of dtype: x (shape, N and C its first two dims), gamma and beta (C),
// mean and rstd (N, groups); x, gamma and beta hold `in`.
struct GnTensors {
    DeviceTensor x, gamma, beta, mean, rstd;
};
GnTensors gnTensors(const std::vector<int64_t> &shape, int64_t groups, aclDataType dtype, const GnInputs &in);

}  // namespace testing_support
