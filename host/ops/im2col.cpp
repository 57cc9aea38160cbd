// aclnnIm2col (aclnnop/aclnn_im2col.h): the sliding blocks of an image as columns (PyTorch unfold),
// a gather copy with zeros where a block leaves the image, then the cast to out's dtype
// (cl_kernels/im2col.cl). The contract, in check order: docs/ops/im2col.md.
#include <algorithm>
#include <initializer_list>
#include <vector>

#include "aclnnop/aclnn_im2col.h"
#include "common/dtype.h"
#include "ops/im2col_window.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnIm2col";
// Executor indices, in CANN's argument order.
constexpr size_t kSelf = 0;
constexpr size_t kOut = 0;

constexpr size_t kElementGroupTarget = 256;  // work-items per group, element kernel
constexpr size_t kRowGroupTarget = 64;        // work-items per group, row kernel
// Block rows (oh) per work-item of the row kernel: on PoCL (2 cores, speed case) 1 took 24 ms, 4 took
// 12 ms, 16 to 56 took 3.2 to 4.2 ms (a loaded machine); 16 keeps N*C*kh*kw*L0/16 items for small N*C.
constexpr int64_t kBlockRowsPerItem = 16;

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

    const std::vector<int64_t> is = withBatch(plan.input(kSelf), 4), os = withBatch(plan.output(kOut), 3);
    const int64_t L = g.L0 * g.L1, lines = g.N * g.rows;
    // Every index the kernels form: both views' element offsets, the grid, and the coordinates
    // (|ih| <= 2 (H + 2 PH), likewise iw).
    IndexWidth width;
    width.coverView(a.self->viewDims, a.self->strides).coverView(a.out->viewDims, a.out->strides);
    width.cover(static_cast<double>(lines) * static_cast<double>(L) + kElementGroupTarget)
        .cover(4.0 * (static_cast<double>(g.H) + static_cast<double>(g.W)) +
               8.0 * (static_cast<double>(g.PH) + static_cast<double>(g.PW)) + 64.0);

    const bool cast = a.self->dtype != a.out->dtype;
    Defines defines;
    defines.flag("CAST", cast).index(width.wide());
    if (cast) {
        defines.slot("IN", a.self->dtype).slot("OUT", a.out->dtype, a.self->dtype);
    } else {
        defines.raw("ELEM", dtypeSize(a.self->dtype));
    }
    // The row kernel walks up to kBlockRowsPerItem block rows of L1 columns per work-item: as many as
    // kMaxWalkTrips allows (launch.h), and none when one block row alone is longer.
    const bool element = !walkingKernelFits(plan.device(), static_cast<double>(g.L1));
    // The row kernel's copy in vectors of 8 where work-items are packed into lanes (see below).
    defines.flag("VEC_COPY", !element && !cast && dtypeSize(a.self->dtype) <= 8 && plan.device().packsWorkItems);
    ProgramHandle program = plan.program("im2col", defines);
    const Operand src{Operand::Where::Input, kSelf, 0, a.self->dtype};
    const Operand dst{Operand::Where::Output, kOut, 0, a.out->dtype};
    const int64_t geo[13] = {g.H, g.W, g.C, g.rows, g.L0, g.L1, g.KW, g.SH, g.SW, g.DH, g.DW, g.PH, g.PW};
    const int64_t perItem =
        element ? 1
                : std::max<int64_t>(1, std::min({g.L0, kBlockRowsPerItem,
                                                 static_cast<int64_t>(kMaxWalkTrips) / std::max<int64_t>(g.L1, 1)}));
    auto bind = [=](Kernel &k, RunContext &ctx) {
        if (element) {
            k.args(src.resolve(ctx), dst.resolve(ctx), geo[0], geo[1], geo[2], geo[3], geo[4], geo[5], geo[6], geo[7],
                   geo[8], geo[9], geo[10], geo[11], geo[12], g.N, is[0], is[1], is[2], is[3], os[0], os[1], os[2]);
        } else {
            k.args(src.resolve(ctx), dst.resolve(ctx), geo[0], geo[1], geo[2], geo[3], geo[4], geo[5], geo[6], geo[7],
                   geo[8], geo[9], geo[10], geo[11], geo[12], g.N, is[0], is[1], is[2], is[3], os[0], os[1], os[2],
                   perItem);
        }
    };
    // GPUs (and the tests, through the ManyWorkItemKernels hook): one work-item per out element. CPUs: one
    // work-item per up to 16 block rows (16 x L1 columns of one out row). 1-D with a fixed local size
    // (one PoCL build whatever the geometry). Where the compiler runs neighbouring work-items in SIMD
    // lanes (Device::packsWorkItems: Intel's runtime), the row kernel's loops along a row would become
    // gathers across lanes: there it runs one work-item per group, as pad2d_fwd_rows does, with its
    // unit-stride copy in vectors of 8 (VEC_COPY, above; speed case on Intel's runtime 10.2 -> 4.3 ms
    // with the groups, 2.5 ms with the vectors; a column-per-lane kernel, tried instead, took 16-19 ms
    // there, its runtime strides making every load and store a gather).
    auto kernel = plan.kernel(program, element ? "im2col_fwd" : "im2col_fwd_rows");
    const int64_t perLine = element ? L : (g.L0 + perItem - 1) / perItem;
    const size_t items = static_cast<size_t>(lines) * static_cast<size_t>(perLine);
    const size_t rowGroup = plan.device().packsWorkItems ? 1 : kRowGroupTarget;
    const size_t local = std::min(kernel->maxWorkGroupSize(), element ? kElementGroupTarget : rowGroup);
    plan.launch(kernel, LaunchSize::linear(items, local), bind);
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
