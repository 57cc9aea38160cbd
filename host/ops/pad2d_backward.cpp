// aclnnReflectionPad2dBackward and aclnnReplicationPad2dBackward (aclnnop/aclnn_pad2d_backward.h):
// the gradient of 2-D reflection / replication padding, as a gather (cl_kernels/pad2d_backward.cl).
#include <algorithm>
#include <climits>
#include <cstdlib>

#include "aclnnop/aclnn_pad2d_backward.h"
#include "common/dtype.h"
#include "ops/op_plan.h"
#include "kernels/row_stream.h"
#include "ops/pad2d_padding.h"

namespace aclcl {

namespace {


// Input tensor order in the executor (aclSetInputTensorAddr indices) and the output.
constexpr size_t kGradOutput = 0;
constexpr size_t kGradInput = 0;

constexpr int64_t kSegmentColumns = 2048;
constexpr size_t kWorkGroupTarget = 64;
// pad2d_bwd_stream's own defaults (host/kernels/row_stream.h).
constexpr RowStreamDefaults kStreamDefaults{"pad2d_bwd_stream", 4, 128};

struct PadGeometry : PadSizes {
    int64_t planes = 0;  // N*C (C for 3-D)
};

// Columns [begin, end) of one axis whose only source is the output index i + pad (no mirror, no
// strip, not cropped): the interior kernel's vector path. Conservative: anything else is an edge.
struct Interior {
    int64_t begin = 0, end = 0;
};

Interior interiorRange(PadMode mode, int64_t size, int64_t before, int64_t after) {
    int64_t begin = std::max<int64_t>(0, -before);  // i + before >= 0
    int64_t end = std::min(size, size + after);     // i + before < size + before + after
    if (mode == PadMode::Reflection) {
        if (before >= 1) begin = std::max(begin, before + 1);     // [1, before] has a left mirror
        if (after >= 1) end = std::min(end, size - 1 - after);   // [size-1-after, size-2] a right one
    } else {
        begin = std::max<int64_t>(begin, 1);  // index 0 sums the strip [0, before]
        end = std::min(end, size - 1);        // index size-1 the strip [size-1+before, O)
    }
    Interior r;
    r.begin = std::min(std::max<int64_t>(begin, 0), size);
    r.end = std::max(std::min(end, size), r.begin);
    return r;
}

// How the kernel covers the columns of a row (see cl_kernels/pad2d_backward.cl).
struct ColumnSplit {
    int64_t edgeLeft = 0, edgeRight = 0;      // scalar edges [0, edgeLeft) and [edgeRight, W)
    int64_t vectorBegin = 0, vectorEnd = 0;   // vector interior
    cl_int fastEdges = 0;                     // bit 0: left edge as one vector, bit 1: right edge
};

// n = elements per vector. A reflection edge becomes one vector when its mirrors and the columns
// themselves fit in one vector window each and the opposite mirror does not reach it; only for rows
// of one segment, so that no other work-item owns the columns the edge vector covers.
ColumnSplit splitColumns(PadMode mode, const PadGeometry &g, int64_t n) {
    const Interior interior = interiorRange(mode, g.W, g.left, g.right);
    ColumnSplit s;
    s.edgeLeft = s.vectorBegin = interior.begin;
    s.edgeRight = s.vectorEnd = interior.end;
    if (mode != PadMode::Reflection || g.W > kSegmentColumns || g.W < n || g.left < 0 || g.right < 0) return s;
    if (g.left >= 1 && g.left < n && g.W - 1 - g.right >= n && interior.begin <= n) {
        s.fastEdges |= 1;
        s.vectorBegin = std::max(interior.begin, n);
    }
    if (g.right >= 1 && g.right < n && g.W - n >= g.left + 1 && g.W - interior.end <= n) {
        s.fastEdges |= 2;
        s.vectorEnd = std::min(interior.end, g.W - n);
    }
    if (s.vectorEnd < s.vectorBegin) s.vectorEnd = s.vectorBegin;
    return s;
}

// The checks, in the order of the contract (docs/ops/reflection_pad2d_backward.md); returns the geometry of a
// valid call.
PadGeometry validate(PadMode mode, const char *op, const Device &device, const aclTensor *gradOutput,
                     const aclTensor *self, const aclIntArray *padding, const aclTensor *gradInput) {
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, self, "self");
    checkNotNull(op, padding, "padding");
    checkNotNull(op, gradInput, "gradInput");
    checkViews(op, {{gradOutput, "gradOutput"}, {self, "self"}, {gradInput, "gradInput"}});

    checkDtypeIn(op, gradOutput, "gradOutput", kPad2dBackwardDtypes);
    checkSameDtype(op, gradOutput, "gradOutput", self, "self");
    checkSameDtype(op, gradOutput, "gradOutput", gradInput, "gradInput");
    requireDeviceSupports(device, gradOutput->dtype, op, "gradOutput");

    checkRankIn(op, self, "self", {3, 4});
    checkRankIn(op, gradOutput, "gradOutput", {self->rank()});
    checkRankIn(op, gradInput, "gradInput", {self->rank()});

    checkArraySize(op, padding, "padding", 4);
    PadGeometry geo;
    static_cast<PadSizes &>(geo) = readPadding(self, padding);
    checkReflectionPads(mode, op, geo, self, padding);

    // Only the batch may be empty: a zero in C, H or W has no meaningful padding.
    for (int64_t d = self->rank() - 3; d < self->rank(); ++d) {
        if (self->viewDims[static_cast<size_t>(d)] != 0) continue;
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected self to have non-zero C, H and W (only N may be 0), but found shape %s.", op,
                       self->shapeString().c_str()));
    }

    checkPaddedSize(op, geo, true, self, padding);

    std::vector<int64_t> expected = self->viewDims;
    expected[expected.size() - 2] = geo.OH;
    expected[expected.size() - 1] = geo.OW;
    checkShapeIs(op, gradOutput, "gradOutput", expected);
    checkSameShape(op, self, "self", gradInput, "gradInput");
    checkNoSelfOverlap(op, gradInput, "gradInput");

    geo.planes = self->dim(-3) * (self->rank() == 4 ? self->dim(0) : 1);
    return geo;
}

// The dtype of one real component (slot C in cl_kernels/pad2d_backward.cl).
aclDataType componentDtype(aclDataType dtype) {
    switch (dtype) {
        case ACL_COMPLEX64: return ACL_FLOAT;
        case ACL_COMPLEX128: return ACL_DOUBLE;
        default: return dtype;
    }
}

// Components per vector: 32 bytes of accumulator (an AVX register on CPUs). A 64-byte vector would
// change the x86-64 ABI of every call it passes through on CPUs without AVX-512 (clang's -Wpsabi).
int vectorWidth(aclDataType dtype) { return needsFp64(dtype) ? 4 : 8; }

// Every index the kernels compute stays within the larger plane set (in components) plus the
// mirror and strip arithmetic along each axis.
IndexWidth indexWidth(const PadGeometry &g, int64_t components) {
    const double out = static_cast<double>(g.planes) * static_cast<double>(g.OH) * static_cast<double>(g.OW);
    const double in = static_cast<double>(g.planes) * static_cast<double>(g.H) * static_cast<double>(g.W);
    const double extents = 4.0 * (static_cast<double>(g.H) + static_cast<double>(g.W) + std::abs(double(g.left)) +
                                  std::abs(double(g.right)) + std::abs(double(g.top)) + std::abs(double(g.bottom)));
    IndexWidth width;
    width.cover(std::max(out, in) * static_cast<double>(components) + extents + 64.0);
    return width;
}

struct Args {
    PadMode mode;
    const aclTensor *gradOutput, *self;
    const aclIntArray *padding;
    const aclTensor *gradInput;
};

void plan(OpPlan &plan, const Args &a) {
    const PadMode mode = a.mode;
    const aclTensor *gradOutput = a.gradOutput;
    const PadGeometry geo = validate(mode, plan.checkName(), plan.device(), gradOutput, a.self, a.padding,
                                     a.gradInput);
    plan.addInput(gradOutput, "gradOutput");
    plan.addInput(a.self, "self");
    plan.addOutput(a.gradInput, "gradInput");
    plan.describeAttribute("padding", a.padding);
    if (geo.planes == 0) return;  // N == 0: nothing to compute

    const aclDataType dtype = gradOutput->dtype;
    const int64_t components = (dtype == ACL_COMPLEX64 || dtype == ACL_COMPLEX128) ? 2 : 1;
    const int vecWidth = vectorWidth(dtype);
    Defines defines;
    defines.flag("MODE_REFLECT", mode == PadMode::Reflection).slot("G", dtype).slot("C", componentDtype(dtype));
    defines.acc(dtype).value("VEC_W", vecWidth);
    const bool elementKernel = manyWorkItemKernels(plan.device());
    const ColumnSplit split = splitColumns(mode, geo, vecWidth / components);
    // The stream kernel's work per element: its row sources times its column sources (a replication
    // edge sums a whole strip).
    const auto sourcesAlong = [mode](int64_t pad1, int64_t pad2, int64_t outSize) {
        return mode == PadMode::Reflection ? 3.0
                                           : static_cast<double>(std::min(std::max<int64_t>({pad1, pad2, 0}) + 1,
                                                                          outSize));
    };
    RowStream stream(plan.device(), kStreamDefaults, geo.W, geo.H, geo.planes,
                     sourcesAlong(geo.top, geo.bottom, geo.OH) * sourcesAlong(geo.left, geo.right, geo.OW));
    IndexWidth width = indexWidth(geo, components);
    if (elementKernel) stream.cover(width);
    // A vector edge's pad as a compile-time constant makes its shuffle masks constants: one
    // permute instead of a spill and VEC_W scalar loads on PoCL (about 20% of the reflection
    // kernel's CPU time). Pads are small there (below VEC_W), so few program variants arise.
    if (!elementKernel && (split.fastEdges & 1)) defines.value("EDGE_LEFT", geo.left);
    if (!elementKernel && (split.fastEdges & 2)) defines.value("EDGE_RIGHT", geo.right);
    defines.index(width.wide());
    if (elementKernel) stream.define(defines);
    ProgramHandle program = plan.program("pad2d_backward", defines);

    Operand src = plan.contiguousInput(kGradOutput, dtype);
    Operand dst = plan.contiguousOutput(kGradInput, dtype);
    if (elementKernel) {
        // GPUs (and rusticl, Device::manyWorkItemKernels): the row-streaming kernel, a few gradInput
        // elements of one row per work-item (host/kernels/row_stream.h).
        auto kernel = plan.kernel(program, "pad2d_bwd_stream");
        const LaunchSize size = stream.launchSize(*kernel);
        const cl_long chunks = stream.chunks();
        plan.launch(
            kernel, size,
            [=](Kernel &k, RunContext &ctx) {
                k.args(src.resolve(ctx), dst.resolve(ctx), geo.H, geo.W, geo.OH, geo.OW, geo.top, geo.bottom,
                       geo.left, geo.right, geo.planes, chunks);
            },
            plan.logging() ? stream.describe(width.wide()) : std::string());
        return;
    }

    // CPUs: one work-item per row (segment), explicit vectors along it.
    const int64_t segments = (geo.W + kSegmentColumns - 1) / kSegmentColumns;
    auto kernel = plan.kernel(program, "pad2d_bwd_rows");
    size_t global[3] = {static_cast<size_t>(segments), static_cast<size_t>(geo.H), static_cast<size_t>(geo.planes)};
    size_t local[3];
    fillLocalSize(plan.device(), kernel->maxWorkGroupSize(), global, kWorkGroupTarget, local);
    plan.launch(kernel, LaunchSize::grid(3, global, local), [=](Kernel &k, RunContext &ctx) {
        k.args(src.resolve(ctx), dst.resolve(ctx), geo.H, geo.W, geo.OH, geo.OW, geo.top, geo.bottom, geo.left,
               geo.right, split.edgeLeft, split.edgeRight, split.vectorBegin, split.vectorEnd, split.fastEdges,
               kSegmentColumns, geo.planes);
    });
}

constexpr const char *kReflectionApi = "aclnnReflectionPad2dBackward";
constexpr const char *kReplicationApi = "aclnnReplicationPad2dBackward";

}  // namespace
}  // namespace aclcl

using aclcl::PadMode;

aclnnStatus aclnnReflectionPad2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                         const aclIntArray *padding, aclTensor *gradInput,
                                                         uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{PadMode::Reflection, gradOutput, self, padding, gradInput};
    return aclcl::planOperator(aclcl::kReflectionApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnReflectionPad2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                         aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kReflectionApi, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnReplicationPad2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                          const aclIntArray *padding, aclTensor *gradInput,
                                                          uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{PadMode::Replication, gradOutput, self, padding, gradInput};
    return aclcl::planOperator(aclcl::kReplicationApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnReplicationPad2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                          aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kReplicationApi, workspace, workspaceSize, executor, stream);
}
