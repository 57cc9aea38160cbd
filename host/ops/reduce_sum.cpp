// aclnnReduceSum (aclnnop/aclnn_reduce_sum.h): out = the sum of self cast to `dtype` over `dims`, a row of the
// reduction engine (host/engines/reduction.h). The contract, in check order: docs/ops/reduce_sum.md.
// dtype BOOL is a logical OR (CANN's ReduceAny); integers wrap at the dtype's width. An empty self fills out
// with 0 (out's shape unchecked, as CANN); a 0-d self gives out = cast(self) (out of one element: ours).
#include "aclnnop/aclnn_reduce_sum.h"
#include "engines/elementwise.h"
#include "engines/reduction.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnReduceSum";
const std::vector<aclDataType> kReduceSumDtypes = {ACL_FLOAT16, ACL_FLOAT, ACL_INT8,   ACL_INT16,     ACL_INT32,
                                                   ACL_INT64,   ACL_UINT8, ACL_BOOL,   ACL_DOUBLE,    ACL_COMPLEX64,
                                                   ACL_COMPLEX128, ACL_BF16};
// What an empty self's zeros may be stored into (CANN fills through a kernel without complex).
const std::vector<aclDataType> kFillDtypes = {ACL_FLOAT16, ACL_FLOAT, ACL_INT8, ACL_INT16, ACL_INT32,
                                              ACL_INT64,   ACL_UINT8, ACL_BOOL, ACL_DOUBLE, ACL_BF16};

constexpr ReductionRow kReduceSum{kApi, "0", "RD_SUM(acc, x)", "RD_SUM(acc, other)", "acc"};

void plan(OpPlan &plan, const aclTensor *self, const aclIntArray *dims, bool keepDims, aclDataType dtype,
          const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, self, "self");
    checkNotNull(op, dims, "dims");
    checkNotNull(op, out, "out");
    checkDtypeInList(op, self, "self", kReduceSumDtypes);
    checkDtypeInList(op, out, "out", kReduceSumDtypes);
    checkDtypeArgument(op, dtype, "dtype", kReduceSumDtypes);
    if (out->dtype != dtype) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected out to have the requested dtype %s, but found %s.", op,
                                                dtypeName(dtype), dtypeName(out->dtype)));
    }
    checkViews(op, {{self, "self"}, {out, "out"}});
    const std::vector<bool> reduced = reducedDims(op, self, dims, "dims");
    if (self->isEmpty()) {
        checkDtypeInList(op, out, "out", kFillDtypes);
    } else {
        checkReducedShape(op, out, "out", reducedShape(self, reduced, keepDims));
    }
    checkNoSelfOverlap(op, out, "out");
    requireDeviceSupports(plan.device(), self->dtype, op, "self");
    requireDeviceSupports(plan.device(), out->dtype, op, "out");

    plan.addInput(self, "self");
    plan.addOutput(out, "out");
    plan.describeAttribute("dims", dims);
    plan.describeAttribute("keepDims", static_cast<int64_t>(keepDims));
    plan.describeAttribute("dtype", static_cast<int64_t>(dtype));
    if (self->isEmpty()) {
        planReductionFill(plan, 0, 0.0);
        return;
    }
    ReductionLaunch l;
    l.row = &kReduceSum;
    l.accumulate = dtype;
    l.reduced = reduced;
    l.keepDim = keepDims;
    planReduction(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnReduceSumGetWorkspaceSize(const aclTensor *self, const aclIntArray *dims, bool keepDims,
                                           aclDataType dtype, aclTensor *out, uint64_t *workspaceSize,
                                           aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, self, dims, keepDims, dtype, out); });
}

aclnnStatus aclnnReduceSum(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
