// GroupNormSwish's precision case, run by its own file and as the first step of GroupNormSwishGrad's
// cascade (the grad takes the forward's mean and rstd from the device).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "precision/precision.h"

namespace precision {

struct GroupNormSwishRun {
    std::vector<int64_t> shape;  // x: (N, C, d2, ...)
    int64_t batch = 1, channels = 1, planeLen = 1, groups = 1;
    double swishScale = 1;
    std::vector<double> x, gamma, beta;  // as the device holds them
    DeviceTensor xT, gammaT, betaT, yT, meanT, rstdT;
    CaseOutcome outcome;  // y, mean and rstd next to their golden
};

// eps 1e-5, swish on with a drawn scale; gamma and beta in x's dtype.
GroupNormSwishRun runGroupNormSwish(aclDataType dtype, Draw &draw, aclrtStream stream);

}  // namespace precision
