#include "harness/group_norm_attributes.h"
#include "harness/group_norm_swish_grad.h"

namespace reliability {
namespace {

class GroupNormSwishGradHarness : public GroupNormHarness {
public:
    GroupNormSwishGradHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kGroupNormSwishGrad);
        addTensor("dy", xShape_, ACL_FLOAT, layout, random(xShape_, seed));
        addTensor("mean", statsShape_, ACL_FLOAT, layout, random(statsShape_, seed + 1));
        addTensor("rstd", statsShape_, ACL_FLOAT, layout, random(statsShape_, seed + 2, 0.5, 2.0));
        addXGammaBeta(layout, seed + 3);
        addValue("swishScale", 1.0);
        addValue("dgammaIsRequire", true);
        addValue("dbetaIsRequire", true);
        addTensor("dxOut", xShape_, ACL_FLOAT, layout, {}, true);
        addTensor("dgammaOut", channelShape_, ACL_FLOAT, layout, {}, true);
        addTensor("dbetaOut", channelShape_, ACL_FLOAT, layout, {}, true);
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnGroupNormSwishGrad", harnessFactory<GroupNormSwishGradHarness>);

}  // namespace reliability
