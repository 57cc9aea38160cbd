// aclnnGroupNorm (aclnnop/aclnn_group_norm.h): GroupNormSwish's kernel without the swish
// (ops/group_norm_forward.cpp), with GroupNorm's own checks and arguments (N, C, HxW, group, eps),
// gamma/beta optional and the statistics in self's dtype. The contract, in check order:
// docs/ops/group_norm.md.
#include "aclnnop/aclnn_group_norm.h"

#include <limits>

#include "engines/reduction.h"
#include "ops/group_norm_forward.h"
#include "ops/group_norm_shape.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnGroupNorm";

struct Args {
    const aclTensor *self, *gamma, *beta;
    int64_t n, c, hxw, group;
    double eps;
    const aclTensor *out, *mean, *rstd;
};

void checkDimArg(const char *op, const char *what, int64_t found, const char *arg, int64_t given) {
    if (found == given) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s = %lld to equal the argument %s = %lld.", op, what,
                                            static_cast<long long>(found), arg, static_cast<long long>(given)));
}

// The checks in the contract's order: nulls; dtypes (everything in self's dtype); group, C % group, eps;
// self's rank and the shapes against N, C, HxW; formats; then this implementation's own (views, outputs
// not self-overlapping, the plane count).
GroupNormShape validate(const char *op, const Args &a) {
    checkNotNull(op, a.self, "self");
    checkNotNull(op, a.out, "out");
    checkNotNull(op, a.mean, "meanOut");
    checkNotNull(op, a.rstd, "rstdOut");

    checkDtypeIn(op, a.self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    if (a.gamma) checkSameDtype(op, a.self, "self", a.gamma, "gamma");
    if (a.beta) checkSameDtype(op, a.self, "self", a.beta, "beta");
    checkSameDtype(op, a.self, "self", a.out, "out");
    checkSameDtype(op, a.self, "self", a.mean, "meanOut");
    checkSameDtype(op, a.self, "self", a.rstd, "rstdOut");

    if (a.group <= 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected group to be > 0, but found %lld.", op, static_cast<long long>(a.group)));
    }
    if (a.c % a.group != 0) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected C = %lld to be divisible by group = %lld.", op,
                                                static_cast<long long>(a.c), static_cast<long long>(a.group)));
    }
    if (!(a.eps > 0)) fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected eps to be > 0, but found %g.", op, a.eps));

    checkRankIn(op, a.self, "self", {2, 3, 4, 5, 6, 7, 8});
    checkViews(op, {{a.self, "self"}, {a.out, "out"}, {a.mean, "meanOut"}, {a.rstd, "rstdOut"}});
    if (a.gamma) checkView(op, a.gamma, "gamma");
    if (a.beta) checkView(op, a.beta, "beta");
    checkSameShape(op, a.self, "self", a.out, "out");
    checkShapeIs(op, a.mean, "meanOut", {a.n, a.group});
    checkShapeIs(op, a.rstd, "rstdOut", {a.n, a.group});
    checkDimArg(op, "self.shape[0]", a.self->dim(0), "N", a.n);
    checkDimArg(op, "self.shape[1]", a.self->dim(1), "C", a.c);
    int64_t spatial = 1;
    for (int64_t d = 2; d < a.self->rank(); ++d) spatial *= a.self->dim(d);
    checkDimArg(op, "the product of self.shape[2:]", spatial, "HxW", a.hxw);
    if (a.gamma) checkShapeIs(op, a.gamma, "gamma", {a.c});
    if (a.beta) checkShapeIs(op, a.beta, "beta", {a.c});

    for (auto [t, name] : {std::pair<const aclTensor *, const char *>{a.self, "self"}, {a.out, "out"}}) {
        checkFormatIn(op, t, name, {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NCDHW, ACL_FORMAT_NC, ACL_FORMAT_NCL});
    }
    if (a.self->format != a.out->format) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected out to have self's format (%d), but found %d.", op,
                                                static_cast<int>(a.self->format), static_cast<int>(a.out->format)));
    }

    checkNoSelfOverlap(op, a.out, "out");
    checkNoSelfOverlap(op, a.mean, "meanOut");
    checkNoSelfOverlap(op, a.rstd, "rstdOut");
    return groupNormShapeOf(op, a.n, a.c, a.hxw, a.group);
}

void plan(OpPlan &plan, const Args &a) {
    const GroupNormShape s = validate(plan.checkName(), a);
    GroupNormForward f;
    f.x = plan.addInput(a.self, "self");
    f.hasGamma = a.gamma != nullptr;
    f.hasBeta = a.beta != nullptr;
    if (f.hasGamma) f.gamma = plan.addInput(a.gamma, "gamma");
    if (f.hasBeta) f.beta = plan.addInput(a.beta, "beta");
    f.y = plan.addOutput(a.out, "out");
    f.mean = plan.addOutput(a.mean, "meanOut");
    f.rstd = plan.addOutput(a.rstd, "rstdOut");
    plan.describeAttribute("group", a.group);
    plan.describeAttribute("eps", a.eps);

    if (a.self->isEmpty()) {
        // CANN: the statistics of empty groups are mean 0 and rstd NaN; out (empty) is not touched.
        if (!a.mean->isEmpty()) {
            planReductionFill(plan, f.mean, 0.0);
            planReductionFill(plan, f.rstd, std::numeric_limits<double>::quiet_NaN());
        }
        return;
    }
    f.xType = f.pType = a.self->dtype;
    f.eps = a.eps;
    f.xNumel = a.self->numel();
    planGroupNormForward(plan, s, f);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnGroupNormGetWorkspaceSize(const aclTensor *self, const aclTensor *gamma, const aclTensor *beta,
                                           int64_t N, int64_t C, int64_t HxW, int64_t group, double eps,
                                           aclTensor *out, aclTensor *meanOut, aclTensor *rstdOut,
                                           uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{self, gamma, beta, N, C, HxW, group, eps, out, meanOut, rstdOut};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnGroupNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
