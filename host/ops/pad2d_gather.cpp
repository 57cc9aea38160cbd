// The forward 2-D pads' gather (host/ops/pad2d_gather.h; the kernels: cl_kernels/pad2d.cl).
#include "ops/pad2d_gather.h"

#include <cmath>
#include <cstring>

#include "common/dtype.h"
#include "kernels/launch.h"
#include "kernels/row_stream.h"

namespace aclcl {
namespace {

// pad2d_fwd_stream's own defaults (host/kernels/row_stream.h).
constexpr RowStreamDefaults kStreamDefaults{"pad2d_fwd_stream", 4, 128};

// Calls f with the fill value as the kernel's ELEM_RAW_T of `bytes` bytes.
template <class F>
void withFill(const Pad2dGather &g, size_t bytes, F &&f) {
    auto as = [&g](auto sample) {
        decltype(sample) v;
        std::memcpy(&v, g.fill, sizeof v);
        return v;
    };
    switch (bytes) {
        case 1: return f(as(cl_uchar{}));
        case 2: return f(as(cl_ushort{}));
        case 4: return f(as(cl_uint{}));
        case 8: return f(as(cl_ulong{}));
        case 16: return f(as(cl_ulong2{}));
        default: fail(ACLNN_ERR_INNER, strformat("pad2d: no raw element type of %zu bytes", bytes));
    }
}

}  // namespace

void planPad2dGather(OpPlan &plan, const Pad2dGather &g, size_t selfInput, size_t outOutput, const aclTensor *self,
                     const aclTensor *out) {
    const int64_t planes = g.N * g.C;
    const size_t elementSize = dtypeSize(self->dtype);
    // Every index the kernel forms: the out grid, both views' element offsets, and the pad arithmetic.
    IndexWidth width;
    width.coverView(self->viewDims, self->strides).coverView(out->viewDims, out->strides);
    width.cover(4.0 * (static_cast<double>(g.OH) + static_cast<double>(g.OW) + static_cast<double>(g.H) +
                       static_cast<double>(g.W) + std::abs(static_cast<double>(g.left)) +
                       std::abs(static_cast<double>(g.top))) + static_cast<double>(planes) + 64.0);

    // The row kernel walks one out row (OW elements) per work-item.
    const bool streamKernel = !walkingKernelFits(plan.device(), static_cast<double>(g.OW));
    RowStream stream(plan.device(), kStreamDefaults, g.OW, g.OH, planes);
    if (streamKernel) stream.cover(width);
    Defines defines;
    defines.flag("MODE_REFLECT", g.mode == PadMode::Reflection)
        .flag("MODE_CONSTANT", g.mode == PadMode::Constant)
        .raw("ELEM", elementSize)
        .index(width.wide())
        .flag("VEC_COPY", !streamKernel && elementSize <= 8 && plan.device().packsWorkItems);
    if (streamKernel) stream.define(defines);
    ProgramHandle program = plan.program("pad2d", defines);
    const Operand src{Operand::Where::Input, selfInput, 0, self->dtype};
    const Operand dst{Operand::Where::Output, outOutput, 0, out->dtype};
    auto bind = [=](Kernel &k, RunContext &ctx, auto... extra) {
        withFill(g, elementSize, [&](auto fill) {
            k.args(src.resolve(ctx), dst.resolve(ctx), g.H, g.W, g.OH, g.OW, g.top, g.left, g.C, planes,
                   g.inStrides[0], g.inStrides[1], g.inStrides[2], g.inStrides[3], g.outStrides[0], g.outStrides[1],
                   g.outStrides[2], g.outStrides[3], fill, extra...);
        });
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
        rowWalk(plan.device(), kernel->maxWorkGroupSize(), g.OH, static_cast<double>(g.OW), planes);
    const cl_long rows = walk.rowsPerItem;
    plan.launch(kernel, walk.size, [=](Kernel &k, RunContext &ctx) { bind(k, ctx, rows); },
                plan.logging() ? walk.describe() : std::string());
}

}  // namespace aclcl
