// aclnnGroupNormSwish (aclnnop/aclnn_group_norm_swish.h): GroupNorm, then Swish when asked, with each
// group's mean and rstd. One kernel (cl_kernels/group_norm_swish.cl) per (n, group): on GPUs a work-group
// of 64 work-items with a tree in local memory, on CPUs one work-item (ops/group_norm_forward.cpp, shared
// with aclnnGroupNorm). Both add in the same order, so their results are bit-identical. The contract, in
// check order: docs/ops/group_norm_swish.md.
#include "aclnnop/aclnn_group_norm_swish.h"

#include "ops/group_norm_forward.h"
#include "ops/group_norm_shape.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnGroupNormSwish";

// Executor indices, in CANN's argument order.
constexpr size_t kX = 0, kGamma = 1, kBeta = 2;
constexpr size_t kY = 0, kMean = 1, kRstd = 2;

struct Args {
    const aclTensor *x, *gamma, *beta;
    int64_t numGroups;
    const char *dataFormat;
    double eps;
    bool activateSwish;
    double swishScale;
    const aclTensor *y, *mean, *rstd;
};

// The checks in the contract's order: nulls; dtypes (x, gamma in x's dtype or FLOAT, beta as gamma, yOut
// as x, meanOut/rstdOut as gamma); numGroups; x's rank; views; x not empty; shapes; outputs not
// self-overlapping; the plane count; the data format.
GroupNormShape validate(const char *op, const Args &a) {
    checkNotNull(op, a.x, "x");
    checkNotNull(op, a.gamma, "gamma");
    checkNotNull(op, a.beta, "beta");
    checkNotNull(op, a.y, "yOut");
    checkNotNull(op, a.mean, "meanOut");
    checkNotNull(op, a.rstd, "rstdOut");

    checkDtypeIn(op, a.x, "x", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    checkDtypeIn(op, a.gamma, "gamma", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    if (a.gamma->dtype != a.x->dtype && a.gamma->dtype != ACL_FLOAT) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected gamma to have x's dtype (%s) or FLOAT, but found %s.", op,
                       dtypeName(a.x->dtype), dtypeName(a.gamma->dtype)));
    }
    checkSameDtype(op, a.gamma, "gamma", a.beta, "beta");
    checkSameDtype(op, a.x, "x", a.y, "yOut");
    checkSameDtype(op, a.gamma, "gamma", a.mean, "meanOut");
    checkSameDtype(op, a.gamma, "gamma", a.rstd, "rstdOut");

    checkNumGroups(op, a.x, a.numGroups);
    checkRankIn(op, a.x, "x", {2, 3, 4, 5, 6, 7, 8});
    checkViews(op, {{a.x, "x"}, {a.gamma, "gamma"}, {a.beta, "beta"}, {a.y, "yOut"}, {a.mean, "meanOut"},
                    {a.rstd, "rstdOut"}});
    const GroupNormShape s = groupNormShape(op, a.x, a.numGroups);
    checkShapeIs(op, a.gamma, "gamma", {s.channels});
    checkShapeIs(op, a.beta, "beta", {s.channels});
    checkSameShape(op, a.x, "x", a.y, "yOut");
    checkStatsShape(op, a.mean, "meanOut", s);
    checkStatsShape(op, a.rstd, "rstdOut", s);
    checkNoSelfOverlap(op, a.y, "yOut");
    checkNoSelfOverlap(op, a.mean, "meanOut");
    checkNoSelfOverlap(op, a.rstd, "rstdOut");
    checkPlaneCount(op, s);
    checkDataFormat(op, a.dataFormat);
    return s;
}

void plan(OpPlan &plan, const Args &a) {
    const GroupNormShape s = validate(plan.checkName(), a);
    plan.addInput(a.x, "x");
    plan.addInput(a.gamma, "gamma");
    plan.addInput(a.beta, "beta");
    plan.addOutput(a.y, "yOut");
    plan.addOutput(a.mean, "meanOut");
    plan.addOutput(a.rstd, "rstdOut");
    plan.describeAttribute("numGroups", a.numGroups);
    plan.describeAttribute("eps", a.eps);
    plan.describeAttribute("activateSwish", static_cast<int64_t>(a.activateSwish));
    plan.describeAttribute("swishScale", a.swishScale);

    GroupNormForward f;
    f.x = kX;
    f.gamma = kGamma;
    f.beta = kBeta;
    f.y = kY;
    f.mean = kMean;
    f.rstd = kRstd;
    f.xType = a.x->dtype;
    f.pType = a.gamma->dtype;
    f.eps = a.eps;
    f.swish = a.activateSwish;
    f.swishScale = a.swishScale;
    f.xNumel = a.x->numel();
    planGroupNormForward(plan, s, f);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnGroupNormSwishGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma, const aclTensor *beta,
                                                int64_t numGroups, char *dataFormatOptional, double eps,
                                                bool activateSwish, double swishScale, const aclTensor *yOut,
                                                const aclTensor *meanOut, const aclTensor *rstdOut,
                                                uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{x,   gamma,         beta,       numGroups, dataFormatOptional, eps,
                           activateSwish, swishScale, yOut,      meanOut,            rstdOut};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnGroupNormSwish(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}

