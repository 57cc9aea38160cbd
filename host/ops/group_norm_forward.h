// The GroupNorm forward kernel's plan (cl_kernels/group_norm_swish.cl), shared by aclnnGroupNormSwish and
// aclnnGroupNorm once each has run its own checks and registered its tensors: the same kernel, the same
// work split and so the same bits; GroupNorm adds absent gamma/beta and no swish.
#pragma once

#include "ops/group_norm_shape.h"
#include "ops/op_plan.h"

namespace aclcl {

struct GroupNormForward {
    // The plan's input indices of x, gamma and beta (gamma/beta ignored when absent) and output indices of
    // y, mean and rstd.
    size_t x = 0, gamma = 0, beta = 0, y = 0, mean = 0, rstd = 0;
    bool hasGamma = true, hasBeta = true;
    aclDataType xType = ACL_FLOAT;  // x and y
    aclDataType pType = ACL_FLOAT;  // gamma, beta, mean and rstd
    double eps = 0;
    bool swish = false;
    double swishScale = 1;
    int64_t xNumel = 0;
};

void planGroupNormForward(OpPlan &plan, const GroupNormShape &s, const GroupNormForward &f);

}  // namespace aclcl
