// aclnnLogSoftmax (aclnnop/aclnn_logsoftmax.h): out = x - max - log(sum(exp(x - max))) along `dim`, computed in
// OUT's dtype (self cast to it first; fp16 / bf16 in fp32, rounded once). The ALONG form of the reduction engine
// (host/engines/reduction.h), as Softmax's. The contract, in CANN's check order (dim first): docs/ops/log_softmax.md.
#include "aclnnop/aclnn_logsoftmax.h"
#include "engines/elementwise.h"
#include "engines/reduction.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnLogSoftmax";
const std::vector<aclDataType> kLogSoftmaxDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};

constexpr ReductionAlongRow kLogSoftmax{kApi,
                                        "-INFINITY",
                                        "fmax(acc, x)",
                                        "fmax(acc, other)",
                                        "0",
                                        "acc + exp(x - first)",
                                        "acc + other",
                                        "x - first - log(second)"};

void plan(OpPlan &plan, const aclTensor *self, int64_t dim, const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, self, "self");
    checkNotNull(op, out, "out");
    const int64_t along = alongDim(op, self, dim, "dim");
    checkDtypeInList(op, self, "self", kLogSoftmaxDtypes);
    checkDtypeInList(op, out, "out", kLogSoftmaxDtypes);
    checkViews(op, {{self, "self"}, {out, "out"}});
    checkSameShape(op, out, "out", self, "self");
    checkNoSelfOverlap(op, out, "out");
    requireDeviceSupports(plan.device(), self->dtype, op, "self");
    requireDeviceSupports(plan.device(), out->dtype, op, "out");

    plan.addInput(self, "self");
    plan.addOutput(out, "out");
    plan.allowInPlace(0, 0);
    plan.describeAttribute("dim", dim);
    if (self->isEmpty()) return;
    ReductionAlongLaunch l;
    l.row = &kLogSoftmax;
    l.accumulate = out->dtype;
    l.dim = along;
    planReductionAlong(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnLogSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out,
                                            uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, self, dim, out); });
}
aclnnStatus aclnnLogSoftmax(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
