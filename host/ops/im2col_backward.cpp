// aclnnIm2colBackward (aclnnop/aclnn_im2col_backward.h): the gradient of im2col (col2im, PyTorch
// fold), as a gather with one work-item per output pixel (cl_kernels/im2col_backward.cl).
#include <algorithm>
#include <climits>
#include <memory>
#include <numeric>

#include "aclnnop/aclnn_im2col_backward.h"
#include "common/dtype.h"
#include "ops/im2col_gather.h"
#include "ops/op_plan.h"
#include "common/test_hooks.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnIm2colBackward";
constexpr size_t kGradOutput = 0;  // executor input index
constexpr size_t kOut = 0;         // executor output index

struct Geometry : Im2colWindow {
    int64_t N = 1, C = 0, H = 0, W = 0;
};

// The checks, in the order of the contract (docs/ops/im2col_backward.md); returns the geometry of a
// valid call.
Geometry validate(const char *op, const Device &device, const aclTensor *gradOutput, const aclIntArray *inputSize,
                  const aclIntArray *kernelSize, const aclIntArray *dilation, const aclIntArray *padding,
                  const aclIntArray *stride, const aclTensor *out) {
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, inputSize, "inputSize");
    checkNotNull(op, kernelSize, "kernelSize");
    checkNotNull(op, dilation, "dilation");
    checkNotNull(op, padding, "padding");
    checkNotNull(op, stride, "stride");
    checkNotNull(op, out, "out");
    checkViews(op, {{gradOutput, "gradOutput"}, {out, "out"}});

    checkDtypeIn(op, gradOutput, "gradOutput", kIm2colBackwardDtypes);
    checkDtypeIn(op, out, "out", kIm2colBackwardDtypes);
    requireDeviceSupports(device, gradOutput->dtype, op, "gradOutput");
    requireDeviceSupports(device, out->dtype, op, "out");

    checkRankIn(op, gradOutput, "gradOutput", {2, 3});
    checkRankIn(op, out, "out", {gradOutput->rank() + 1});

    const struct {
        const aclIntArray *array;
        const char *name;
    } arrays[] = {{inputSize, "inputSize"}, {kernelSize, "kernelSize"}, {dilation, "dilation"},
                  {padding, "padding"},     {stride, "stride"}};
    for (const auto &a : arrays) checkArraySize(op, a.array, a.name, 2);

    // Attribute values: kernel, stride, dilation > 0; padding and inputSize >= 0 (host/ops/im2col_window.h).
    const struct {
        const aclIntArray *array;
        const char *name;
        int64_t min;
    } ranges[] = {{kernelSize, "kernelSize", 1}, {stride, "stride", 1}, {dilation, "dilation", 1},
                  {padding, "padding", 0},       {inputSize, "inputSize", 0}};
    for (const auto &r : ranges) checkWindowValues(op, r.array, r.name, r.min);

    Geometry g;
    static_cast<Im2colWindow &>(g) = Im2colWindow(kernelSize, dilation, padding, stride);
    g.H = inputSize->values[0];
    g.W = inputSize->values[1];

    const int64_t taps = g.taps();
    const int64_t rows = gradOutput->dim(-2);
    if (rows % taps != 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected gradOutput's dimension %lld (size %lld) to be divisible by the product of "
                       "kernelSize %s (%lld), but it is not (gradOutput shape %s).",
                       op, static_cast<long long>(gradOutput->rank() - 2), static_cast<long long>(rows),
                       kernelSize->toString().c_str(), static_cast<long long>(taps),
                       gradOutput->shapeString().c_str()));
    }

    g.slideOver(g.H, g.W);
    const std::string window = windowString(kernelSize, dilation, padding, stride);
    if (!g.hasBlocks()) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Given inputSize %s, %s, the sliding blocks (%lld, %lld) are too small "
                       "(non-positive); gradOutput shape %s.",
                       op, inputSize->toString().c_str(), window.c_str(), static_cast<long long>(g.L0),
                       static_cast<long long>(g.L1), gradOutput->shapeString().c_str()));
    }
    const int64_t L = g.L0 * g.L1;
    if (gradOutput->dim(-1) != L) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Given inputSize %s, %s, expected gradOutput's last dimension to be the number of "
                       "sliding blocks %lld * %lld = %lld, but found %lld (gradOutput shape %s).",
                       op, inputSize->toString().c_str(), window.c_str(), static_cast<long long>(g.L0),
                       static_cast<long long>(g.L1), static_cast<long long>(L),
                       static_cast<long long>(gradOutput->dim(-1)), gradOutput->shapeString().c_str()));
    }

    g.C = rows / taps;
    std::vector<int64_t> expected;
    if (gradOutput->rank() == 3) {
        g.N = gradOutput->dim(0);
        expected.push_back(g.N);
    }
    expected.insert(expected.end(), {g.C, g.H, g.W});
    checkShapeIs(op, out, "out", expected);
    checkNoSelfOverlap(op, out, "out");
    return g;
}

struct Args {
    const aclTensor *gradOutput;
    const aclIntArray *inputSize, *kernelSize, *dilation, *padding, *stride;
    const aclTensor *out;
};

void plan(OpPlan &plan, const Args &a) {
    const aclTensor *gradOutput = a.gradOutput, *out = a.out;
    const Geometry g = validate(plan.checkName(), plan.device(), gradOutput, a.inputSize, a.kernelSize,
                                a.dilation, a.padding, a.stride, out);
    plan.addInput(gradOutput, "gradOutput");
    plan.addOutput(out, "out");
    plan.describeAttribute("inputSize", a.inputSize);
    plan.describeAttribute("kernelSize", a.kernelSize);
    plan.describeAttribute("dilation", a.dilation);
    plan.describeAttribute("padding", a.padding);
    plan.describeAttribute("stride", a.stride);
    if (gradOutput->isEmpty() || out->isEmpty()) return;  // nothing to compute

    const int64_t taps = g.KH * g.KW;
    // gradOutput as (nc, tap, column) and out as (nc, h, w): used in place when (n, c) collapse
    // into one index, else packed (in) or staged (out) contiguously by the plan.
    const bool rank3 = gradOutput->rank() == 3;
    const int outer = rank3 ? 0 : -1;
    const MergedView gv = plan.mergedInput(kGradOutput, gradOutput->dtype, outer, rank3 ? 1 : 0, g.N, g.C, taps);
    const MergedView ov = plan.mergedOutput(kOut, out->dtype, outer, out->rank() - 3, g.N, g.C);
    const size_t r = static_cast<size_t>(out->rank());
    const GatherBuffer cols{gv.operand, 0, {g.N, g.C * taps, g.L0 * g.L1},
                            {rank3 ? gv.strides[0] : 0, gv.strides[rank3 ? 1 : 0], gv.strides[rank3 ? 2 : 1]}};
    const GatherBuffer image{ov.operand, 0, {g.N, g.C, g.H, g.W},
                             {r == 4 ? ov.strides[0] : 0, ov.strides[r - 3], ov.strides[r - 2], ov.strides[r - 1]}};
    planCol2im(plan, g, cols, gv.mergedStride, image, ov.mergedStride);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnIm2colBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclIntArray *inputSize,
                                                const aclIntArray *kernelSize, const aclIntArray *dilation,
                                                const aclIntArray *padding, const aclIntArray *stride, aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{gradOutput, inputSize, kernelSize, dilation, padding, stride, out};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnIm2colBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
