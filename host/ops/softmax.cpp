// aclnnSoftmax (aclnnop/aclnn_softmax.h): out = exp(x - max) / sum(exp(x - max)) along `dim`, computed in
// self's dtype (fp16 / bf16 in fp32, rounded once) and cast to out's. The ALONG form of the reduction engine
// (host/engines/reduction.h): the row's max, then the sum of exp(x - max) in the engine's fixed order, then
// each element: exp(x - max) times the row's 1 / sum (one division a row, as PyTorch's, instead of one an
// element; the compilers hoist it out of the elements' loop). A NaN in a row, or an infinity (inf - inf), makes
// the row NaN, as PyTorch's. The contract, in CANN's check order: docs/ops/softmax.md. An empty self succeeds
// before any other check, as CANN's.
#include "aclnnop/aclnn_softmax.h"
#include "engines/elementwise.h"
#include "engines/reduction.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnSoftmax";
const std::vector<aclDataType> kSoftmaxDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};

constexpr ReductionAlongRow kSoftmax{kApi,
                                     "-INFINITY",
                                     "fmax(acc, x)",
                                     "fmax(acc, other)",
                                     "0",
                                     "acc + RD_TERM(x, y, first)",
                                     "acc + other",
                                     "RD_TERM(x, y, first) * (1 / second)",
                                     "exp(x - first)"};

void plan(OpPlan &plan, const aclTensor *self, int64_t dim, const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, self, "self");
    checkNotNull(op, out, "out");
    // Empty: success at once (CANN's order), once the view is a real one (ours: no negative dim).
    if (self->isEmpty()) {
        checkView(op, self, "self");
        return;
    }
    checkDtypeInList(op, self, "self", kSoftmaxDtypes);
    checkDtypeInList(op, out, "out", kSoftmaxDtypes);
    const int64_t along = alongDim(op, self, dim, "dim");
    checkViews(op, {{self, "self"}, {out, "out"}});
    checkSameShape(op, out, "out", self, "self");
    checkNoSelfOverlap(op, out, "out");
    requireDeviceSupports(plan.device(), self->dtype, op, "self");
    requireDeviceSupports(plan.device(), out->dtype, op, "out");

    plan.addInput(self, "self");
    plan.addOutput(out, "out");
    plan.allowInPlace(0, 0);
    plan.describeAttribute("dim", dim);
    ReductionAlongLaunch l;
    l.row = &kSoftmax;
    l.accumulate = self->dtype;
    l.dim = along;
    planReductionAlong(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out, uint64_t *workspaceSize,
                                         aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, self, dim, out); });
}
aclnnStatus aclnnSoftmax(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
