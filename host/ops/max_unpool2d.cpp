// aclnnMaxUnpool2d (aclnnop/aclnn_max_unpool2d.h): 2-D max unpooling, a scatter of self's elements to
// the positions `indices` names within each (n, c) plane of out, every other element 0
// (cl_kernels/max_unpool2d.cl). The contract, in check order: docs/ops/max_unpool2d.md.
//
// Duplicate indices: the input with the highest flat position i in its plane wins, on every device
// and every run: each plane is scattered in increasing i by one work-item (CPUs), or each position
// takes the highest i that names it, found with integer atomic_max, which no order of work-items can
// change (GPUs). A bad index writes nothing and is reported through the
// stream's fault record (507015 at the next synchronize), as in MaxUnpool2dBackward.
#include <algorithm>
#include <climits>

#include "aclnnop/aclnn_max_unpool2d.h"
#include "common/dtype.h"
#include "common/layout.h"
#include "ops/max_unpool2d_common.h"
#include "ops/op_plan.h"
#include "runtime/stream.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnMaxUnpool2d";
// Executor indices, in CANN's argument order.
constexpr size_t kSelf = 0, kIndices = 1;
constexpr size_t kOut = 0;

constexpr size_t kClaimGroup = 256;      // work-group size of the claim kernels
constexpr size_t kPlaneGroupTarget = 4;  // planes per work-group, plane kernel

// The checks in CANN's order: nulls; (views); self's dtype, out's dtype = self's, indices' dtype; (fp64
// on the device); self's rank, indices' rank, indices' shape; self's dimensions after the first
// non-empty; outputSize's length, its values > 0, their product >= H * W; (out's shape; out not
// self-overlapping). The parenthesised checks are ours (CANN's docs list out's shape, its code does not
// check it).
UnpoolGeometry validate(const char *op, const Device &device, const aclTensor *self, const aclTensor *indices,
                        const aclIntArray *outputSize, const aclTensor *out) {
    checkNotNull(op, self, "self");
    checkNotNull(op, indices, "indices");
    checkNotNull(op, outputSize, "outputSize");
    checkNotNull(op, out, "out");
    checkViews(op, {{self, "self"}, {indices, "indices"}, {out, "out"}});

    checkDtypeIn(op, self, "self", kUnpoolValueDtypes);
    checkSameDtype(op, self, "self", out, "out");
    checkUnpoolIndicesDtype(op, indices);
    requireDeviceSupports(device, self->dtype, op, "self");

    checkRankIn(op, self, "self", {3, 4});
    checkRankIn(op, indices, "indices", {self->rank()});
    checkSameShape(op, self, "self", indices, "indices");
    for (int64_t d = 1; d < self->rank(); ++d) {
        if (self->viewDims[static_cast<size_t>(d)] > 0) continue;
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected self to have non-empty dimensions after the first (only dimension 0 may be 0), "
                       "but found self shape %s with dimension %lld empty.",
                       op, self->shapeString().c_str(), static_cast<long long>(d)));
    }

    checkArraySize(op, outputSize, "outputSize", 2);
    const int64_t oH = outputSize->values[0], oW = outputSize->values[1];
    if (oH <= 0 || oW <= 0) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected outputSize's values to be greater than 0, but found %s.",
                                                op, outputSize->toString().c_str()));
    }
    const UnpoolGeometry g = unpoolGeometry(self, oH, oW);
    // Both products fit: oH, oW > 0 and H, W are view dims (their product with the rest fits int64).
    if (static_cast<double>(oH) * static_cast<double>(oW) < static_cast<double>(g.H * g.W)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected outputSize's product to be at least self's H * W = %lld x %lld, but found "
                       "outputSize %s.",
                       op, static_cast<long long>(g.H), static_cast<long long>(g.W), outputSize->toString().c_str()));
    }

    std::vector<int64_t> expected = self->viewDims;
    expected[expected.size() - 2] = oH;
    expected[expected.size() - 1] = oW;
    checkShapeIs(op, out, "out", expected);
    checkNoSelfOverlap(op, out, "out");
    return g;
}

// A bad index, in words (the synchronize's 507015 message): the kernels skip its element.
std::string describeFault(const FaultRecord &r) {
    return strformat("index %lld of indices at flat position %lld is outside out's plane [0, %lld) (oH * oW); that "
                     "element of self was written nowhere",
                     static_cast<long long>(r.value), static_cast<long long>(r.position),
                     static_cast<long long>(r.limit));
}

struct Args {
    const aclTensor *self, *indices;
    const aclIntArray *outputSize;
    const aclTensor *out;
};

void plan(OpPlan &plan, const Args &a) {
    const UnpoolGeometry g = validate(plan.checkName(), plan.device(), a.self, a.indices, a.outputSize, a.out);
    plan.addInput(a.self, "self");
    plan.addInput(a.indices, "indices");
    plan.addOutput(a.out, "out");
    plan.describeAttribute("outputSize", a.outputSize);
    if (a.self->isEmpty()) return;  // N (or C) is 0: out is empty too

    const std::vector<int64_t> ss = nchwStrides(plan.input(kSelf).strides);
    const std::vector<int64_t> is = nchwStrides(plan.input(kIndices).strides);
    const std::vector<int64_t> os = nchwStrides(plan.output(kOut).strides);
    const int64_t plane = g.oH * g.oW;
    IndexWidth width;
    width.coverView(a.self->viewDims, a.self->strides)
        .coverView(a.indices->viewDims, a.indices->strides)
        .coverView(a.out->viewDims, a.out->strides)
        .cover(plane)
        .cover(a.self->numel())
        .cover(a.out->numel());

    Defines defines;
    defines.raw("ELEM", dtypeSize(a.self->dtype))
        .slot("IDX", a.indices->dtype)
        .flag("OUT_EVEN", evenPlane(g.oH, g.oW, os[2], os[3]))
        .index(width.wide());
    // GPUs (and the tests, through the ManyWorkItemKernels hook): every element its
    // own work-item, the highest i per position found with integer atomic_max (claim kernels). Each
    // i + 1 must stay below 2^31; a plane of 2^31 - 1 inputs or more takes the per-plane kernel. The
    // claims live in workspace, 4 bytes per position of out, never in out itself: concurrent runs of
    // one repeatable executor write the same out (cl_kernels/max_unpool2d.cl).
    // The per-plane kernel walks a whole plane per work-item (zeroes oH*oW, scatters H*W): planes longer
    // than kMaxWalkTrips (launch.h) take the claim kernels too.
    const double planeTrips = static_cast<double>(plane) + static_cast<double>(g.H * g.W);
    const bool claims = !walkingKernelFits(plan.device(), planeTrips) && g.H * g.W < INT32_MAX;
    ProgramHandle program = plan.program("max_unpool2d", defines);

    const cl_uint faultSource = registerFaultSource(kApi, describeFault);
    const Operand src{Operand::Where::Input, kSelf, 0, a.self->dtype};
    const Operand idx{Operand::Where::Input, kIndices, 0, a.indices->dtype};
    const Operand dst{Operand::Where::Output, kOut, 0, a.out->dtype};
    const int64_t planes = g.planes();
    const cl_long dims[6] = {g.C, g.H, g.W, g.oW, plane, planes};
    auto bindWith = [=](Kernel &k, RunContext &ctx, auto... extra) {
        k.args(src.resolve(ctx), idx.resolve(ctx), dst.resolve(ctx), ctx.faultBuffer(), ctx.faultTag(faultSource),
               dims[0], dims[1], dims[2], dims[3], dims[4], dims[5], ss[0], ss[1], ss[2], ss[3], is[0], is[1], is[2],
               is[3], os[0], os[1], os[2], os[3], extra...);
    };

    if (claims) {
        const Operand words = plan.workspaceOperand(static_cast<uint64_t>(a.out->numel()), ACL_UINT32);
        const size_t positions = static_cast<size_t>(a.out->numel()), inputs = static_cast<size_t>(a.self->numel());
        const struct {
            const char *name;
            size_t workItems;
        } steps[] = {{"max_unpool2d_claim_init", positions}, {"max_unpool2d_claim", inputs},
                     {"max_unpool2d_claim_fill", positions}};
        for (const auto &[name, n] : steps) {
            auto kernel = plan.kernel(program, name);
            const size_t local = std::min<size_t>(kClaimGroup, kernel->maxWorkGroupSize());
            const size_t global = roundUp(n, local);
            plan.launch(kernel, LaunchSize::grid(1, &global, &local),
                        [=](Kernel &k, RunContext &ctx) { bindWith(k, ctx, words.resolve(ctx)); });
        }
        return;
    }
    // CPUs: one work-item per plane.
    auto kernel = plan.kernel(program, "max_unpool2d_planes");
    const size_t global[3] = {static_cast<size_t>(planes), 1, 1};
    size_t local[3];
    fillLocalSize(plan.device(), kernel->maxWorkGroupSize(), global, kPlaneGroupTarget, local);
    plan.launch(kernel, LaunchSize::grid(1, global, local), [=](Kernel &k, RunContext &ctx) { bindWith(k, ctx); });
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnMaxUnpool2dGetWorkspaceSize(const aclTensor *self, const aclTensor *indices,
                                             const aclIntArray *outputSize, aclTensor *out, uint64_t *workspaceSize,
                                             aclOpExecutor **executor) {
    const aclcl::Args args{self, indices, outputSize, out};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnMaxUnpool2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
