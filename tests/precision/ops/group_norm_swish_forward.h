// GroupNormSwish's precision case, run by its own file and as the first step of GroupNormSwishGrad's
// cascade (the grad takes the forward's mean and rstd from the device).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "precision/precision.h"

namespace precision {

// A group-norm case's drawn geometry, the same for GroupNormSwish's and GroupNorm's runners: N in 1 .. 2,
// G in 1 .. 4, C a multiple of G up to 4 G, rank 2 .. 4 with the further dims in 1 .. 6.
struct GroupShape {
    std::vector<int64_t> shape;  // x: (N, C, d2, ...)
    int64_t batch = 1, channels = 1, planeLen = 1, groups = 1;
};
GroupShape drawGroupShape(Draw &draw);

struct GroupNormSwishRun : GroupShape {
    double swishScale = 1;
    std::vector<double> x, gamma, beta;  // as the device holds them
    DeviceTensor xT, gammaT, betaT, yT, meanT, rstdT;
    CaseOutcome outcome;  // y, mean and rstd next to their golden
};

// eps 1e-5, swish on with a drawn scale; gamma and beta in x's dtype.
GroupNormSwishRun runGroupNormSwish(aclDataType dtype, Draw &draw, aclrtStream stream);

}  // namespace precision
