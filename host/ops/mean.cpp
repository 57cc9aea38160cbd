// aclnnMean and aclnnMeanV2 (aclnnop/aclnn_mean.h): out = the mean of self cast to `dtype` over `dim`, a row
// of the reduction engine (host/engines/reduction.h): the sum accumulated as ReduceSum's, divided once by the
// element count at the end and rounded once to `dtype`, then converted to out's dtype. The contract, in check
// order: docs/ops/mean.md. An empty self fills out with NaN (out's shape unchecked, as CANN). Integer dtypes
// (which CANN accepts and PyTorch refuses) sum wrapping at their width and divide truncating toward zero.
#include "aclnnop/aclnn_mean.h"
#include "engines/elementwise.h"
#include "engines/reduction.h"

#include <cmath>
#include <limits>

namespace aclcl {
namespace {

const std::vector<aclDataType> kMeanDtypes = {ACL_FLOAT, ACL_INT32,  ACL_INT64, ACL_FLOAT16,   ACL_INT16,     ACL_INT8,
                                              ACL_UINT8, ACL_DOUBLE, ACL_BF16,  ACL_COMPLEX64, ACL_COMPLEX128};
// What an empty self's NaN may be stored into.
const std::vector<aclDataType> kFillDtypes = {ACL_FLOAT16, ACL_FLOAT, ACL_INT8, ACL_INT16, ACL_INT32,
                                              ACL_INT64,   ACL_UINT8, ACL_BOOL, ACL_DOUBLE, ACL_BF16};

constexpr ReductionRow kMean{"aclnnMean", "0", "RD_SUM(acc, x)", "RD_SUM(acc, other)", "RD_DIV(acc, count)"};
constexpr ReductionRow kMeanV2{"aclnnMeanV2", "0", "RD_SUM(acc, x)", "RD_SUM(acc, other)", "RD_DIV(acc, count)"};

void checkCanCast(const char *op, aclDataType from, const char *fromArg, aclDataType to, const char *toArg) {
    if (canCast(from, to)) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: %s dtype %s can't be cast to %s dtype %s.", op, fromArg,
                                            dtypeName(from), toArg, dtypeName(to)));
}

// The shared tail: dims, views, the empty fill or the reduction.
void planMean(OpPlan &plan, const ReductionRow &row, const aclTensor *self, const aclIntArray *dim, bool keepDim,
              bool reduceNothing, aclDataType dtype, const aclTensor *out) {
    const char *op = plan.checkName();
    std::vector<bool> reduced = reducedDims(op, self, dim, "dim");
    if (reduceNothing) reduced.assign(reduced.size(), false);
    checkViews(op, {{self, "self"}, {out, "out"}});
    if (self->isEmpty()) {
        checkDtypeInList(op, out, "out", kFillDtypes);
    } else {
        checkReducedShape(op, out, "out", reducedShape(self, reduced, keepDim));
    }
    checkNoSelfOverlap(op, out, "out");
    requireDeviceSupports(plan.device(), self->dtype, op, "self");
    requireDeviceSupports(plan.device(), dtype, op, "dtype");
    requireDeviceSupports(plan.device(), out->dtype, op, "out");

    plan.addInput(self, "self");
    plan.addOutput(out, "out");
    plan.describeAttribute("dim", dim);
    plan.describeAttribute("keepDim", static_cast<int64_t>(keepDim));
    plan.describeAttribute("dtype", static_cast<int64_t>(dtype));
    if (self->isEmpty()) {
        planReductionFill(plan, 0, std::numeric_limits<double>::quiet_NaN());
        return;
    }
    ReductionLaunch l;
    l.row = &row;
    l.accumulate = dtype;
    l.reduced = reduced;
    l.keepDim = keepDim;
    planReduction(plan, l);
}

void plan(OpPlan &plan, const aclTensor *self, const aclIntArray *dim, bool keepDim, aclDataType dtype,
          const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, self, "self");
    checkNotNull(op, dim, "dim");
    checkNotNull(op, out, "out");
    checkDtypeInList(op, self, "self", kMeanDtypes);
    checkDtypeArgument(op, dtype, "dtype", kMeanDtypes);
    checkDtypeInList(op, out, "out", kMeanDtypes);
    checkCanCast(op, self->dtype, "self", dtype, "the requested");
    checkCanCast(op, dtype, "the requested", out->dtype, "out");
    planMean(plan, kMean, self, dim, keepDim, false, dtype, out);
}

// MeanV2 (ONNX's ReduceMean): self's dtype throughout; an empty dim with noopWithEmptyAxes copies self.
void planV2(OpPlan &plan, const aclTensor *self, const aclIntArray *dim, bool keepDim, bool noopWithEmptyAxes,
            const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, self, "self");
    checkNotNull(op, dim, "dim");
    checkNotNull(op, out, "out");
    checkDtypeInList(op, self, "self", kMeanDtypes);
    if (out->dtype != self->dtype) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected out to have self's dtype %s, but found %s.", op,
                                                dtypeName(self->dtype), dtypeName(out->dtype)));
    }
    planMean(plan, kMeanV2, self, dim, keepDim, noopWithEmptyAxes && dim->values.empty(), self->dtype, out);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnMeanGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim, aclDataType dtype,
                                      aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator("aclnnMean", workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, self, dim, keepDim, dtype, out); });
}
aclnnStatus aclnnMean(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnMean", workspace, workspaceSize, executor, stream);
}
aclnnStatus aclnnMeanV2GetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim,
                                        bool noopWithEmptyAxes, aclTensor *out, uint64_t *workspaceSize,
                                        aclOpExecutor **executor) {
    return aclcl::planOperator("aclnnMeanV2", workspaceSize, executor, [&](aclcl::OpPlan &plan) {
        aclcl::planV2(plan, self, dim, keepDim, noopWithEmptyAxes, out);
    });
}
aclnnStatus aclnnMeanV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor("aclnnMeanV2", workspace, workspaceSize, executor, stream);
}
