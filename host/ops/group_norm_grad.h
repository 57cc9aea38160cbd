// The GroupNorm gradient kernels' plan (cl_kernels/group_norm_swish_grad.cl), shared by
// aclnnGroupNormSwishGrad and aclnnGroupNormBackward once each has run its own checks and registered its
// tensors: the same work splits and sums in the same fixed order; GroupNormBackward has no swish (g = dy),
// an optional gamma and an optional gradInput.
#pragma once

#include "ops/group_norm_shape.h"
#include "ops/op_plan.h"

namespace aclcl {

struct GroupNormGrad {
    aclDataType dtype = ACL_FLOAT;  // every tensor's
    // The plan's input indices (gamma and beta ignored when absent) and output indices (ignored when not
    // wanted).
    size_t dy = 0, mean = 0, rstd = 0, x = 0, gamma = 0, beta = 0;
    size_t dx = 0, dgamma = 0, dbeta = 0;
    bool hasGamma = true;
    bool swish = true;  // with beta; false: no beta is read
    double swishScale = 1;
    bool wantDx = true, wantDgamma = true, wantDbeta = true;
};

void planGroupNormGrad(OpPlan &plan, const GroupNormShape &p, const GroupNormGrad &a);

// dgamma / dbeta outputs: any view holding exactly C elements, written in row-major order (CANN infers
// them with gamma's shape and compares element counts).
void checkChannelOutput(const char *op, const aclTensor *t, const char *arg, int64_t channels);

}  // namespace aclcl
