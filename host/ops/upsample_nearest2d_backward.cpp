// aclnnUpsampleNearest2dBackward (aclnnop/aclnn_upsample_nearest_2d_backward.h): the gradient of
// aclnnUpsampleNearest2d, a gather sum per gradInput element in a fixed order
// (cl_kernels/upsample_nearest2d.cl). The contract, in check order: docs/ops/upsample_nearest2d_backward.md.
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "common/dtype.h"
#include "ops/op_plan.h"
#include "ops/upsample_nearest2d_index.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnUpsampleNearest2dBackward";
// Executor indices, in CANN's argument order.
constexpr size_t kGradOut = 0;
constexpr size_t kGradInput = 0;

constexpr size_t kGroupTarget = 256;  // work-items per group

struct Geometry {
    aclFormat layout = ACL_FORMAT_NCHW;  // of both tensors: gradOut's format decides
    int64_t N = 0, C = 0, H = 0, W = 0, OH = 0, OW = 0;
    bool empty = false;
};

std::vector<int64_t> inLayout(aclFormat layout, int64_t n, int64_t c, int64_t h, int64_t w) {
    if (layout == ACL_FORMAT_NHWC) return {n, h, w, c};
    return {n, c, h, w};
}

// CANN's checks in its order: nulls; (views); gradOut's dtype, gradInput's = gradOut's; gradOut 4-D,
// outputSize's length 2, inputSize's 4; gradInput's format NCHW or NHWC, its N and C = gradOut's; the
// input and output H, W > 0; gradOut's shape = (N, C, outH, outW) in its layout; (gradInput's shape =
// inputSize, gradInput not self-overlapping, each gradInput element's sum within the walk bound); the
// empty rule. The parenthesised checks are ours. gradOut's format decides the layout of both tensors and
// of inputSize (NHWC: N, H, W, C; any other: N, C, H, W).
Geometry validate(const char *op, const aclTensor *gradOut, const aclIntArray *outputSize,
                  const aclIntArray *inputSize, const aclTensor *gradInput) {
    checkNotNull(op, gradOut, "gradOut");
    checkNotNull(op, outputSize, "outputSize");
    checkNotNull(op, inputSize, "inputSize");
    checkNotNull(op, gradInput, "gradInput");
    checkViews(op, {{gradOut, "gradOut"}, {gradInput, "gradInput"}});

    checkDtypeIn(op, gradOut, "gradOut", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    checkSameDtype(op, gradOut, "gradOut", gradInput, "gradInput");
    checkRankIn(op, gradOut, "gradOut", {4});
    checkArraySize(op, outputSize, "outputSize", 2);
    checkArraySize(op, inputSize, "inputSize", 4);

    Geometry g;
    g.layout = gradOut->format == ACL_FORMAT_NHWC ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW;
    checkFormatIn(op, gradInput, "gradInput", {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC});
    checkRankIn(op, gradInput, "gradInput", {4});
    const PoolAxes go = upsampleAxes(*gradOut, g.layout), gi = upsampleAxes(*gradInput, g.layout);
    if (go.N != gi.N || go.C != gi.C) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected gradInput to have gradOut's N and C (%lld, %lld), but found %lld and %lld "
                       "(gradInput shape %s).",
                       op, static_cast<long long>(go.N), static_cast<long long>(go.C), static_cast<long long>(gi.N),
                       static_cast<long long>(gi.C), gradInput->shapeString().c_str()));
    }
    const std::vector<int64_t> &is = inputSize->values;
    const bool nhwc = g.layout == ACL_FORMAT_NHWC;
    g.N = is[0];
    g.C = nhwc ? is[3] : is[1];
    g.H = nhwc ? is[1] : is[2];
    g.W = nhwc ? is[2] : is[3];
    g.OH = outputSize->values[0];
    g.OW = outputSize->values[1];
    if (g.H <= 0 || g.W <= 0 || g.OH <= 0 || g.OW <= 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected the input's H and W (inputSize %s) and outputSize %s to be > 0.", op,
                       inputSize->toString().c_str(), outputSize->toString().c_str()));
    }
    checkShapeIs(op, gradOut, "gradOut", inLayout(g.layout, g.N, g.C, g.OH, g.OW));
    checkShapeIs(op, gradInput, "gradInput", inLayout(g.layout, g.N, g.C, g.H, g.W));
    checkNoSelfOverlap(op, gradInput, "gradInput");
    g.empty = gradOut->isEmpty() || gradInput->isEmpty();
    return g;
}

struct Args {
    const aclTensor *gradOut;
    const aclIntArray *outputSize, *inputSize;
    double scalesH, scalesW;
    const aclTensor *gradInput;
};

void plan(OpPlan &plan, const Args &a) {
    const char *op = plan.checkName();
    const Geometry g = validate(op, a.gradOut, a.outputSize, a.inputSize, a.gradInput);
    // PyTorch's backward kernel takes nearest_idx's shortcuts in every layout.
    const NearestAxis h = nearestAxis(g.H, g.OH, a.scalesH, true), w = nearestAxis(g.W, g.OW, a.scalesW, true);
    // Ours: one work-item sums every gradOut element of its source rectangle (launch.h's walk bound).
    const double runH = g.empty ? 0.0 : static_cast<double>(longestRun(h, g.H, g.OH)),
                 runW = g.empty ? 0.0 : static_cast<double>(longestRun(w, g.W, g.OW));
    const double trips = runH * runW;
    if (!walkWithinBound(trips)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected at most %.0f gradOut elements to share one gradInput element, but found up to "
                       "%.0f (inputSize %s, outputSize %s, scalesH %g, scalesW %g): this implementation sums each "
                       "gradInput element in one work-item.",
                       op, kMaxWalkTrips, trips, a.inputSize->toString().c_str(), a.outputSize->toString().c_str(),
                       a.scalesH, a.scalesW));
    }
    plan.addInput(a.gradOut, "gradOut");
    plan.addOutput(a.gradInput, "gradInput");
    plan.describeAttribute("outputSize", a.outputSize);
    plan.describeAttribute("inputSize", a.inputSize);
    plan.describeAttribute("scalesH", a.scalesH);
    plan.describeAttribute("scalesW", a.scalesW);
    if (g.empty) return;

    const PoolAxes go = upsampleAxes(plan.input(kGradOut), g.layout),
                   gi = upsampleAxes(plan.output(kGradInput), g.layout);
    const int64_t planes = g.N * g.C;
    const aclDataType dt = a.gradOut->dtype;
    Defines defines;
    defines.slot("G", dt).slot("GI", dt, ACL_FLOAT).acc(ACL_FLOAT).index(
        upsampleWideIndex(a.gradOut, a.gradInput, planes, g.H, g.W, g.OH, g.OW));
    ProgramHandle program = plan.program("upsample_nearest2d", defines);
    const Operand src{Operand::Where::Input, kGradOut, 0, dt};
    const Operand dst{Operand::Where::Output, kGradInput, 0, dt};
    const int64_t H = g.H, W = g.W, OH = g.OH, OW = g.OW, C = g.C;
    auto bind = [=](Kernel &k, RunContext &ctx, auto... extra) {
        k.args(src.resolve(ctx), dst.resolve(ctx), H, W, OH, OW, C, planes, h.mode, h.scale, w.mode, w.scale, go.sN,
               go.sC, go.sH, go.sW, gi.sN, gi.sC, gi.sH, gi.sW, extra...);
    };
    // CPUs (the walking kernels, kernels/launch.h): gradInput rows per work-item, as the forward's row
    // kernel. A row's loops: every gradOut element of its rectangles (OW x the longest run along H), the walk
    // over the row's outputs that finds each column's run (OW steps and one stop a column), and the first
    // column's search of the source map (at most 64 steps; none for the shortcuts).
    const double rowTrips = static_cast<double>(OW) * runH + static_cast<double>(OW) + static_cast<double>(W) +
                            (w.mode == 2 ? 64.0 : 0.0);
    if (walkingKernelFits(plan.device(), rowTrips)) {
        auto kernel = plan.kernel(program, "upsample_nearest2d_bwd_rows");
        const RowWalk walk = rowWalk(plan.device(), kernel->maxWorkGroupSize(), H, rowTrips, planes);
        const cl_long rows = walk.rowsPerItem;
        plan.launch(kernel, walk.size, [=](Kernel &k, RunContext &ctx) { bind(k, ctx, rows); },
                    plan.logging() ? walk.describe() : std::string());
        return;
    }
    auto kernel = plan.kernel(program, "upsample_nearest2d_bwd");
    const size_t global[3] = {static_cast<size_t>(g.W), static_cast<size_t>(g.H), static_cast<size_t>(planes)};
    size_t local[3];
    fillLocalSize(plan.device(), kernel->maxWorkGroupSize(), global, kGroupTarget, local);
    plan.launch(kernel, LaunchSize::grid(3, global, local), [=](Kernel &k, RunContext &ctx) { bind(k, ctx); });
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnUpsampleNearest2dBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclIntArray *outputSize,
                                                           const aclIntArray *inputSize, double scalesH,
                                                           double scalesW, aclTensor *gradInput,
                                                           uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{gradOut, outputSize, inputSize, scalesH, scalesW, gradInput};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnUpsampleNearest2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
