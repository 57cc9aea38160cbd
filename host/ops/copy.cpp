// aclnnInplaceCopy (aclnnop/aclnn_copy.h): selfRef = src, broadcast to selfRef's shape and converted to
// its dtype, written through selfRef's view: how programs make a tensor contiguous or change its dtype.
// On the elementwise engine (the math is the value, computed in src's dtype; the store converts). The
// contract, in check order: docs/ops/copy.md. Any dtype pair is accepted, as in CANN: complex to real keeps
// the real part, floating to integer truncates and saturates (NaN gives 0).
#include "aclnnop/aclnn_copy.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnInplaceCopy";
const std::vector<aclDataType> kCopyDtypes = {ACL_INT8,   ACL_INT16,   ACL_INT32, ACL_INT64,     ACL_UINT8,
                                              ACL_UINT16, ACL_UINT32,  ACL_UINT64, ACL_FLOAT16,  ACL_FLOAT,
                                              ACL_BOOL,   ACL_DOUBLE,  ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

void plan(OpPlan &plan, const aclTensor *selfRef, const aclTensor *src) {
    const char *op = plan.checkName();
    checkNotNull(op, selfRef, "selfRef");
    checkNotNull(op, src, "src");
    checkDtypeInList(op, selfRef, "selfRef", kCopyDtypes);
    checkDtypeInList(op, src, "src", kCopyDtypes);
    checkViews(op, {{selfRef, "selfRef"}, {src, "src"}});
    checkBroadcastTo(op, selfRef, "selfRef", src, "src", selfRef, "selfRef");
    checkNoSelfOverlap(op, selfRef, "selfRef");
    requireDeviceSupports(plan.device(), selfRef->dtype, op, "selfRef");
    requireDeviceSupports(plan.device(), src->dtype, op, "src");

    plan.addInput(src, "src");
    plan.addOutput(selfRef, "selfRef");
    plan.allowInPlace(0, 0);
    if (selfRef->isEmpty() || src->isEmpty()) return;
    ElementwiseLaunch l;
    l.compute = src->dtype;
    l.a = ElementwiseOperand::input(0);
    planElementwise(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnInplaceCopyGetWorkspaceSize(aclTensor *selfRef, const aclTensor *src, uint64_t *workspaceSize,
                                             aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, selfRef, src); });
}

aclnnStatus aclnnInplaceCopy(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                             const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
