// aclnnUpsampleNearest2d (aclnnop/aclnn_upsample_nearest_2d.h) and aclnnUpsampleNearest2dV2
// (aclnnop/aclnn_upsample_nearest_2d_v2.h, with PyTorch's scales): PyTorch's legacy 'nearest' 2-D resize, a
// gather copy of each element's bytes (cl_kernels/upsample_nearest2d.cl). The contracts, in check order:
// docs/ops/upsample_nearest2d.md and docs/ops/upsample_nearest2d_v2.md.
#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_2d_v2.h"
#include "common/dtype.h"
#include "ops/op_plan.h"
#include "ops/upsample_nearest2d_index.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnUpsampleNearest2d";
constexpr const char *kApiV2 = "aclnnUpsampleNearest2dV2";
// Executor indices, in CANN's argument order.
constexpr size_t kSelf = 0;
constexpr size_t kOut = 0;

constexpr size_t kGroupTarget = 256;  // work-items per group

struct Geometry {
    PoolAxes in, out;
    bool empty = false;  // N == 0: nothing to compute
};

void checkNonZero(const char *op, const aclTensor *self, const aclIntArray *outputSize) {
    // CANN reads view dims 2 and 3 whatever the format, then dim 1: every dim but N must be non-zero.
    if (self->dim(2) == 0 || self->dim(3) == 0 || outputSize->values[0] == 0 || outputSize->values[1] == 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected self's dims 2 and 3 and outputSize's values to be non-zero, but found self "
                       "shape %s and outputSize %s.",
                       op, self->shapeString().c_str(), outputSize->toString().c_str()));
    }
    if (self->dim(1) == 0) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected self with a non-zero dim 1 (only N may be 0), but "
                                                "found self shape %s.",
                                                op, self->shapeString().c_str()));
    }
}

// out 4-D with self's N and C, both read in `layout`.
Geometry checkOutNC(const char *op, const aclTensor *self, const aclTensor *out, aclFormat layout) {
    checkRankIn(op, out, "out", {4});
    Geometry g;
    g.in = upsampleAxes(*self, layout);
    g.out = upsampleAxes(*out, layout);
    if (g.in.N != g.out.N || g.in.C != g.out.C) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected out to have self's N and C (%lld, %lld), but found %lld and %lld (out shape %s).",
                       op, static_cast<long long>(g.in.N), static_cast<long long>(g.in.C),
                       static_cast<long long>(g.out.N), static_cast<long long>(g.out.C), out->shapeString().c_str()));
    }
    return g;
}

void checkOutHW(const char *op, const Geometry &g, const aclIntArray *outputSize, const aclTensor *out) {
    if (g.out.H != outputSize->values[0] || g.out.W != outputSize->values[1]) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected out's H and W to be outputSize %s, but found %lld and %lld (out shape %s).", op,
                       outputSize->toString().c_str(), static_cast<long long>(g.out.H),
                       static_cast<long long>(g.out.W), out->shapeString().c_str()));
    }
}

// CANN's checks in its order: nulls; (views); self's dtype, out's = self's; outputSize's length, self
// 4-D, dims 2 and 3 and outputSize non-zero, dim 1 non-zero; self's format NCHW or NHWC, out's = self's;
// out 4-D with self's N and C; out's H and W = outputSize; each dim below 2^31; (fp64 on the device, out
// not self-overlapping); the empty rule (N == 0: nothing to do). The parenthesised checks are ours.
Geometry validate(const char *op, const Device &device, const aclTensor *self, const aclIntArray *outputSize,
                  const aclTensor *out) {
    checkNotNull(op, self, "self");
    checkNotNull(op, outputSize, "outputSize");
    checkNotNull(op, out, "out");
    checkViews(op, {{self, "self"}, {out, "out"}});

    checkDtypeIn(op, self, "self", {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_UINT8, ACL_BF16});
    checkSameDtype(op, self, "self", out, "out");
    checkArraySize(op, outputSize, "outputSize", 2);
    checkRankIn(op, self, "self", {4});
    checkNonZero(op, self, outputSize);

    checkFormatIn(op, self, "self", {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC});
    if (self->format != out->format) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected out to have the format of self (%d), but found %d.", op,
                       static_cast<int>(self->format), static_cast<int>(out->format)));
    }
    Geometry g = checkOutNC(op, self, out, self->format);
    checkOutHW(op, g, outputSize, out);
    for (const auto &[t, name] : {std::pair<const aclTensor *, const char *>{self, "self"}, {out, "out"}}) {
        for (int64_t d : t->viewDims) {
            if (d <= INT32_MAX) continue;
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected every dim of %s to be at most %d, but found shape %s.",
                                                    op, name, INT32_MAX, t->shapeString().c_str()));
        }
    }
    requireDeviceSupports(device, self->dtype, op, "self");
    checkNoSelfOverlap(op, out, "out");
    g.empty = self->isEmpty();
    return g;
}

// V2, in CANN's order: nulls (self, out; outputSize ours); (views); an empty self or out is a success
// before any other check; self's dtype, out's = self's; outputSize's length, self 4-D, dims 2 and 3 and
// outputSize non-zero, dim 1 non-zero; out 4-D with self's N and C; out's format NCHW or NHWC; out's H and W
// = outputSize; (fp64 on the device, out not self-overlapping). Self's format is not checked: out's format
// decides the layout of both.
Geometry validateV2(const char *op, const Device &device, const aclTensor *self, const aclIntArray *outputSize,
                    const aclTensor *out) {
    checkNotNull(op, self, "self");
    checkNotNull(op, out, "out");
    checkNotNull(op, outputSize, "outputSize");
    checkViews(op, {{self, "self"}, {out, "out"}});
    if (self->isEmpty() || out->isEmpty()) {
        Geometry g;
        g.empty = true;
        return g;
    }
    checkDtypeIn(op, self, "self", {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_UINT8, ACL_BF16});
    checkSameDtype(op, self, "self", out, "out");
    checkArraySize(op, outputSize, "outputSize", 2);
    checkRankIn(op, self, "self", {4});
    checkNonZero(op, self, outputSize);
    Geometry g = checkOutNC(op, self, out, out->format);
    checkFormatIn(op, out, "out", {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC});
    checkOutHW(op, g, outputSize, out);
    requireDeviceSupports(device, self->dtype, op, "self");
    checkNoSelfOverlap(op, out, "out");
    return g;
}

struct Args {
    const aclTensor *self;
    const aclIntArray *outputSize;
    const aclTensor *out;
    bool v2 = false;
    double scalesH = 0, scalesW = 0;  // V2's (a float each); <= 0: the sizes' ratio
};

void plan(OpPlan &plan, const Args &a) {
    const Geometry g = a.v2 ? validateV2(plan.checkName(), plan.device(), a.self, a.outputSize, a.out)
                            : validate(plan.checkName(), plan.device(), a.self, a.outputSize, a.out);
    plan.addInput(a.self, "self");
    plan.addOutput(a.out, "out");
    plan.describeAttribute("outputSize", a.outputSize);
    if (a.v2) {
        plan.describeAttribute("scalesH", a.scalesH);
        plan.describeAttribute("scalesW", a.scalesW);
    }
    if (g.empty) return;

    // The layout of both tensors: self's format (checked equal to out's) or, in V2, out's.
    const PoolAxes in = upsampleAxes(plan.input(kSelf), a.out->format),
                   out = upsampleAxes(plan.output(kOut), a.out->format);
    const bool shortcuts = forwardShortcuts(a.out->format == ACL_FORMAT_NHWC, in.C, in.H, in.W);
    const NearestAxis h = nearestAxis(in.H, out.H, a.scalesH, shortcuts),
                      w = nearestAxis(in.W, out.W, a.scalesW, shortcuts);
    const int64_t planes = in.N * in.C;
    Defines defines;
    const bool rowKernel = walkingKernelFits(plan.device(), static_cast<double>(out.W));
    defines.raw("ELEM", dtypeSize(a.self->dtype))
        .index(upsampleWideIndex(a.self, a.out, planes, in.H, in.W, out.H, out.W))
        .flag("VEC_COPY", rowKernel && dtypeSize(a.self->dtype) <= 8 && plan.device().packsWorkItems);
    ProgramHandle program = plan.program("upsample_nearest2d", defines);
    const Operand src{Operand::Where::Input, kSelf, 0, a.self->dtype};
    const Operand dst{Operand::Where::Output, kOut, 0, a.out->dtype};
    auto bind = [=](Kernel &k, RunContext &ctx, auto... extra) {
        k.args(src.resolve(ctx), dst.resolve(ctx), in.H, in.W, out.H, out.W, in.C, planes, h.mode, h.scale, w.mode,
               w.scale, in.sN, in.sC, in.sH, in.sW, out.sN, out.sC, out.sH, out.sW, extra...);
    };
    // CPUs (the walking kernels, kernels/launch.h), rows within the walk bound: out rows per work-item
    // (kernels/launch.h's rowWalk).
    if (rowKernel) {
        auto kernel = plan.kernel(program, "upsample_nearest2d_fwd_rows");
        const RowWalk walk =
            rowWalk(plan.device(), kernel->maxWorkGroupSize(), out.H, static_cast<double>(out.W), planes);
        const cl_long rows = walk.rowsPerItem;
        plan.launch(kernel, walk.size, [=](Kernel &k, RunContext &ctx) { bind(k, ctx, rows); },
                    plan.logging() ? walk.describe() : std::string());
        return;
    }
    auto kernel = plan.kernel(program, "upsample_nearest2d_fwd");
    const size_t global[3] = {static_cast<size_t>(out.W), static_cast<size_t>(out.H), static_cast<size_t>(planes)};
    size_t local[3];
    fillLocalSize(plan.device(), kernel->maxWorkGroupSize(), global, kGroupTarget, local);
    plan.launch(kernel, LaunchSize::grid(3, global, local), [=](Kernel &k, RunContext &ctx) { bind(k, ctx); });
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnUpsampleNearest2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *outputSize,
                                                   aclTensor *out, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor) {
    const aclcl::Args args{self, outputSize, out, false, 0.0, 0.0};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnUpsampleNearest2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearest2dV2GetWorkspaceSize(const aclTensor *self, const aclIntArray *outputSize, float scalesH,
                                                     float scalesW, aclTensor *out, uint64_t *workspaceSize,
                                                     aclOpExecutor **executor) {
    const aclcl::Args args{self, outputSize, out, true, scalesH, scalesW};
    return aclcl::planOperator(aclcl::kApiV2, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnUpsampleNearest2dV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApiV2, workspace, workspaceSize, executor, stream);
}
