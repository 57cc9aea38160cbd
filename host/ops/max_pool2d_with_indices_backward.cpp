// aclnnMaxPool2dWithIndicesBackward (aclnnop/aclnn_max_pool2d_with_indices_backward.h): the gradient
// of 2-D max pooling, a deterministic gather (cl_kernels/max_pool2d_with_indices_backward.cl). An
// index outside its own window is a device fault (507015 at the next synchronize), never an access
// out of bounds. The contract, in check order: docs/ops/max_pool2d_with_indices_backward.md.
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "common/dtype.h"
#include "common/test_hooks.h"
#include "ops/max_pool2d_window.h"
#include "ops/op_plan.h"
#include "runtime/stream.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnMaxPool2dWithIndicesBackward";
// Executor indices, in CANN's argument order.
constexpr size_t kGradOutput = 0, kIndices = 2;  // self (1) gives only the shape
constexpr size_t kGradInput = 0;

constexpr size_t kGroupTarget = 256;

struct Geometry : PoolGeometry {
    bool nhwc = false;
    bool empty = false;
};

// CANN's checks in its order: nulls (all eight); (views); self's dtype, gradOutput's and gradInput's
// = self's, indices'; formats (gradOutput's and gradInput's = self's, each one of ND/NCHW/NHWC); the
// four tensors 3-D or 4-D; the attributes (max_pool2d_window.h); gradInput's shape = self's; C, H, W
// non-zero; the pooled size > 0; gradOutput's shape; indices' shape = gradOutput's; (gradInput not
// self-overlapping). self empty (N == 0): nothing to do.
Geometry validate(const char *op, const Device &device, const aclTensor *gradOutput, const aclTensor *self,
                  const aclTensor *indices, const aclIntArray *kernelSize, const aclIntArray *stride,
                  const aclIntArray *padding, const aclIntArray *dilation, bool ceilMode,
                  const aclTensor *gradInput) {
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, self, "self");
    checkNotNull(op, indices, "indices");
    checkNotNull(op, kernelSize, "kernelSize");
    checkNotNull(op, stride, "stride");
    checkNotNull(op, padding, "padding");
    checkNotNull(op, dilation, "dilation");
    checkNotNull(op, gradInput, "gradInput");
    checkViews(op, {{gradOutput, "gradOutput"}, {self, "self"}, {indices, "indices"}, {gradInput, "gradInput"}});

    checkDtypeIn(op, self, "self", {ACL_FLOAT16, ACL_FLOAT, ACL_BF16});
    checkSameDtype(op, self, "self", gradOutput, "gradOutput");
    checkSameDtype(op, self, "self", gradInput, "gradInput");
    checkDtypeIn(op, indices, "indices", {ACL_INT32, ACL_INT64});
    requireDeviceSupports(device, self->dtype, op, "self");

    for (const auto &[t, name] : {std::pair<const aclTensor *, const char *>{gradOutput, "gradOutput"},
                                  {gradInput, "gradInput"}}) {
        if (t->format == self->format) continue;
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to have the format of self (%d), but found %d.", op,
                                                name, static_cast<int>(self->format), static_cast<int>(t->format)));
    }
    // NCL: what torch_npu and DIOPI tag every 3-D tensor with (channels first, as ND and NCHW).
    const std::initializer_list<aclFormat> formats = {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_NCL};
    checkFormatIn(op, self, "self", formats);
    checkFormatIn(op, indices, "indices", formats);
    checkRankIn(op, self, "self", {3, 4});
    checkRankIn(op, gradInput, "gradInput", {3, 4});
    checkRankIn(op, gradOutput, "gradOutput", {3, 4});
    checkRankIn(op, indices, "indices", {3, 4});

    const PoolWindow win = readPoolWindow(op, kernelSize, stride, padding, dilation, ceilMode);
    checkSameShape(op, self, "self", gradInput, "gradInput");
    Geometry g;
    g.nhwc = self->format == ACL_FORMAT_NHWC;
    static_cast<PoolGeometry &>(g) = poolGeometry(op, win, poolAxes(*self, g.nhwc), self);
    checkShapeIs(op, gradOutput, "gradOutput", pooledShape(self, g.nhwc, g));
    checkSameShape(op, gradOutput, "gradOutput", indices, "indices");
    checkNoSelfOverlap(op, gradInput, "gradInput");
    g.empty = self->isEmpty();
    return g;
}

// A bad index, in words (the synchronize's 507015 message): the kernels drop that output's gradient.
// The limit is the input plane's size H * W; the position is the output's flat position.
std::string describeFault(const FaultRecord &r) {
    const bool inPlane = r.value >= 0 && r.value < r.limit;
    return strformat("index %lld of indices at output position %lld %s; that output's gradient was dropped (nothing "
                     "was added to gradInput for it)",
                     static_cast<long long>(r.value), static_cast<long long>(r.position),
                     inPlane ? "is inside the input plane but not a position of that output's own window"
                             : strformat("is outside the input plane [0, %lld) (H * W)",
                                         static_cast<long long>(r.limit)).c_str());
}

struct Args {
    const aclTensor *gradOutput, *self, *indices;
    const aclIntArray *kernelSize, *stride, *padding, *dilation;
    bool ceilMode;
    const aclTensor *gradInput;
};

void plan(OpPlan &plan, const Args &a) {
    const Geometry g = validate(plan.checkName(), plan.device(), a.gradOutput, a.self, a.indices, a.kernelSize,
                                a.stride, a.padding, a.dilation, a.ceilMode, a.gradInput);
    plan.addInput(a.gradOutput, "gradOutput");
    plan.addInput(a.self, "self");
    plan.addInput(a.indices, "indices");
    plan.addOutput(a.gradInput, "gradInput");
    describePoolAttributes(plan, a.kernelSize, a.stride, a.padding, a.dilation, a.ceilMode);
    if (g.empty) return;

    const PoolAxes go = poolAxes(plan.input(kGradOutput), g.nhwc), ix = poolAxes(plan.input(kIndices), g.nhwc),
                   gi = poolAxes(plan.output(kGradInput), g.nhwc);
    const PoolWindow w = g.win;
    const int64_t planes = g.N * g.C;
    const bool wide = poolWideIndex(g, a.gradOutput, a.indices, a.gradInput);

    const aclDataType dt = a.self->dtype, it = a.indices->dtype;
    // CPUs, at least one plane per compute unit (and the tests, through the hook, on any device): the
    // scatter, one work-item per plane, checking the indices itself (about 10x faster on a CPU than the
    // gather, see the kernel file). It sums in float: in gradInput when that is FLOAT; for FLOAT16 and
    // BF16 in local memory when a plane's sums fit the device's (LOCAL_STAGE, one plane per
    // work-group), else in a float copy of the planes in the workspace (STAGED; the gather needs none).
    // A stage larger than the device's largest allocation (CL_DEVICE_MAX_MEM_ALLOC_SIZE) keeps the
    // gather. Local sums need no workspace and were level or faster for 16-bit (bench case, Intel
    // 3.2-4.5 -> 2.6-3.4 ms, PoCL 5.3-7.9 -> 4.8-6.6 ms, noisy), but slower for FLOAT on Intel's
    // runtime (4x64x128x128: 1.0-1.2 -> 1.4-1.7 ms), so FLOAT keeps summing in place. The hook's value
    // 2 keeps the 16-bit sums out of local memory, to test the workspace stage.
    const int planesHook = testHook(TestHook::MaxPoolBackwardPlanes);
    const uint64_t planeBytes = static_cast<uint64_t>(g.H * g.W) * sizeof(float);
    const uint64_t stageBytes = static_cast<uint64_t>(planes) * planeBytes;
    const bool localStage =
        dt != ACL_FLOAT && planesHook != 2 && planeBytes <= plan.device().localMemSize;
    const bool staged = dt != ACL_FLOAT && !localStage;
    // The planes kernel walks a whole plane per work-item: zeroes it and copies it out 16 elements a trip
    // (plus a row's tail), scatters 8 outputs a trip (plus a row's tail).
    const double planeTrips = 2.0 * static_cast<double>(g.H) * (static_cast<double>(g.W) / 16 + 16) +
                              static_cast<double>(g.OH) * (static_cast<double>(g.OW) / 8 + 8);
    const bool planesKernel =
        (planesHook != 0 || (plan.device().isCpu() && walkingKernelFits(plan.device(), planeTrips) &&
                             planes >= static_cast<int64_t>(plan.device().computeUnits))) &&
        (!staged || stageBytes <= plan.device().maxAllocSize);
    Defines defines;
    // (The gather's program is built with the same flags; only the planes kernel reads them.)
    const bool useLocal = planesKernel && localStage;
    defines.slot("G", dt).slot("IDX", it).slot("OUT", dt, ACL_FLOAT).index(wide);
    defines.flag("STAGED", dt != ACL_FLOAT && !useLocal).flag("LOCAL_STAGE", useLocal);
    // The sums as one contiguous run per plane: the stages always, gradInput when its rows are.
    defines.flag("PLANE_FLAT", dt != ACL_FLOAT || (gi.sW == 1 && gi.sH == g.W));
    ProgramHandle program = plan.program("max_pool2d_with_indices_backward", defines);
    const Operand gOp{Operand::Where::Input, kGradOutput, 0, dt};
    const Operand iOp{Operand::Where::Input, kIndices, 0, it};
    const Operand oOp{Operand::Where::Output, kGradInput, 0, dt};
    const int64_t H = g.H, W = g.W, OH = g.OH, OW = g.OW, C = g.C;

    const cl_uint faultSource = registerFaultSource(kApi, describeFault);
    // The index check's row k / W as (k * wMul) >> wShift for every k < 2^31 (32-bit index math):
    // with l = ceil(log2 W), wShift = 31 + l and wMul = ceil(2^wShift / W), wMul * W - 2^wShift < W <=
    // 2^l = 2^(wShift - 31), the condition for exact floor division of 31-bit numerators; k * wMul <
    // 2^31 * 2^32 fits 64 bits. Unused (0) with 64-bit index math, which divides.
    cl_ulong wMul = 0;
    cl_uint wShift = 0;
    if (!wide) {
        cl_uint l = 0;
        while ((int64_t{1} << l) < W) ++l;
        wShift = 31 + l;
        wMul = static_cast<cl_ulong>(((uint64_t{1} << wShift) + static_cast<uint64_t>(W) - 1) / static_cast<uint64_t>(W));
    }

    if (planesKernel) {
        // Unstaged, `stage` is gradInput again (the kernel does not read it); `lst` has 4 bytes unless
        // the sums are there.
        const Operand sOp = staged ? plan.workspaceOperand(stageBytes / sizeof(float), ACL_FLOAT) : oOp;
        const LocalMemory lst{localStage ? static_cast<size_t>(planeBytes) : sizeof(float)};
        auto scatter = plan.kernel(program, "max_pool2d_bwd_planes");
        const size_t global[3] = {static_cast<size_t>(planes), 1, 1};
        size_t local[3];
        fillLocalSize(plan.device(), scatter->maxWorkGroupSize(), global, 1, local);
        plan.launch(scatter, LaunchSize::grid(1, global, local), [=](Kernel &k, RunContext &ctx) {
            k.args(gOp.resolve(ctx), iOp.resolve(ctx), oOp.resolve(ctx), sOp.resolve(ctx), ctx.faultBuffer(),
                   ctx.faultTag(faultSource), H, W, OH, OW, w.kH, w.kW, w.sH, w.sW, w.pH, w.pW, w.dH, w.dW, C, planes,
                   wMul, wShift, go.sN, go.sC, go.sH, go.sW, ix.sN, ix.sC, ix.sH, ix.sW, gi.sN, gi.sC, gi.sH, gi.sW,
                   lst);
        });
        return;
    }

    // Otherwise the index check, one work-item per output, then the gather, one per gradInput element.
    auto check = plan.kernel(program, "max_pool2d_bwd_check");
    const size_t outGlobal[3] = {static_cast<size_t>(OW), static_cast<size_t>(OH), static_cast<size_t>(planes)};
    size_t outLocal[3];
    fillLocalSize(plan.device(), check->maxWorkGroupSize(), outGlobal, kGroupTarget, outLocal);
    plan.launch(check, LaunchSize::grid(3, outGlobal, outLocal), [=](Kernel &k, RunContext &ctx) {
        k.args(iOp.resolve(ctx), ctx.faultBuffer(), ctx.faultTag(faultSource), H, W, OH, OW, w.kH, w.kW, w.sH, w.sW,
               w.pH, w.pW, w.dH, w.dW, C, planes, wMul, wShift, ix.sN, ix.sC, ix.sH, ix.sW);
    });
    auto gather = plan.kernel(program, "max_pool2d_bwd");
    const size_t inGlobal[3] = {static_cast<size_t>(W), static_cast<size_t>(H), static_cast<size_t>(planes)};
    size_t inLocal[3];
    fillLocalSize(plan.device(), gather->maxWorkGroupSize(), inGlobal, kGroupTarget, inLocal);
    plan.launch(gather, LaunchSize::grid(3, inGlobal, inLocal), [=](Kernel &k, RunContext &ctx) {
        k.args(gOp.resolve(ctx), iOp.resolve(ctx), oOp.resolve(ctx), H, W, OH, OW, w.kH, w.kW, w.sH, w.sW, w.pH,
               w.pW, w.dH, w.dW, C, planes, go.sN, go.sC, go.sH, go.sW, ix.sN, ix.sC, ix.sH, ix.sW, gi.sN, gi.sC,
               gi.sH, gi.sW);
    });
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                              const aclTensor *indices, const aclIntArray *kernelSize,
                                                              const aclIntArray *stride, const aclIntArray *padding,
                                                              const aclIntArray *dilation, bool ceilMode,
                                                              aclTensor *gradInput, uint64_t *workspaceSize,
                                                              aclOpExecutor **executor) {
    const aclcl::Args args{gradOutput, self, indices, kernelSize, stride, padding, dilation, ceilMode, gradInput};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnMaxPool2dWithIndicesBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                              aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
