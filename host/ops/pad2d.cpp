// aclnnReflectionPad2d (aclnnop/aclnn_reflection_pad2d.h) and aclnnReplicationPad2d
// (aclnnop/aclnn_replication_pad2d.h): 2-D reflection / replication padding, a gather copy of each
// element's bytes (cl_kernels/pad2d.cl). The contract, in check order: docs/ops/reflection_pad2d.md
// and docs/ops/replication_pad2d.md.
#include <algorithm>

#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "common/layout.h"
#include "ops/op_plan.h"
#include "ops/pad2d_gather.h"

namespace aclcl {

namespace {

// Executor indices, in CANN's argument order.
constexpr size_t kSelf = 0;
constexpr size_t kOut = 0;

// The gather's sizes, pads and planes (its mode and strides set once checked), and whether there is nothing to
// compute.
struct PadGeometry : Pad2dGather {
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

    Pad2dGather g = geo;
    g.mode = a.mode;
    const std::vector<int64_t> inStrides = nchwStrides(plan.input(kSelf).strides);
    const std::vector<int64_t> outStrides = nchwStrides(plan.output(kOut).strides);
    std::copy(inStrides.begin(), inStrides.end(), g.inStrides);
    std::copy(outStrides.begin(), outStrides.end(), g.outStrides);
    planPad2dGather(plan, g, kSelf, kOut, a.self, a.out);
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
