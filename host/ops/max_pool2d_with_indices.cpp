// aclnnMaxPool2dWithIndices (aclnnop/aclnn_max_pool2d_with_indices.h): 2-D max pooling that also
// records where each maximum came from (cl_kernels/max_pool2d_with_indices.cl). The contract, in
// check order: docs/ops/max_pool2d_with_indices.md.
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "common/dtype.h"
#include "ops/max_pool2d_window.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnMaxPool2dWithIndices";
// Executor indices, in CANN's argument order.
constexpr size_t kSelf = 0;
constexpr size_t kOut = 0, kIndices = 1;

constexpr size_t kElementGroupTarget = 256;  // work-items per group, element kernel
constexpr size_t kRowGroupTarget = 64;        // rows per group, row kernel

struct Geometry : PoolGeometry {
    bool nhwc = false;
    bool empty = false;  // N == 0: nothing to compute
};

// CANN's checks in its order: nulls (all seven); (views); self's dtype, out's = self's, indices';
// (fp16 on the device); formats (out's = self's, one of ND/NCHW/NHWC); self 3-D or 4-D; the
// attributes (max_pool2d_window.h); C, H, W non-zero; the pooled size > 0; out's shape; indices'
// shape = out's; (out, indices not self-overlapping); the empty rule (only N may be 0). The
// parenthesised checks are ours.
Geometry validate(const char *op, const Device &device, const aclTensor *self, const aclIntArray *kernelSize,
                  const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation, bool ceilMode,
                  const aclTensor *out, const aclTensor *indices) {
    checkNotNull(op, self, "self");
    checkNotNull(op, kernelSize, "kernelSize");
    checkNotNull(op, stride, "stride");
    checkNotNull(op, padding, "padding");
    checkNotNull(op, dilation, "dilation");
    checkNotNull(op, out, "out");
    checkNotNull(op, indices, "indices");
    checkViews(op, {{self, "self"}, {out, "out"}, {indices, "indices"}});

    checkDtypeIn(op, self, "self", {ACL_FLOAT16, ACL_FLOAT, ACL_BF16});
    checkSameDtype(op, self, "self", out, "out");
    checkDtypeIn(op, indices, "indices", {ACL_INT64, ACL_INT32});
    requireDeviceSupports(device, self->dtype, op, "self");

    if (self->format != out->format) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected out to have the format of self (%d), but found %d.", op,
                       static_cast<int>(self->format), static_cast<int>(out->format)));
    }
    // NCL: what torch_npu and DIOPI tag every 3-D tensor with (channels first, as ND and NCHW).
    checkFormatIn(op, self, "self", {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_NCL});
    checkRankIn(op, self, "self", {3, 4});

    const PoolWindow win = readPoolWindow(op, kernelSize, stride, padding, dilation, ceilMode);
    Geometry g;
    g.nhwc = self->format == ACL_FORMAT_NHWC;
    static_cast<PoolGeometry &>(g) = poolGeometry(op, win, poolAxes(*self, g.nhwc), self);
    checkShapeIs(op, out, "out", pooledShape(self, g.nhwc, g));
    checkSameShape(op, out, "out", indices, "indices");
    checkNoSelfOverlap(op, out, "out");
    checkNoSelfOverlap(op, indices, "indices");
    g.empty = self->isEmpty();  // N == 0 (C, H, W are non-zero)
    return g;
}

struct Args {
    const aclTensor *self;
    const aclIntArray *kernelSize, *stride, *padding, *dilation;
    bool ceilMode;
    const aclTensor *out, *indices;
};

void plan(OpPlan &plan, const Args &a) {
    const Geometry g = validate(plan.checkName(), plan.device(), a.self, a.kernelSize, a.stride, a.padding,
                                a.dilation, a.ceilMode, a.out, a.indices);
    plan.addInput(a.self, "self");
    plan.addOutput(a.out, "out");
    plan.addOutput(a.indices, "indices");
    describePoolAttributes(plan, a.kernelSize, a.stride, a.padding, a.dilation, a.ceilMode);
    if (g.empty) return;

    const PoolAxes in = poolAxes(plan.input(kSelf), g.nhwc), out = poolAxes(plan.output(kOut), g.nhwc),
                   idx = poolAxes(plan.output(kIndices), g.nhwc);
    const PoolWindow &w = g.win;
    const int64_t planes = g.N * g.C;
    const bool wide = poolWideIndex(g, a.self, a.out, a.indices);

    const aclDataType dt = a.self->dtype;
    Defines defines;
    defines.slot("IN", dt)
        .slot("IDX", a.indices->dtype)
        .value("NEG_INF_BITS", dt == ACL_FLOAT ? 0xff800000LL : dt == ACL_FLOAT16 ? 0xfc00LL : 0xff80LL)
        .index(wide);
    ProgramHandle program = plan.program("max_pool2d_with_indices", defines);
    const Operand src{Operand::Where::Input, kSelf, 0, dt};
    const Operand dst{Operand::Where::Output, kOut, 0, dt};
    const Operand dstIdx{Operand::Where::Output, kIndices, 0, a.indices->dtype};
    const int64_t C = g.C, H = g.H, W = g.W, OH = g.OH, OW = g.OW;
    auto bind = [=](Kernel &k, RunContext &ctx) {
        k.args(src.resolve(ctx), dst.resolve(ctx), dstIdx.resolve(ctx), H, W, OH, OW, w.kH, w.kW, w.sH, w.sW, w.pH,
               w.pW, w.dH, w.dW, C, planes, in.sN, in.sC, in.sH, in.sW, out.sN, out.sC, out.sH, out.sW, idx.sN,
               idx.sC, idx.sH, idx.sW);
    };
    // GPUs and output rows whose windows hold more than kMaxWalkTrips taps in all (launch.h): one
    // work-item per output.
    const double rowTrips = static_cast<double>(OW) * static_cast<double>(w.kH) * static_cast<double>(w.kW);
    if (!walkingKernelFits(plan.device(), rowTrips)) {
        auto kernel = plan.kernel(program, "max_pool2d_fwd");
        const size_t global[3] = {static_cast<size_t>(OW), static_cast<size_t>(OH), static_cast<size_t>(planes)};
        size_t local[3];
        fillLocalSize(plan.device(), kernel->maxWorkGroupSize(), global, kElementGroupTarget, local);
        plan.launch(kernel, LaunchSize::grid(3, global, local), bind);
        return;
    }
    // CPUs: one work-item per output row. Float self with unit-stride rows and one of the common square
    // windows (kernel 2 or 3, stride 1 or 2, no dilation) gets the row kernel specialised to the window
    // (the padding stays an argument): few programs to build, the networks' usual shapes fast.
    const bool commonWindow = w.kH == w.kW && w.sH == w.sW && w.dH == 1 && w.dW == 1 && (w.kH == 2 || w.kH == 3) &&
                              (w.sH == 1 || w.sH == 2);
    const bool fixed = dt == ACL_FLOAT && in.sW == 1 && commonWindow;
    if (fixed) {
        defines.value("FIXED_KH", w.kH)
            .value("FIXED_KW", w.kW)
            .value("FIXED_SH", w.sH)
            .value("FIXED_SW", w.sW)
            .value("FIXED_DH", w.dH)
            .value("FIXED_DW", w.dW);
        program = plan.program("max_pool2d_with_indices", defines);
    }
    auto kernel = plan.kernel(program, fixed ? "max_pool2d_fwd_rows_fixed" : "max_pool2d_fwd_rows");
    const size_t global[3] = {static_cast<size_t>(OH), static_cast<size_t>(planes), 1};
    size_t local[3];
    fillLocalSize(plan.device(), kernel->maxWorkGroupSize(), global, kRowGroupTarget, local);
    plan.launch(kernel, LaunchSize::grid(2, global, local), bind);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnMaxPool2dWithIndicesGetWorkspaceSize(const aclTensor *self, const aclIntArray *kernelSize,
                                                      const aclIntArray *stride, const aclIntArray *padding,
                                                      const aclIntArray *dilation, bool ceilMode, aclTensor *out,
                                                      aclTensor *indices, uint64_t *workspaceSize,
                                                      aclOpExecutor **executor) {
    const aclcl::Args args{self, kernelSize, stride, padding, dilation, ceilMode, out, indices};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnMaxPool2dWithIndices(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
