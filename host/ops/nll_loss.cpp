// aclnnNLLLoss (aclnnop/aclnn_nll_loss.h): the negative log-likelihood loss. Reduction none: one work-item
// per row (cl_kernels/nll_loss.cl, nll_none). Mean and sum: block partials of 4096 rows, then one work-group
// adding them, both in one fixed order of 64 virtual lanes and a tree (bit-identical on every run and for
// any work-group size); a single block in one launch with the same bits (nll_single). The contract, in check
// order: docs/ops/nll_loss.md.
#include "aclnnop/aclnn_nll_loss.h"

#include <limits>

#include "engines/elementwise.h"
#include "engines/reduction.h"
#include "ops/nll_loss_common.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnNLLLoss";
constexpr int64_t kBlock = 64 * 64;  // rows per partial (NLL_BLOCK)

struct Args {
    const aclTensor *self, *target, *weight;
    int64_t reduction, ignoreIndex;
    const aclTensor *out, *totalWeight;
};

void checkOneElement(const char *op, const aclTensor *t, const char *arg, bool rankAtMostOne) {
    if (t->numel() == 1 && (!rankAtMostOne || t->rank() <= 1)) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected %s to hold one element%s, but found shape %s.", op, arg,
                   rankAtMostOne ? " with rank <= 1" : "", t->shapeString().c_str()));
}

// The checks in the contract's order: nulls; dtypes (weight as self, self castable to out and to
// totalWeightOut, self's list, target's list); reduction; shapes; then this implementation's own (views,
// outputs not self-overlapping, the device's fp64 for a DOUBLE out).
NllShape validate(const char *op, const Device &device, const Args &a) {
    checkNotNull(op, a.self, "self");
    checkNotNull(op, a.target, "target");
    checkNotNull(op, a.weight, "weight");
    checkNotNull(op, a.out, "out");
    checkNotNull(op, a.totalWeight, "totalWeightOut");

    checkSameDtype(op, a.self, "self", a.weight, "weight");
    checkCastsTo(op, a.self->dtype, "self", a.out, "out");
    checkCastsTo(op, a.self->dtype, "self", a.totalWeight, "totalWeightOut");
    checkDtypeIn(op, a.self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    checkDtypeIn(op, a.target, "target", {ACL_INT64, ACL_UINT8, ACL_INT32});

    checkNllReduction(op, a.reduction);

    checkViews(op, {{a.self, "self"}, {a.target, "target"}, {a.weight, "weight"}, {a.out, "out"},
                    {a.totalWeight, "totalWeightOut"}});
    const NllShape s = checkNllShapes(op, a.self, a.target, a.weight);
    if (a.reduction == kNllNone && a.self->rank() == 2) {
        checkShapeIs(op, a.out, "out", {s.rows});
    } else {
        checkOneElement(op, a.out, "out", true);
    }
    checkOneElement(op, a.totalWeight, "totalWeightOut", false);
    if (s.classes == 0 && !a.target->isEmpty()) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected a non-empty self for the non-empty target %s, but found "
                                                "self %s.",
                                                op, a.target->shapeString().c_str(), a.self->shapeString().c_str()));
    }
    checkNoSelfOverlap(op, a.out, "out");
    requireDeviceSupports(device, a.out->dtype, op, "out");
    requireDeviceSupports(device, a.totalWeight->dtype, op, "totalWeightOut");
    return s;
}

void plan(OpPlan &plan, const Args &a) {
    const NllShape s = validate(plan.checkName(), plan.device(), a);
    const size_t iSelf = plan.addInput(a.self, "self"), iTarget = plan.addInput(a.target, "target"),
                 iWeight = plan.addInput(a.weight, "weight");
    const size_t oOut = plan.addOutput(a.out, "out"), oTw = plan.addOutput(a.totalWeight, "totalWeightOut");
    plan.describeAttribute("reduction", a.reduction);
    plan.describeAttribute("ignoreIndex", a.ignoreIndex);

    if (s.rows == 0) {
        // No row: none writes nothing; mean is 0 / 0 (NaN) and sum 0, with a total weight of 0.
        if (a.reduction == kNllNone) return;
        planReductionFill(plan, oOut, a.reduction == kNllMean ? std::numeric_limits<double>::quiet_NaN() : 0.0);
        planReductionFill(plan, oTw, 0.0);
        return;
    }
    const Operand self = plan.contiguousInput(iSelf, a.self->dtype),
                  target = plan.contiguousInput(iTarget, a.target->dtype),
                  weight = plan.contiguousInput(iWeight, a.weight->dtype);
    const Operand out = plan.contiguousOutput(oOut, a.out->dtype);
    const bool none = a.reduction == kNllNone;
    const Operand tw = none ? Operand{} : plan.contiguousOutput(oTw, a.totalWeight->dtype);

    const Defines defines = nllDefines(plan.device(), a.self->dtype, a.target->dtype, a.out->dtype,
                                       none ? ACL_FLOAT : a.totalWeight->dtype, a.reduction == kNllMean, false,
                                       a.self->numel());
    ProgramHandle program = plan.program("nll_loss", defines);
    const cl_uint faultSource = nllFaultSource(kApi);
    const cl_long rows = s.rows, classes = s.classes, ignore = a.ignoreIndex;

    if (none) {
        const size_t global = static_cast<size_t>(s.rows);
        plan.launch(plan.kernel(program, "nll_none"), LaunchSize::linear(global), [=](Kernel &k, RunContext &ctx) {
            k.args(self.resolve(ctx), target.resolve(ctx), weight.resolve(ctx), out.resolve(ctx), ctx.faultBuffer(),
                   ctx.faultTag(faultSource), rows, classes, ignore);
        });
        return;
    }
    const int64_t blocks = (s.rows + kBlock - 1) / kBlock;
    const size_t items = static_cast<size_t>(nllItems(plan.device()));
    if (blocks == 1) {  // one launch: a call's fixed cost is most of a small loss's time
        plan.launch(plan.kernel(program, "nll_single"), LaunchSize::grid(1, &items, &items),
                    [=](Kernel &k, RunContext &ctx) {
                        k.args(self.resolve(ctx), target.resolve(ctx), weight.resolve(ctx), ctx.faultBuffer(),
                               ctx.faultTag(faultSource), rows, classes, ignore, out.resolve(ctx), tw.resolve(ctx));
                    });
        return;
    }
    const Operand partials = plan.workspaceOperand(static_cast<uint64_t>(2 * blocks), ACL_FLOAT);
    const size_t partialsGlobal = static_cast<size_t>(blocks) * items;
    plan.launch(plan.kernel(program, "nll_partials"), LaunchSize::grid(1, &partialsGlobal, &items),
                [=](Kernel &k, RunContext &ctx) {
                    k.args(self.resolve(ctx), target.resolve(ctx), weight.resolve(ctx), partials.resolve(ctx),
                           ctx.faultBuffer(), ctx.faultTag(faultSource), rows, classes, ignore);
                });
    const cl_long blockCount = blocks;
    plan.launch(plan.kernel(program, "nll_final"), LaunchSize::grid(1, &items, &items),
                [=](Kernel &k, RunContext &ctx) {
                    k.args(partials.resolve(ctx), blockCount, out.resolve(ctx), tw.resolve(ctx));
                });
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnNLLLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target, const aclTensor *weight,
                                         int64_t reduction, int64_t ignoreIndex, aclTensor *out,
                                         aclTensor *totalWeightOut, uint64_t *workspaceSize,
                                         aclOpExecutor **executor) {
    const aclcl::Args args{self, target, weight, reduction, ignoreIndex, out, totalWeightOut};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnNLLLoss(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
