// aclnnNLLLossBackward (aclnnop/aclnn_nll_loss_backward.h): the gradient of aclnnNLLLoss with respect to
// self. One work-item per element of out (cl_kernels/nll_loss.cl, nll_backward): a gather, no sums, so
// every run gives the same bits. The contract, in check order: docs/ops/nll_loss_backward.md.
#include "aclnnop/aclnn_nll_loss_backward.h"

#include "engines/elementwise.h"
#include "ops/nll_loss_common.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnNLLLossBackward";

struct Args {
    const aclTensor *gradOutput, *self, *target, *weight;
    int64_t reduction, ignoreIndex;
    const aclTensor *totalWeight, *out;
};

// The checks in the contract's order: nulls; dtypes (self's list, gradOutput / weight / totalWeight as self,
// target's list, self castable to out); reduction; shapes; then this implementation's own.
NllShape validate(const char *op, const Device &device, const Args &a) {
    checkNotNull(op, a.gradOutput, "gradOutput");
    checkNotNull(op, a.self, "self");
    checkNotNull(op, a.target, "target");
    checkNotNull(op, a.weight, "weight");
    checkNotNull(op, a.totalWeight, "totalWeight");
    checkNotNull(op, a.out, "out");

    checkDtypeIn(op, a.self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    checkSameDtype(op, a.self, "self", a.gradOutput, "gradOutput");
    checkSameDtype(op, a.self, "self", a.weight, "weight");
    checkSameDtype(op, a.self, "self", a.totalWeight, "totalWeight");
    checkDtypeIn(op, a.target, "target", {ACL_INT64, ACL_UINT8, ACL_INT32});
    checkCastsTo(op, a.self->dtype, "self", a.out, "out");

    checkNllReduction(op, a.reduction);

    checkViews(op, {{a.gradOutput, "gradOutput"}, {a.self, "self"}, {a.target, "target"}, {a.weight, "weight"},
                    {a.totalWeight, "totalWeight"}, {a.out, "out"}});
    const NllShape s = checkNllShapes(op, a.self, a.target, a.weight);
    if (a.totalWeight->numel() != 1) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected totalWeight to hold one element, but found shape %s.",
                                                op, a.totalWeight->shapeString().c_str()));
    }
    if (a.reduction == kNllNone && a.self->rank() == 2) {
        checkShapeIs(op, a.gradOutput, "gradOutput", {s.rows});
    } else if (a.gradOutput->numel() != 1 || a.gradOutput->rank() > 1) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected gradOutput to hold one element with rank <= 1, but found shape %s.", op,
                       a.gradOutput->shapeString().c_str()));
    }
    checkSameShape(op, a.self, "self", a.out, "out");
    checkNoSelfOverlap(op, a.out, "out");
    requireDeviceSupports(device, a.out->dtype, op, "out");
    return s;
}

void plan(OpPlan &plan, const Args &a) {
    const NllShape s = validate(plan.checkName(), plan.device(), a);
    const size_t iGrad = plan.addInput(a.gradOutput, "gradOutput");
    plan.addInput(a.self, "self");
    const size_t iTarget = plan.addInput(a.target, "target"), iWeight = plan.addInput(a.weight, "weight"),
                 iTw = plan.addInput(a.totalWeight, "totalWeight");
    const size_t oOut = plan.addOutput(a.out, "out");
    plan.describeAttribute("reduction", a.reduction);
    plan.describeAttribute("ignoreIndex", a.ignoreIndex);
    if (a.self->isEmpty()) return;  // CANN: success, nothing written

    const aclDataType dt = a.self->dtype;
    const Operand grad = plan.contiguousInput(iGrad, dt), target = plan.contiguousInput(iTarget, a.target->dtype),
                  weight = plan.contiguousInput(iWeight, dt), tw = plan.contiguousInput(iTw, dt);
    const Operand out = plan.contiguousOutput(oOut, a.out->dtype);
    const bool perRow = a.reduction == kNllNone && a.self->rank() == 2;
    const Defines defines = nllDefines(plan.device(), dt, a.target->dtype, a.out->dtype, ACL_FLOAT,
                                       a.reduction == kNllMean, perRow, a.self->numel());
    ProgramHandle program = plan.program("nll_loss", defines);
    const cl_uint faultSource = nllFaultSource(kApi);
    const cl_long rows = s.rows, classes = s.classes, ignore = a.ignoreIndex;
    plan.launch(plan.kernel(program, "nll_backward"), LaunchSize::linear(static_cast<size_t>(a.self->numel())),
                [=](Kernel &k, RunContext &ctx) {
                    k.args(grad.resolve(ctx), target.resolve(ctx), weight.resolve(ctx), tw.resolve(ctx),
                           out.resolve(ctx), ctx.faultBuffer(), ctx.faultTag(faultSource), rows, classes, ignore);
                });
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnNLLLossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                 const aclTensor *target, const aclTensor *weight, int64_t reduction,
                                                 int64_t ignoreIndex, const aclTensor *totalWeight, aclTensor *out,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{gradOutput, self, target, weight, reduction, ignoreIndex, totalWeight, out};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnNLLLossBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                 aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
