// aclnnIm2col (aclnnop/aclnn_im2col.h): the sliding blocks of an image as columns (PyTorch unfold),
// a gather copy with zeros where a block leaves the image, then the cast to out's dtype
// (cl_kernels/im2col.cl). The contract, in check order: docs/ops/im2col.md.
#include <algorithm>
#include <initializer_list>
#include <vector>

#include "aclnnop/aclnn_im2col.h"
#include "common/dtype.h"
#include "ops/im2col_gather.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnIm2col";
// Executor indices, in CANN's argument order.
constexpr size_t kSelf = 0;
constexpr size_t kOut = 0;

struct Geometry : Im2colWindow {
    int64_t N = 1, C = 0, H = 0, W = 0;
    int64_t rows = 0;  // C * KH * KW
    bool empty = false;  // N == 0: nothing to compute
};

// out's dtype: any in the list that self's values convert to (PyTorch's rule for out=: no complex ->
// real, no floating -> integral, no non-bool -> bool); COMPLEX32 only as a copy (no kernel slot
// converts it).
void checkOutCast(const char *op, const aclTensor *self, const aclTensor *out) {
    const aclDataType from = self->dtype, to = out->dtype;
    if (from == to) return;
    if (from == ACL_COMPLEX32 || to == ACL_COMPLEX32) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected out to have self's dtype when either is DT_COMPLEX32 (no cast to or from "
                       "DT_COMPLEX32 is supported), but found self %s and out %s.",
                       op, dtypeName(from), dtypeName(to)));
    }
    if (!canCast(from, to)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected out's dtype to be one self's dtype %s can be cast to (no complex -> real, no "
                       "floating -> integral, no non-bool -> bool), but found %s.",
                       op, dtypeName(from), dtypeName(to)));
    }
}

// The checks in CANN's order (its aclnn_im2col.cpp): nulls; (views); self's dtype, (out's dtype and
// the cast, fp64 on the device); self 3-D or 4-D with C, H, W > 0; the four arrays' sizes; kernelSize,
// stride, dilation > 0 and padding >= 0; at least one sliding block per axis; out's shape; (out not
// self-overlapping). The parenthesised checks are ours.
Geometry validate(const char *op, const Device &device, const aclTensor *self, const aclIntArray *kernelSize,
                  const aclIntArray *dilation, const aclIntArray *padding, const aclIntArray *stride,
                  const aclTensor *out) {
    checkNotNull(op, self, "self");
    checkNotNull(op, kernelSize, "kernelSize");
    checkNotNull(op, dilation, "dilation");
    checkNotNull(op, padding, "padding");
    checkNotNull(op, stride, "stride");
    checkNotNull(op, out, "out");
    checkViews(op, {{self, "self"}, {out, "out"}});

    checkDtypeIn(op, self, "self", kIm2colDtypes);
    checkDtypeIn(op, out, "out", kIm2colDtypes);
    checkOutCast(op, self, out);
    requireDeviceSupports(device, self->dtype, op, "self");
    requireDeviceSupports(device, out->dtype, op, "out");

    checkRankIn(op, self, "self", {3, 4});
    const int64_t first = self->rank() == 4 ? 1 : 0;
    for (int64_t d = first; d < self->rank(); ++d) {
        if (self->viewDims[static_cast<size_t>(d)] > 0) continue;
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected self's C, H and W to be positive (only a 4-D self's N may be 0), but found "
                       "self shape %s.",
                       op, self->shapeString().c_str()));
    }

    // CANN's order: the four sizes (kernelSize, dilation, padding, stride), then the values
    // (kernelSize, stride, dilation > 0; padding >= 0).
    const struct {
        const aclIntArray *array;
        const char *name;
    } sized[] = {{kernelSize, "kernelSize"}, {dilation, "dilation"}, {padding, "padding"}, {stride, "stride"}};
    for (const auto &a : sized) checkArraySize(op, a.array, a.name, 2);
    const struct {
        const aclIntArray *array;
        const char *name;
        int64_t min;
    } ranged[] = {{kernelSize, "kernelSize", 1}, {stride, "stride", 1}, {dilation, "dilation", 1},
                  {padding, "padding", 0}};
    for (const auto &a : ranged) checkWindowValues(op, a.array, a.name, a.min);

    Geometry g;
    static_cast<Im2colWindow &>(g) = Im2colWindow(kernelSize, dilation, padding, stride);
    if (self->rank() == 4) g.N = self->dim(0);
    g.C = self->dim(-3);
    g.H = self->dim(-2);
    g.W = self->dim(-1);
    g.slideOver(g.H, g.W);
    const std::string window = windowString(kernelSize, dilation, padding, stride);
    if (!g.hasBlocks()) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Given self shape %s, %s, expected at least one sliding block per axis, but the "
                       "blocks (%lld, %lld) are too small (non-positive).",
                       op, self->shapeString().c_str(), window.c_str(), static_cast<long long>(g.L0),
                       static_cast<long long>(g.L1)));
    }
    int64_t L = 0;
    const bool overflow = __builtin_mul_overflow(g.C, g.taps(), &g.rows) || __builtin_mul_overflow(g.L0, g.L1, &L);
    std::vector<int64_t> expected = {g.rows, L};
    if (self->rank() == 4) expected.insert(expected.begin(), g.N);
    if (overflow || out->viewDims != expected) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Given self shape %s, %s, expected out to have shape %s (C*kh*kw, L0*L1 blocks "
                       "(%lld, %lld)), but found %s.",
                       op, self->shapeString().c_str(), window.c_str(),
                       overflow ? "beyond int64" : dimsString(expected).c_str(), static_cast<long long>(g.L0),
                       static_cast<long long>(g.L1), out->shapeString().c_str()));
    }
    checkNoSelfOverlap(op, out, "out");
    g.empty = g.N == 0;
    return g;
}

// Strides of self as (N, C, H, W) and of out as (N, rows, columns); a missing N has stride 0.
std::vector<int64_t> withBatch(const aclTensor &t, int64_t rank) {
    if (t.rank() == rank) return t.strides;
    std::vector<int64_t> s = {0};
    s.insert(s.end(), t.strides.begin(), t.strides.end());
    return s;
}

struct Args {
    const aclTensor *self;
    const aclIntArray *kernelSize, *dilation, *padding, *stride;
    const aclTensor *out;
};

void plan(OpPlan &plan, const Args &a) {
    const Geometry g = validate(plan.checkName(), plan.device(), a.self, a.kernelSize, a.dilation, a.padding,
                                a.stride, a.out);
    plan.addInput(a.self, "self");
    plan.addOutput(a.out, "out");
    plan.describeAttribute("kernelSize", a.kernelSize);
    plan.describeAttribute("dilation", a.dilation);
    plan.describeAttribute("padding", a.padding);
    plan.describeAttribute("stride", a.stride);
    if (g.empty) return;

    // self as (N, C, H, W) and out as (N, rows, columns), read and written in place through their strides.
    std::vector<int64_t> outDims = a.out->viewDims;
    if (outDims.size() == 2) outDims.insert(outDims.begin(), 1);
    const GatherBuffer src{Operand{Operand::Where::Input, kSelf, 0, a.self->dtype}, 0, {g.N, g.C, g.H, g.W},
                           withBatch(plan.input(kSelf), 4)};
    const GatherBuffer dst{Operand{Operand::Where::Output, kOut, 0, a.out->dtype}, 0, outDims,
                           withBatch(plan.output(kOut), 3)};
    planIm2col(plan, g, src, dst);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnIm2colGetWorkspaceSize(const aclTensor *self, const aclIntArray *kernelSize,
                                        const aclIntArray *dilation, const aclIntArray *padding,
                                        const aclIntArray *stride, const aclTensor *out, uint64_t *workspaceSize,
                                        aclOpExecutor **executor) {
    const aclcl::Args args{self, kernelSize, dilation, padding, stride, out};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnIm2col(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
