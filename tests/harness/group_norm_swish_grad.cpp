#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "harness/group_norm_attributes.h"

namespace reliability {
namespace {

class GroupNormSwishGradHarness : public GroupNormHarness {
public:
    GroupNormSwishGradHarness(Layout layout, uint64_t seed) {
        setOperator("aclnnGroupNormSwishGrad", aclnnGroupNormSwishGrad);
        addTensor("dy", xShape_, ACL_FLOAT, layout, random(xShape_, seed));
        addTensor("mean", statsShape_, ACL_FLOAT, layout, random(statsShape_, seed + 1));
        addTensor("rstd", statsShape_, ACL_FLOAT, layout, random(statsShape_, seed + 2, 0.5, 2.0));
        addXGammaBeta(layout, seed + 3);
        addTensor("dxOut", xShape_, ACL_FLOAT, layout, {}, true);
        addTensor("dgammaOut", channelShape_, ACL_FLOAT, layout, {}, true);
        addTensor("dbetaOut", channelShape_, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnGroupNormSwishGradGetWorkspaceSize(t("dy"), t("mean"), t("rstd"), t("x"), t("gamma"), t("beta"),
                                                       groups_, format(), 1.0, true, true, t("dxOut"), t("dgammaOut"),
                                                       t("dbetaOut"), ws, ex);
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnGroupNormSwishGrad", harnessFactory<GroupNormSwishGradHarness>);

}  // namespace reliability
