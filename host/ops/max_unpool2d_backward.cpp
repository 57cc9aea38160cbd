// aclnnMaxUnpool2dBackward (aclnnop/aclnn_max_unpool2d_backward.h): the gradient of 2-D max unpooling,
// a gather of gradOutput at the indices within each (n, c) plane (cl_kernels/max_unpool2d_backward.cl).
// Bad indices write 0 and are reported through the stream's fault record.
#include <algorithm>
#include <climits>
#include <memory>

#include "aclnnop/aclnn_max_unpool2d_backward.h"
#include "common/dtype.h"
#include "kernels/dtype_defines.h"
#include "ops/op_plan.h"
#include "ops/test_hooks.h"
#include "runtime/stream.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnMaxUnpool2dBackward";
constexpr size_t kGradOutput = 0, kIndices = 2;  // executor input indices (self is 1)
constexpr size_t kOut = 0;                                   // executor output index

constexpr size_t kWorkGroupTarget = 256;
constexpr size_t kRowTarget = 64;
// The staged kernel warms the caches with whole gradOutput planes of at most this size (a quarter
// of a typical CPU core's L2), so that the plane is still cached when the gathers run.
constexpr uint64_t kMaxStagedPlaneBytes = 256 * 1024;

bool g_forceWideIndex = false;
bool g_forceDirect = false;

struct Geometry {
    int64_t N = 1, C = 0, H = 0, W = 0, oH = 0, oW = 0;
};

// Every dtype a kernel slot can hold, for out (which may be any dtype gradOutput casts to).
const std::initializer_list<aclDataType> kStorableDtypes = {
    ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16,  ACL_INT8,   ACL_UINT8,     ACL_INT16,      ACL_UINT16,
    ACL_INT32, ACL_UINT32,  ACL_INT64,  ACL_UINT64, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128};

// The checks, in OPS.md order; returns the geometry of a valid call.
Geometry validate(const char *op, const Device &device, const aclTensor *gradOutput, const aclTensor *self,
                  const aclTensor *indices, const aclIntArray *outputSize, const aclTensor *out) {
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, self, "self");
    checkNotNull(op, indices, "indices");
    checkNotNull(op, outputSize, "outputSize");
    checkNotNull(op, out, "out");
    checkView(op, gradOutput, "gradOutput");
    checkView(op, self, "self");
    checkView(op, indices, "indices");
    checkView(op, out, "out");

    checkDtypeIn(op, gradOutput, "gradOutput",
                 {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64,
                  ACL_BOOL});
    checkSameDtype(op, gradOutput, "gradOutput", self, "self");
    checkDtypeIn(op, indices, "indices", {ACL_INT32, ACL_INT64});
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

    Geometry g;
    g.N = self->rank() == 4 ? self->dim(0) : 1;
    g.C = self->dim(-3);
    g.H = self->dim(-2);
    g.W = self->dim(-1);
    g.oH = oH;
    g.oW = oW;
    return g;
}

const char *rawType(size_t bytes) {
    switch (bytes) {
        case 1: return "uchar";
        case 2: return "ushort";
        case 4: return "uint";
        default: return "ulong";
    }
}

const char *signedType(size_t bytes) {
    switch (bytes) {
        case 1: return "char";
        case 2: return "short";
        case 4: return "int";
        default: return "long";
    }
}

// A (rows, cols) plane with strides (sRow, sCol) laid out as one run of unit-stride elements.
bool unitFlatPlane(int64_t rows, int64_t cols, int64_t sRow, int64_t sCol) {
    return (cols == 1 || sCol == 1) && (rows == 1 || sRow == cols * (cols == 1 ? 1 : sCol));
}

void chooseLocal(size_t kernelMax, int64_t W, int64_t H, size_t local[3]) {
    const size_t limit = std::max<size_t>(1, std::min(kWorkGroupTarget, kernelMax));
    const size_t pieces = (static_cast<size_t>(W) + kRowTarget - 1) / kRowTarget;
    size_t lx = (static_cast<size_t>(W) + pieces - 1) / pieces;
    lx = std::min(roundUp(lx, 8), limit);
    local[0] = lx;
    local[1] = std::max<size_t>(1, std::min(limit / lx, static_cast<size_t>(H)));
    local[2] = 1;
}

// Mesa's rusticl (llvmpipe, LLVM 15) crashes or hangs compiling the staged kernel for some dtypes
// (int8, int32 with int32 indices, ...); the direct kernel serves it (its memory system gains little
// from staging anyway).
bool stagingWorksOn(const Device &device) { return device.platformName.find("rusticl") == std::string::npos; }


aclnnStatus planMaxUnpool2dBackward(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices,
                                    const aclIntArray *outputSize, aclTensor *out, uint64_t *workspaceSize,
                                    aclOpExecutor **executor) {
    return planOperator(kApi, workspaceSize, executor, [&](OpPlan &plan) {
        const std::string phase1 = std::string(kApi) + "GetWorkspaceSize";
        const Geometry g = validate(phase1.c_str(), plan.device(), gradOutput, self, indices, outputSize, out);
        plan.addInput(gradOutput, "gradOutput");
        plan.addInput(self, "self");
        plan.addInput(indices, "indices");
        plan.addOutput(out, "out");
        if (self->isEmpty()) return;  // nothing to compute

        const aclDataType gType = gradOutput->dtype, iType = indices->dtype, oType = out->dtype;
        const bool rank4 = self->rank() == 4;
        const size_t r = static_cast<size_t>(self->rank());

        // Each tensor as (nc, row, col) strides; packed (inputs) or staged (out) when (n, c) do not collapse.
        struct View {
            Operand operand;
            int64_t sNC = 0, sRow = 0, sCol = 0, reach = 0;
        };
        auto inputView = [&](size_t index, const aclTensor *t) {
            View v;
            v.operand.where = Operand::Where::Input;
            v.operand.index = index;
            v.operand.dtype = t->dtype;
            std::vector<int64_t> strides = t->strides;
            v.reach = viewReach(t->viewDims, t->strides);
            if (!mergeDims(g.N, g.C, rank4 ? strides[0] : 0, strides[r - 3], &v.sNC)) {
                v.operand = plan.contiguousInput(index, t->dtype);
                strides = contiguousStrides(t->viewDims);
                v.reach = t->numel() - 1;
                v.sNC = strides[r - 3];
            }
            v.sRow = strides[r - 2];
            v.sCol = strides[r - 1];
            return v;
        };
        const View gv = inputView(kGradOutput, gradOutput);
        const View iv = inputView(kIndices, indices);
        View ov;
        {
            ov.operand.where = Operand::Where::Output;
            ov.operand.index = kOut;
            ov.operand.dtype = oType;
            std::vector<int64_t> strides = out->strides;
            ov.reach = viewReach(out->viewDims, out->strides);
            if (!mergeDims(g.N, g.C, rank4 ? strides[0] : 0, strides[r - 3], &ov.sNC)) {
                ov.operand = plan.contiguousOutput(kOut, oType);
                strides = contiguousStrides(out->viewDims);
                ov.reach = out->numel() - 1;
                ov.sNC = strides[r - 3];
            }
            ov.sRow = strides[r - 2];
            ov.sCol = strides[r - 1];
        }

        const int64_t plane = g.oH * g.oW, HW = g.H * g.W;
        const int64_t limit = INT32_MAX / 2;
        const bool wide = g_forceWideIndex || gv.reach >= limit || iv.reach >= limit || ov.reach >= limit ||
                          self->numel() >= limit || plane >= limit;
        std::string defines = dtypeDefines("G", gType) + dtypeDefines("IDX", iType) +
                              dtypeDefines("OUT", oType, gType) + indexDefine(wide);
        const bool gradFlat = g.oH == 1 || gv.sRow == g.oW * gv.sCol;
        defines += gradFlat ? "#define G_FLAT 1\n" : "#define G_FLAT 0\n";

        const cl_uint faultTag = registerFaultSource(kApi);
        const size_t gElem = dtypeSize(gType);
        const bool staged = !g_forceDirect && stagingWorksOn(plan.device()) &&
                            unitFlatPlane(g.oH, g.oW, gv.sRow, gv.sCol) && unitFlatPlane(g.H, g.W, iv.sRow, iv.sCol) &&
                            unitFlatPlane(g.H, g.W, ov.sRow, ov.sCol) &&
                            static_cast<uint64_t>(plane) * gElem <= kMaxStagedPlaneBytes && HW * 16 >= plane;
        if (staged) {
            defines += std::string("#define RAW_T ") + rawType(gElem) + "\n";
            if (gType == oType) {
                defines += strformat("#define SAME_BITS 1\n#define RAW8_T %s8\n#define RAW_MASK8(b) convert_%s8(b)\n",
                                     rawType(gElem), signedType(gElem));
            } else {
                defines += "#define SAME_BITS 0\n";
            }
            ProgramHandle program = plan.program("max_unpool2d_backward", defines);
            auto kernel = std::make_shared<Kernel>(program, "max_unpool2d_backward_staged");
            // Work-items: enough for the runs of 8 outputs and for the plane's cache lines.
            const int64_t lines = plane * static_cast<int64_t>(gElem) / 64;
            const size_t work = static_cast<size_t>(std::max<int64_t>((HW + 7) / 8, lines));
            size_t local = std::min<size_t>({kWorkGroupTarget, kernel->maxWorkGroupSize(), roundUp(work, 32)});
            local = std::max<size_t>(local, 1);
            const size_t global = local * static_cast<size_t>(g.N * g.C);
            const size_t sinkBytes = local * gElem;
            const cl_long hw = HW, pl = plane, gNC = gv.sNC, iNC = iv.sNC, oNC = ov.sNC;
            const Operand gOp = gv.operand, iOp = iv.operand, oOp = ov.operand;
            plan.step([=](RunContext &ctx) {
                kernel->args(gOp.resolve(ctx), iOp.resolve(ctx), oOp.resolve(ctx), ctx.stream().faultBuffer(),
                             faultTag, hw, pl, gNC, iNC, oNC);
                // The last parameter is local memory for the cache-warming loads' results.
                clCheck(clSetKernelArg(kernel->get(), 13, sinkBytes, nullptr),
                        "clSetKernelArg(max_unpool2d_backward_staged, sink)", ACLNN_ERR_INNER);
                kernel->launch(ctx.queue(), 1, &global, &local);
            });
            return;
        }

        ProgramHandle program = plan.program("max_unpool2d_backward", defines);
        auto kernel = std::make_shared<Kernel>(program, "max_unpool2d_backward_direct");
        size_t local[3];
        chooseLocal(kernel->maxWorkGroupSize(), g.W, g.H, local);
        const size_t global[3] = {static_cast<size_t>(g.W), static_cast<size_t>(g.H), static_cast<size_t>(g.N * g.C)};
        const cl_int H = static_cast<cl_int>(g.H), W = static_cast<cl_int>(g.W), oW = static_cast<cl_int>(g.oW);
        const cl_long pl = plane;
        const cl_long strides[9] = {gv.sNC, gv.sRow, gv.sCol, iv.sNC, iv.sRow, iv.sCol, ov.sNC, ov.sRow, ov.sCol};
        const Operand gOp = gv.operand, iOp = iv.operand, oOp = ov.operand;
        plan.step([=](RunContext &ctx) {
            kernel->args(gOp.resolve(ctx), iOp.resolve(ctx), oOp.resolve(ctx), ctx.stream().faultBuffer(), faultTag,
                         H, W, oW, pl, strides[0], strides[1], strides[2], strides[3], strides[4], strides[5],
                         strides[6], strides[7], strides[8]);
            kernel->launch(ctx.queue(), 3, global, local);
        });
    });
}

}  // namespace

// Test hooks (declared in ops/test_hooks.h; not part of the public API): 64-bit index math for every size,
// and the direct kernel even where the staged one applies.
void maxUnpool2dBackwardForceWideIndex(bool wide) { g_forceWideIndex = wide; }
void maxUnpool2dBackwardForceDirect(bool direct) { g_forceDirect = direct; }

}  // namespace aclcl

aclnnStatus aclnnMaxUnpool2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                     const aclTensor *indices, const aclIntArray *outputSize,
                                                     aclTensor *out, uint64_t *workspaceSize,
                                                     aclOpExecutor **executor) {
    return aclcl::planMaxUnpool2dBackward(gradOutput, self, indices, outputSize, out, workspaceSize, executor);
}

aclnnStatus aclnnMaxUnpool2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     aclrtStream stream) {
    return aclcl::runExecutor("aclnnMaxUnpool2dBackward", workspace, workspaceSize, executor, stream);
}
