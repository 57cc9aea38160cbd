// aclnnMaxUnpool2dBackward (aclnnop/aclnn_max_unpool2d_backward.h): the gradient of 2-D max unpooling,
// a gather of gradOutput at the indices within each (n, c) plane (cl_kernels/max_unpool2d_backward.cl).
// Bad indices write 0 and are reported through the stream's fault record.
#include <algorithm>
#include <climits>
#include <cmath>
#include <memory>

#include "aclnnop/aclnn_max_unpool2d_backward.h"
#include "common/dtype.h"
#include "ops/max_unpool2d_common.h"
#include "ops/op_plan.h"
#include "common/test_hooks.h"
#include "runtime/stream.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnMaxUnpool2dBackward";
constexpr size_t kGradOutput = 0, kIndices = 2;  // executor input indices (self is 1)
constexpr size_t kOut = 0;                                   // executor output index

constexpr size_t kWorkGroupTarget = 256;
constexpr size_t kCachedWorkGroup = 16;  // the staged kernel's work-group without the warm (below)
// The staged kernel warms the caches with whole gradOutput planes of at most this size (a quarter
// of a typical CPU core's L2), so that the plane is still cached when the gathers run.
constexpr uint64_t kMaxStagedPlaneBytes = 256 * 1024;

// Every dtype a kernel slot can hold, for out (which may be any dtype gradOutput casts to).
const std::initializer_list<aclDataType> kStorableDtypes = {
    ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16,  ACL_INT8,   ACL_UINT8,     ACL_INT16,      ACL_UINT16,
    ACL_INT32, ACL_UINT32,  ACL_INT64,  ACL_UINT64, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128};

// The checks, in the order of the contract (docs/ops/max_unpool2d_backward.md); returns the geometry of a
// valid call.
UnpoolGeometry validate(const char *op, const Device &device, const aclTensor *gradOutput, const aclTensor *self,
                  const aclTensor *indices, const aclIntArray *outputSize, const aclTensor *out) {
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, self, "self");
    checkNotNull(op, indices, "indices");
    checkNotNull(op, outputSize, "outputSize");
    checkNotNull(op, out, "out");
    checkViews(op, {{gradOutput, "gradOutput"}, {self, "self"}, {indices, "indices"}, {out, "out"}});

    checkDtypeIn(op, gradOutput, "gradOutput", kUnpoolValueDtypes);
    checkSameDtype(op, gradOutput, "gradOutput", self, "self");
    checkUnpoolIndicesDtype(op, indices);
    checkDtypeIn(op, out, "out", kStorableDtypes);
    if (!canCast(gradOutput->dtype, out->dtype)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected out's dtype to be one gradOutput's dtype %s can be cast to (no complex -> "
                       "real, no floating -> integral, no non-bool -> bool), but found %s.",
                       op, dtypeName(gradOutput->dtype), dtypeName(out->dtype)));
    }
    requireDeviceSupports(device, gradOutput->dtype, op, "gradOutput");
    requireDeviceSupports(device, out->dtype, op, "out");

    checkRankIn(op, self, "self", {3, 4});
    checkRankIn(op, gradOutput, "gradOutput", {self->rank()});
    const size_t lead = static_cast<size_t>(self->rank() - 2);  // N, C or just C
    for (size_t d = 0; d < lead; ++d) {
        if (gradOutput->viewDims[d] == self->viewDims[d]) continue;
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected gradOutput to have the %s of self (shape %s), but found gradOutput shape %s.", op,
                       lead == 2 ? "N and C" : "C", self->shapeString().c_str(),
                       gradOutput->shapeString().c_str()));
    }
    checkSameShape(op, self, "self", indices, "indices");
    checkSameShape(op, self, "self", out, "out");
    checkArraySize(op, outputSize, "outputSize", 2);
    const int64_t oH = outputSize->values[0], oW = outputSize->values[1];
    if (gradOutput->dim(-2) != oH || gradOutput->dim(-1) != oW) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected gradOutput's last two dimensions to equal outputSize %s, but found gradOutput "
                       "shape %s.",
                       op, outputSize->toString().c_str(), gradOutput->shapeString().c_str()));
    }
    if (gradOutput->isEmpty() && !self->isEmpty()) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected gradOutput to be non-empty when self is not (gradOutput shape %s, self shape "
                       "%s): no index can be valid.",
                       op, gradOutput->shapeString().c_str(), self->shapeString().c_str()));
    }
    checkNoSelfOverlap(op, out, "out");

    return unpoolGeometry(self, oH, oW);
}

// A bad index, in words (the synchronize's 507015 message): the kernels read nothing for it and
// write 0 at its position of out.
std::string describeFault(const FaultRecord &r) {
    return strformat("index %lld of indices at flat position %lld is outside gradOutput's plane [0, %lld) (oH * oW); "
                     "out there was set to 0",
                     static_cast<long long>(r.value), static_cast<long long>(r.position),
                     static_cast<long long>(r.limit));
}

struct Args {
    const aclTensor *gradOutput, *self, *indices;
    const aclIntArray *outputSize;
    const aclTensor *out;
};

void plan(OpPlan &plan, const Args &a) {
    const aclTensor *gradOutput = a.gradOutput, *self = a.self, *indices = a.indices, *out = a.out;
    const UnpoolGeometry g = validate(plan.checkName(), plan.device(), gradOutput, self, indices, a.outputSize, out);
    plan.addInput(gradOutput, "gradOutput");
    plan.addInput(self, "self");
    plan.addInput(indices, "indices");
    plan.addOutput(out, "out");
    plan.describeAttribute("outputSize", a.outputSize);
    if (self->isEmpty()) return;  // nothing to compute

    const aclDataType gType = gradOutput->dtype, iType = indices->dtype, oType = out->dtype;
    const bool rank4 = self->rank() == 4;

    // Each tensor as (nc, row, col) strides; packed (inputs) or staged (out) when (n, c) do not collapse.
    const int outer = rank4 ? 0 : -1, inner = self->rank() - 3;
    const MergedView gv = plan.mergedInput(kGradOutput, gType, outer, inner, g.N, g.C);
    const MergedView iv = plan.mergedInput(kIndices, iType, outer, inner, g.N, g.C);
    const MergedView ov = plan.mergedOutput(kOut, oType, outer, inner, g.N, g.C);
    const size_t r = static_cast<size_t>(self->rank());
    const int64_t gsRow = gv.strides[r - 2], gsCol = gv.strides[r - 1], isRow = iv.strides[r - 2],
                  isCol = iv.strides[r - 1], osRow = ov.strides[r - 2], osCol = ov.strides[r - 1];

    const int64_t plane = g.oH * g.oW, HW = g.H * g.W;
    const bool wide =
        IndexWidth().cover(gv.reach).cover(iv.reach).cover(ov.reach).cover(self->numel()).cover(plane).wide();
    Defines defines;
    defines.slot("G", gType).slot("IDX", iType).slot("OUT", oType, gType).index(wide);
    defines.flag("G_FLAT", evenPlane(g.oH, g.oW, gsRow, gsCol));

    const cl_uint faultSource = registerFaultSource(kApi, describeFault);
    const size_t gElem = dtypeSize(gType);
    // Mesa's rusticl (llvmpipe, LLVM 15) crashes or hangs compiling the staged kernel for some dtypes
    // (int8, int32 with int32 indices, ...); the direct kernel serves it.
    // The warming read pays where gradOutput comes from memory. On a CPU whose largest cache holds
    // four times the whole gradOutput, it is most likely still cached (written by the previous
    // operator, or by this one's last call) and the warm only costs: without it the kernel runs 16
    // work-items a plane instead of 256 and was faster up to that size, slower beyond it
    // (docs/ops/max_unpool2d_backward.md).
    const uint64_t gradBytes = static_cast<uint64_t>(g.N * g.C) * static_cast<uint64_t>(plane) * gElem;
    const bool warm = manyWorkItemKernels(plan.device()) || gradBytes * 4 > plan.device().cacheBytes;
    // One work-group walks a whole (n, c) plane: each of its work-items loops over the plane's cache lines
    // (with the warm), then over every local-th run of 8 of out's H x W elements. A large out from a small
    // gradOutput plane makes that walk long (4096 x 4096 from 64 x 64, cached: 131,072 trips each), past
    // what a work-item may loop (launch.h); the direct kernel, one work-item per element, serves those.
    const double stagedLocal =
        static_cast<double>(std::min(warm ? kWorkGroupTarget : kCachedWorkGroup, plan.device().maxWorkGroupSize));
    const double stagedTrips = std::ceil(static_cast<double>(HW / 8) / stagedLocal) + 1.0 +
                               (warm ? std::ceil(static_cast<double>(plane) * gElem / 64.0 / stagedLocal) : 0.0);
    const bool staged = testHook(TestHook::MaxUnpoolBackwardDirect) == 0 && !plan.device().compilerBugs.stagedGather &&
                        unitFlatPlane(g.oH, g.oW, gsRow, gsCol) && unitFlatPlane(g.H, g.W, isRow, isCol) &&
                        unitFlatPlane(g.H, g.W, osRow, osCol) &&
                        static_cast<uint64_t>(plane) * gElem <= kMaxStagedPlaneBytes && HW * 16 >= plane &&
                        walkWithinBound(stagedTrips);
    if (staged) {
        defines.flag("STAGED", true).flag("SAME_BITS", gType == oType).flag("WARM", warm);
        ProgramHandle program = plan.program("max_unpool2d_backward", defines);
        auto kernel = plan.kernel(program, "max_unpool2d_backward_staged");
        // Work-items: enough for the runs of 8 outputs and, with the warm, for the plane's cache lines.
        // Without it, 16 work-items a plane (one SIMD group of Intel's CPU runtime; 1x8x64x64 on Intel's
        // runtime, no warm: 0.015 ms with 256, 0.010 with 16).
        const int64_t lines = warm ? plane * static_cast<int64_t>(gElem) / 64 : 0;
        const size_t work = static_cast<size_t>(std::max<int64_t>((HW + 7) / 8, lines));
        size_t local = std::min<size_t>({warm ? kWorkGroupTarget : kCachedWorkGroup, kernel->maxWorkGroupSize(),
                                         roundUp(work, warm ? 32 : kCachedWorkGroup)});
        local = std::max<size_t>(local, 1);
        const size_t global = local * static_cast<size_t>(g.N * g.C);
        // The last parameter is local memory for the cache-warming loads' results.
        const LocalMemory sink{local * gElem};
        const cl_long hw = HW, pl = plane, gNC = gv.mergedStride, iNC = iv.mergedStride, oNC = ov.mergedStride;
        const Operand gOp = gv.operand, iOp = iv.operand, oOp = ov.operand;
        plan.launch(kernel, LaunchSize::grid(1, &global, &local), [=](Kernel &k, RunContext &ctx) {
            k.args(gOp.resolve(ctx), iOp.resolve(ctx), oOp.resolve(ctx), ctx.faultBuffer(), ctx.faultTag(faultSource),
                   hw, pl, gNC, iNC, oNC, sink);
        });
        return;
    }

    ProgramHandle program = plan.program("max_unpool2d_backward", defines);
    auto kernel = plan.kernel(program, "max_unpool2d_backward_direct");
    size_t local[3];
    rowLocalSize(kernel->maxWorkGroupSize(), g.W, g.H, local);
    const size_t global[3] = {static_cast<size_t>(g.W), static_cast<size_t>(g.H), static_cast<size_t>(g.N * g.C)};
    const cl_int H = static_cast<cl_int>(g.H), W = static_cast<cl_int>(g.W), oW = static_cast<cl_int>(g.oW);
    const cl_long pl = plane;
    const cl_long strides[9] = {gv.mergedStride, gsRow, gsCol, iv.mergedStride, isRow,
                                isCol,           ov.mergedStride, osRow, osCol};
    const Operand gOp = gv.operand, iOp = iv.operand, oOp = ov.operand;
    plan.launch(kernel, LaunchSize::grid(3, global, local), [=](Kernel &k, RunContext &ctx) {
        k.args(gOp.resolve(ctx), iOp.resolve(ctx), oOp.resolve(ctx), ctx.faultBuffer(), ctx.faultTag(faultSource), H, W,
               oW, pl, strides[0], strides[1], strides[2], strides[3], strides[4], strides[5], strides[6], strides[7],
               strides[8]);
    });
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnMaxUnpool2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                     const aclTensor *indices, const aclIntArray *outputSize,
                                                     aclTensor *out, uint64_t *workspaceSize,
                                                     aclOpExecutor **executor) {
    const aclcl::Args args{gradOutput, self, indices, outputSize, out};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnMaxUnpool2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
