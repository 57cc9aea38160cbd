// What aclnnGeluBackward and aclnnGeluBackwardV2 share (host/ops/gelu_backward.cpp, gelu_backward_v2.cpp):
// the promoted dtype's checks (CANN's CheckPromoteTypeGeluBackward) and the launch.
#pragma once

#include <vector>

#include "common/dtype.h"
#include "engines/elementwise.h"

namespace aclcl {

// PromoteType(gradOutput, self), which must exist (161002) and be F32, F16 or BF16 (161002).
inline aclDataType geluBackwardPromoted(const char *op, const aclTensor *gradOutput, const aclTensor *self) {
    static const aclDataType kListed[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    const aclDataType promoted = promoteType(gradOutput->dtype, self->dtype);
    if (promoted == ACL_DT_UNDEFINED) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: gradOutput dtype %s and self dtype %s can't be promoted.", op,
                                                dtypeName(gradOutput->dtype), dtypeName(self->dtype)));
    }
    if (promoted != kListed[0] && promoted != kListed[1] && promoted != kListed[2]) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: The promoted dtype of gradOutput (%s) and self (%s), %s, should be in dtype support list "
                       "%s.",
                       op, dtypeName(gradOutput->dtype), dtypeName(self->dtype), dtypeName(promoted),
                       dtypeList(kListed, 3).c_str()));
    }
    return promoted;
}

// gradInput = math(a = self, b = gradOutput) in the promoted dtype, stored into gradInput's.
inline void planGeluBackward(OpPlan &plan, const aclTensor *gradOutput, const aclTensor *self,
                             const aclTensor *gradInput, aclDataType promoted, const char *math) {
    plan.addInput(gradOutput, "gradOutput");
    plan.addInput(self, "self");
    plan.addOutput(gradInput, "gradInput");
    plan.allowInPlace(0, 0);
    plan.allowInPlace(0, 1);
    if (gradOutput->isEmpty() || self->isEmpty()) return;
    ElementwiseLaunch l;
    l.math = math;
    l.compute = promoted;
    l.a = ElementwiseOperand::input(1);
    l.b = ElementwiseOperand::input(0);
    planElementwise(plan, l);
}

}  // namespace aclcl
