// aclnnReflectionPad2d (aclnnop/aclnn_reflection_pad2d.h) and aclnnReplicationPad2d
// (aclnnop/aclnn_replication_pad2d.h): 2-D reflection / replication padding, a gather copy of each
// element's bytes (cl_kernels/pad2d.cl). The contract, in check order: docs/ops/reflection_pad2d.md
// and docs/ops/replication_pad2d.md.
#include <algorithm>
#include <cstdlib>

#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "common/dtype.h"
#include "common/layout.h"
#include "ops/op_plan.h"
#include "kernels/row_stream.h"
#include "ops/pad2d_padding.h"

namespace aclcl {

namespace {


// Executor indices, in CANN's argument order.
constexpr size_t kSelf = 0;
constexpr size_t kOut = 0;

// pad2d_fwd_stream's own defaults (host/kernels/row_stream.h).
constexpr RowStreamDefaults kStreamDefaults{"pad2d_fwd_stream", 4, 128};

struct PadGeometry : PadSizes {
    int64_t N = 1, C = 0;
    bool empty = false;  // N == 0: nothing to compute
};

void checkSameFormat(const char *op, const aclTensor *self, const aclTensor *out) {
    if (self->format == out->format) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected out to have the format of self (%d), but found %d.", op,
                   static_cast<int>(self->format), static_cast<int>(out->format)));
}

// The checks in CANN's order: nulls; (views); reflection: dtypes then format, replication: format then
// dtypes; (fp64 on the device); ranks; padding's length; reflection: each pad below its dim; (a
// non-empty padded size); out's shape; (out not self-overlapping); the empty-tensor rule. The
// parenthesised checks are ours.
PadGeometry validate(PadMode mode, const char *op, const Device &device, const aclTensor *self,
                     const aclIntArray *padding, const aclTensor *out) {
    checkNotNull(op, self, "self");
    checkNotNull(op, padding, "padding");
    checkNotNull(op, out, "out");
    checkViews(op, {{self, "self"}, {out, "out"}});

    if (mode == PadMode::Replication) checkSameFormat(op, self, out);
    checkDtypeIn(op, self, "self", kPad2dDtypes);
    checkDtypeIn(op, out, "out", kPad2dDtypes);
    checkSameDtype(op, self, "self", out, "out");
    if (mode == PadMode::Reflection) checkSameFormat(op, self, out);
    requireDeviceSupports(device, self->dtype, op, "self");

    checkRankIn(op, self, "self", {3, 4});
    checkRankIn(op, out, "out", {self->rank()});
    checkArraySize(op, padding, "padding", 4);

    PadGeometry geo;
    static_cast<PadSizes &>(geo) = readPadding(self, padding);
    geo.C = self->dim(-3);
    if (self->rank() == 4) geo.N = self->dim(0);

    checkReflectionPads(mode, op, geo, self, padding);

    const bool selfHasImage = geo.H > 0 && geo.W > 0;
    checkPaddedSize(op, geo, selfHasImage, self, padding);

    if (selfHasImage) {
        std::vector<int64_t> expected = self->viewDims;
        expected[expected.size() - 2] = geo.OH;
        expected[expected.size() - 1] = geo.OW;
        checkShapeIs(op, out, "out", expected);
    }

    // CANN's empty rule: only a 4-D self with N == 0 may be empty (C, H and W non-zero).
    if (self->isEmpty() || out->isEmpty()) {
        if (self->rank() == 3 || geo.C == 0 || geo.H == 0 || geo.W == 0) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Expected a 3-D or 4-D self with non-zero C, H and W (only a 4-D self's N may be 0), "
                           "but found self shape %s and out shape %s.",
                           op, self->shapeString().c_str(), out->shapeString().c_str()));
        }
        geo.empty = true;
    }
    checkNoSelfOverlap(op, out, "out");
    return geo;
}

struct Args {
    PadMode mode;
    const aclTensor *self;
    const aclIntArray *padding;
    const aclTensor *out;
};

void plan(OpPlan &plan, const Args &a) {
    const PadGeometry geo = validate(a.mode, plan.checkName(), plan.device(), a.self, a.padding, a.out);
    plan.addInput(a.self, "self");
    plan.addOutput(a.out, "out");
    plan.describeAttribute("padding", a.padding);
    if (geo.empty) return;

    const std::vector<int64_t> inStrides = nchwStrides(plan.input(kSelf).strides);
    const std::vector<int64_t> outStrides = nchwStrides(plan.output(kOut).strides);
    const int64_t planes = geo.N * geo.C;
    // Every index the kernel forms: the out grid, both views' element offsets, and the pad arithmetic.
    IndexWidth width;
    width.coverView(a.self->viewDims, a.self->strides).coverView(a.out->viewDims, a.out->strides);
    width.cover(4.0 * (static_cast<double>(geo.OH) + static_cast<double>(geo.OW) + static_cast<double>(geo.H) +
                       static_cast<double>(geo.W) + std::abs(static_cast<double>(geo.left)) +
                       std::abs(static_cast<double>(geo.top))) + static_cast<double>(planes) + 64.0);

    // The row kernel walks one out row (OW elements) per work-item.
    const bool streamKernel = !walkingKernelFits(plan.device(), static_cast<double>(geo.OW));
    RowStream stream(plan.device(), kStreamDefaults, geo.OW, geo.OH, planes);
    if (streamKernel) stream.cover(width);
    Defines defines;
    defines.flag("MODE_REFLECT", a.mode == PadMode::Reflection)
        .raw("ELEM", dtypeSize(a.self->dtype))
        .index(width.wide())
        .flag("VEC_COPY", !streamKernel && dtypeSize(a.self->dtype) <= 8 && plan.device().packsWorkItems);
    if (streamKernel) stream.define(defines);
    ProgramHandle program = plan.program("pad2d", defines);
    const Operand src{Operand::Where::Input, kSelf, 0, a.self->dtype};
    const Operand dst{Operand::Where::Output, kOut, 0, a.out->dtype};
    auto bind = [=](Kernel &k, RunContext &ctx, auto... extra) {
        k.args(src.resolve(ctx), dst.resolve(ctx), geo.H, geo.W, geo.OH, geo.OW, geo.top, geo.left, geo.C, planes,
               inStrides[0], inStrides[1], inStrides[2], inStrides[3], outStrides[0], outStrides[1], outStrides[2],
               outStrides[3], extra...);
    };
    // GPUs and rusticl (Device::manyWorkItemKernels), rows longer than kMaxWalkTrips (launch.h), and the
    // tests everywhere through TestHook::ManyWorkItemKernels: the row-streaming kernel, a few out
    // elements of one row per work-item (host/kernels/row_stream.h).
    if (streamKernel) {
        auto kernel = plan.kernel(program, "pad2d_fwd_stream");
        const LaunchSize size = stream.launchSize(*kernel);
        const cl_long chunks = stream.chunks();
        plan.launch(kernel, size, [=](Kernel &k, RunContext &ctx) { bind(k, ctx, chunks); },
                    plan.logging() ? stream.describe(width.wide()) : std::string());
        return;
    }
    // CPUs: out rows per work-item, as many as kernels/launch.h's rowWalk says.
    auto kernel = plan.kernel(program, "pad2d_fwd_rows");
    const RowWalk walk =
        rowWalk(plan.device(), kernel->maxWorkGroupSize(), geo.OH, static_cast<double>(geo.OW), planes);
    const cl_long rows = walk.rowsPerItem;
    plan.launch(kernel, walk.size, [=](Kernel &k, RunContext &ctx) { bind(k, ctx, rows); },
                plan.logging() ? walk.describe() : std::string());
}

constexpr const char *kReflectionApi = "aclnnReflectionPad2d";
constexpr const char *kReplicationApi = "aclnnReplicationPad2d";

}  // namespace
}  // namespace aclcl

using aclcl::PadMode;

aclnnStatus aclnnReflectionPad2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *padding, aclTensor *out,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{PadMode::Reflection, self, padding, out};
    return aclcl::planOperator(aclcl::kReflectionApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnReflectionPad2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                 aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kReflectionApi, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnReplicationPad2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *padding, aclTensor *out,
                                                  uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{PadMode::Replication, self, padding, out};
    return aclcl::planOperator(aclcl::kReplicationApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnReplicationPad2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kReplicationApi, workspace, workspaceSize, executor, stream);
}
