// aclnnArgMax (aclnnop/aclnn_argmax.h): out = the index of self's maximum along `dim`, as PyTorch's argmax: the
// first maximal index, a NaN counting as maximal (the first NaN wins). The ARG form of the reduction engine
// (host/engines/reduction.h): each output keeps its winning element and that element's position, in the
// engine's fixed order, so the index is the same on every run, path and device. The contract, in CANN's check
// order: docs/ops/argmax.md. An empty self or out succeeds with nothing to do, as CANN's.
#include "aclnnop/aclnn_argmax.h"
#include "engines/elementwise.h"
#include "engines/reduction.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnArgMax";
const std::vector<aclDataType> kArgMaxDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT8, ACL_INT16,
                                                ACL_INT32, ACL_INT64,   ACL_UINT8,  ACL_BF16};

// a wins over b: a NaN over anything but a NaN, otherwise the greater (RD_ISNAN is 0 for integers).
constexpr ReductionRow kArgMax{kApi, "0", "acc", "acc", "acc", "RD_ISNAN(a) ? !RD_ISNAN(b) : (a > b)"};

void plan(OpPlan &plan, const aclTensor *self, int64_t dim, bool keepdim, const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, self, "self");
    checkNotNull(op, out, "out");
    checkDtypeInList(op, self, "self", kArgMaxDtypes);
    checkViews(op, {{self, "self"}, {out, "out"}});
    const int64_t along = alongDim(op, self, dim, "dim");
    if (self->isEmpty() || out->isEmpty()) return;
    // CANN does not list out's dtypes (its doc: INT32, INT64); ours: any dtype the engine stores an index into.
    checkDtypeInList(op, out, "out", kStorableDtypes);
    std::vector<bool> reduced(static_cast<size_t>(self->rank()), false);
    if (self->rank() > 0) reduced[static_cast<size_t>(along)] = true;
    checkReducedShape(op, out, "out", reducedShape(self, reduced, keepdim));
    checkNoSelfOverlap(op, out, "out");
    requireDeviceSupports(plan.device(), self->dtype, op, "self");
    requireDeviceSupports(plan.device(), out->dtype, op, "out");

    plan.addInput(self, "self");
    plan.addOutput(out, "out");
    plan.describeAttribute("dim", dim);
    plan.describeAttribute("keepdim", static_cast<int64_t>(keepdim));
    ReductionLaunch l;
    l.row = &kArgMax;
    l.accumulate = self->dtype;
    l.reduced = reduced;
    l.keepDim = keepdim;
    planReduction(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnArgMaxGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepdim, aclTensor *out,
                                        uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, self, dim, keepdim, out); });
}

aclnnStatus aclnnArgMax(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
