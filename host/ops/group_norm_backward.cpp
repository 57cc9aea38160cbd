// aclnnGroupNormBackward (aclnnop/aclnn_group_norm_backward.h): the gradient of aclnnGroupNorm with its
// mean and rstd given. GroupNormSwishGrad's kernels without the swish (g = dy), gamma optional, each output
// as outputMask says (ops/group_norm_grad.cpp). The contract, in check order: docs/ops/group_norm_backward.md.
#include "aclnnop/aclnn_group_norm_backward.h"

#include "common/checked_math.h"
#include "ops/group_norm_grad.h"
#include "ops/group_norm_shape.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnGroupNormBackward";

// CANN's A2/A3 limits on the channels (per group and in all).
constexpr int64_t kMaxChannelsPerGroup = 8000, kMaxChannels = 240000;

struct Args {
    const aclTensor *gradOut, *input, *mean, *rstd, *gamma;
    int64_t n, c, hxw, group;
    const aclBoolArray *outputMask;
    const aclTensor *gradInput, *gradGamma, *gradBeta;
    bool want[3] = {false, false, false};
};

void checkNumel(const char *op, const aclTensor *t, const char *arg, int64_t expected, const char *what) {
    if (t->numel() == expected) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to hold %s = %lld elements, but found shape %s (%lld).",
                                            op, arg, what, static_cast<long long>(expected), t->shapeString().c_str(),
                                            static_cast<long long>(t->numel())));
}

// The checks in the contract's order: null inputs (161001); outputMask and the flagged outputs (161002,
// as CANN's code has it); dtypes; group and the channel limits; element counts; then this
// implementation's own (views, outputs not self-overlapping, the plane count).
GroupNormShape validate(const char *op, Args &a) {
    checkNotNull(op, a.gradOut, "gradOut");
    checkNotNull(op, a.input, "input");
    checkNotNull(op, a.mean, "mean");
    checkNotNull(op, a.rstd, "rstd");
    if (!a.outputMask) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected outputMask (aclBoolArray of 3) but instead found nullptr.", op));
    }
    if (a.outputMask->values.size() != 3) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected outputMask to hold 3 values, but found %zu.", op,
                                                a.outputMask->values.size()));
    }
    const aclTensor *outs[3] = {a.gradInput, a.gradGamma, a.gradBeta};
    const char *outNames[3] = {"gradInput", "gradGammaOut", "gradBetaOut"};
    for (int i = 0; i < 3; ++i) {
        a.want[i] = a.outputMask->values[static_cast<size_t>(i)];
        if (a.want[i] && !outs[i]) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Expected %s (outputMask[%d] is true) but instead found nullptr.", op, outNames[i], i));
        }
    }

    checkDtypeIn(op, a.gradOut, "gradOut", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    checkSameDtype(op, a.gradOut, "gradOut", a.input, "input");
    checkSameDtype(op, a.gradOut, "gradOut", a.mean, "mean");
    checkSameDtype(op, a.gradOut, "gradOut", a.rstd, "rstd");
    if (a.gamma) checkSameDtype(op, a.gradOut, "gradOut", a.gamma, "gamma");
    for (int i = 0; i < 3; ++i) {
        if (a.want[i]) checkSameDtype(op, a.gradOut, "gradOut", outs[i], outNames[i]);
    }

    if (a.group <= 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected group to be > 0, but found %lld.", op, static_cast<long long>(a.group)));
    }
    if (a.c % a.group != 0) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected C = %lld to be divisible by group = %lld.", op,
                                                static_cast<long long>(a.c), static_cast<long long>(a.group)));
    }
    if (a.c / a.group > kMaxChannelsPerGroup || a.c > kMaxChannels) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected C / group <= %lld and C <= %lld, but found C = %lld, group = %lld.", op,
                       static_cast<long long>(kMaxChannelsPerGroup), static_cast<long long>(kMaxChannels),
                       static_cast<long long>(a.c), static_cast<long long>(a.group)));
    }

    checkView(op, a.gradOut, "gradOut");
    checkViews(op, {{a.input, "input"}, {a.mean, "mean"}, {a.rstd, "rstd"}});
    if (a.gamma) checkView(op, a.gamma, "gamma");
    for (int i = 0; i < 3; ++i) {
        if (a.want[i]) checkView(op, outs[i], outNames[i]);
    }
    if (a.n < 0 || a.c < 0 || a.hxw < 0) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected N, C and HxW >= 0, but found %lld, %lld, %lld.", op,
                                                static_cast<long long>(a.n), static_cast<long long>(a.c),
                                                static_cast<long long>(a.hxw)));
    }
    int64_t nc = 0, numel = 0, stats = 0;
    if (!checkedMul(a.n, a.c, &nc) || !checkedMul(nc, a.hxw, &numel) || !checkedMul(a.n, a.group, &stats)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected N * C * HxW and N * group to fit in int64, but found N = %lld, C = %lld, "
                       "HxW = %lld, group = %lld.",
                       op, static_cast<long long>(a.n), static_cast<long long>(a.c), static_cast<long long>(a.hxw),
                       static_cast<long long>(a.group)));
    }
    checkNumel(op, a.gradOut, "gradOut", numel, "N * C * HxW");
    checkNumel(op, a.input, "input", numel, "N * C * HxW");
    checkNumel(op, a.mean, "mean", stats, "N * group");
    checkNumel(op, a.rstd, "rstd", stats, "N * group");
    if (a.gamma) checkNumel(op, a.gamma, "gamma", a.c, "C");
    if (a.want[0]) {
        checkSameShape(op, a.input, "input", a.gradInput, "gradInput");
        checkNoSelfOverlap(op, a.gradInput, "gradInput");
    }
    for (int i = 1; i < 3; ++i) {
        if (!a.want[i]) continue;
        checkChannelOutput(op, outs[i], outNames[i], a.c);
        checkNoSelfOverlap(op, outs[i], outNames[i]);
    }
    return groupNormShapeOf(op, a.n, a.c, a.hxw, a.group);
}

void plan(OpPlan &plan, const Args &args) {
    Args a = args;
    const GroupNormShape s = validate(plan.checkName(), a);
    GroupNormGrad g;
    g.dtype = a.gradOut->dtype;
    g.dy = plan.addInput(a.gradOut, "gradOut");
    g.x = plan.addInput(a.input, "input");
    g.mean = plan.addInput(a.mean, "mean");
    g.rstd = plan.addInput(a.rstd, "rstd");
    g.hasGamma = a.gamma != nullptr;
    if (g.hasGamma) g.gamma = plan.addInput(a.gamma, "gamma");
    g.swish = false;
    g.wantDx = a.want[0];
    g.wantDgamma = a.want[1];
    g.wantDbeta = a.want[2];
    if (g.wantDx) g.dx = plan.addOutput(a.gradInput, "gradInput");
    if (g.wantDgamma) g.dgamma = plan.addOutput(a.gradGamma, "gradGammaOut");
    if (g.wantDbeta) g.dbeta = plan.addOutput(a.gradBeta, "gradBetaOut");
    plan.describeAttribute("group", a.group);
    // CANN (A2/A3): an empty gradOut or input writes nothing; nothing wanted, nothing to do.
    if (a.gradOut->isEmpty() || a.input->isEmpty() || !(g.wantDx || g.wantDgamma || g.wantDbeta)) return;
    planGroupNormGrad(plan, s, g);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnGroupNormBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *input,
                                                   const aclTensor *mean, const aclTensor *rstd,
                                                   const aclTensor *gamma, int64_t N, int64_t C, int64_t HxW,
                                                   int64_t group, const aclBoolArray *outputMask,
                                                   aclTensor *gradInput, aclTensor *gradGammaOut,
                                                   aclTensor *gradBetaOut, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor) {
    const aclcl::Args args{gradOut, input, mean, rstd,       gamma,     N,           C,
                           HxW,     group, outputMask, gradInput, gradGammaOut, gradBetaOut};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnGroupNormBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
