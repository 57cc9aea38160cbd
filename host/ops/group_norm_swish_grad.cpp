// aclnnGroupNormSwishGrad: the gradient of swish(group_norm(x) * gamma + beta) with mean and rstd given.
// Its checks here; the kernels' plan (cl_kernels/group_norm_swish_grad.cl: per-(plane, chunk) sums, their
// fixed-order reduction into c1/c2 and dgamma/dbeta, then dx; or, on CPUs, one fused kernel per (n, group))
// in ops/group_norm_grad.cpp, shared with aclnnGroupNormBackward. The work splits are described in
// docs/ops/group_norm_swish_grad.md.
#include "aclnnop/aclnn_group_norm_swish_grad.h"

#include "ops/group_norm_grad.h"
#include "ops/group_norm_shape.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnGroupNormSwishGrad";

using Problem = GroupNormShape;

struct Args {
    const aclTensor *dy, *mean, *rstd, *x, *gamma, *beta;
    int64_t numGroups;
    const char *dataFormat;
    double swishScale;
    bool wantDgamma, wantDbeta;
    const aclTensor *dx, *dgamma, *dbeta;
};

// The checks, in the order of the contract (docs/ops/group_norm_swish_grad.md): nulls, dtypes, numGroups,
// shapes, data format.
Problem validate(const char *op, const Args &a) {
    checkNotNull(op, a.dy, "dy");
    checkNotNull(op, a.mean, "mean");
    checkNotNull(op, a.rstd, "rstd");
    checkNotNull(op, a.x, "x");
    checkNotNull(op, a.gamma, "gamma");
    checkNotNull(op, a.beta, "beta");
    checkNotNull(op, a.dx, "dxOut");
    if (a.wantDgamma) checkNotNull(op, a.dgamma, "dgammaOut");
    if (a.wantDbeta) checkNotNull(op, a.dbeta, "dbetaOut");

    checkDtypeIn(op, a.dy, "dy", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    std::vector<std::pair<const aclTensor *, const char *>> same = {
        {a.mean, "mean"}, {a.rstd, "rstd"}, {a.x, "x"}, {a.gamma, "gamma"}, {a.beta, "beta"}, {a.dx, "dxOut"}};
    if (a.wantDgamma) same.emplace_back(a.dgamma, "dgammaOut");
    if (a.wantDbeta) same.emplace_back(a.dbeta, "dbetaOut");
    for (auto &[t, name] : same) checkSameDtype(op, a.dy, "dy", t, name);

    checkNumGroups(op, a.x, a.numGroups);

    std::vector<std::pair<const aclTensor *, const char *>> all = {{a.dy, "dy"},   {a.mean, "mean"},   {a.rstd, "rstd"},
                                                                   {a.x, "x"},     {a.gamma, "gamma"}, {a.beta, "beta"},
                                                                   {a.dx, "dxOut"}};
    if (a.wantDgamma) all.emplace_back(a.dgamma, "dgammaOut");
    if (a.wantDbeta) all.emplace_back(a.dbeta, "dbetaOut");
    checkRankIn(op, a.x, "x", {2, 3, 4, 5, 6, 7, 8});
    for (auto &[t, name] : all) checkView(op, t, name);
    const Problem p = groupNormShape(op, a.x, a.numGroups);
    checkSameShape(op, a.x, "x", a.dy, "dy");
    checkStatsShape(op, a.mean, "mean", p);
    checkStatsShape(op, a.rstd, "rstd", p);
    checkShapeIs(op, a.gamma, "gamma", {p.channels});
    checkShapeIs(op, a.beta, "beta", {p.channels});
    checkSameShape(op, a.x, "x", a.dx, "dxOut");
    checkNoSelfOverlap(op, a.dx, "dxOut");
    if (a.wantDgamma) {
        checkChannelOutput(op, a.dgamma, "dgammaOut", p.channels);
        checkNoSelfOverlap(op, a.dgamma, "dgammaOut");
    }
    if (a.wantDbeta) {
        checkChannelOutput(op, a.dbeta, "dbetaOut", p.channels);
        checkNoSelfOverlap(op, a.dbeta, "dbetaOut");
    }
    checkPlaneCount(op, p);
    checkDataFormat(op, a.dataFormat);
    return p;
}

void plan(OpPlan &plan, const Args &a) {
    const Problem p = validate(plan.checkName(), a);
    // Inputs in CANN's argument order; outputs dx, then dgamma and dbeta when required.
    GroupNormGrad g;
    g.dtype = a.x->dtype;
    g.dy = plan.addInput(a.dy, "dy");
    g.mean = plan.addInput(a.mean, "mean");
    g.rstd = plan.addInput(a.rstd, "rstd");
    g.x = plan.addInput(a.x, "x");
    g.gamma = plan.addInput(a.gamma, "gamma");
    g.beta = plan.addInput(a.beta, "beta");
    g.dx = plan.addOutput(a.dx, "dxOut");
    plan.allowInPlace(g.dx, g.dy);  // docs/ops/group_norm_swish_grad.md: dxOut may be dy or x itself
    plan.allowInPlace(g.dx, g.x);
    g.wantDgamma = a.wantDgamma;
    g.wantDbeta = a.wantDbeta;
    if (a.wantDgamma) g.dgamma = plan.addOutput(a.dgamma, "dgammaOut");
    if (a.wantDbeta) g.dbeta = plan.addOutput(a.dbeta, "dbetaOut");
    plan.describeAttribute("numGroups", a.numGroups);
    plan.describeAttribute("swishScale", a.swishScale);
    g.swishScale = a.swishScale;
    planGroupNormGrad(plan, p, g);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnGroupNormSwishGradGetWorkspaceSize(const aclTensor *dy, const aclTensor *mean, const aclTensor *rstd,
                                                    const aclTensor *x, const aclTensor *gamma, const aclTensor *beta,
                                                    int64_t numGroups, char *dataFormatOptional, double swishScale,
                                                    bool dgammaIsRequire, bool dbetaIsRequire, const aclTensor *dxOut,
                                                    const aclTensor *dgammaOut, const aclTensor *dbetaOut,
                                                    uint64_t *workspaceSize, aclOpExecutor **executor) {
    aclcl::Args args{dy,
                     mean,
                     rstd,
                     x,
                     gamma,
                     beta,
                     numGroups,
                     dataFormatOptional,
                     swishScale,
                     dgammaIsRequire,
                     dbetaIsRequire,
                     dxOut,
                     dgammaOut,
                     dbetaOut};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnGroupNormSwishGrad(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                    aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}

