#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "harness/group_norm_attributes.h"

namespace reliability {
namespace {

class GroupNormSwishGradHarness : public GroupNormHarness {
public:
    GroupNormSwishGradHarness(Layout layout, uint64_t seed) {
        setOperator("aclnnGroupNormSwishGrad", aclnnGroupNormSwishGrad);
        addTensor("dy", {2, 4, 3}, ACL_FLOAT, layout, random({2, 4, 3}, seed));
        addTensor("mean", {2, 2}, ACL_FLOAT, layout, random({2, 2}, seed + 1));
        addTensor("rstd", {2, 2}, ACL_FLOAT, layout, random({2, 2}, seed + 2, 0.5, 2.0));
        addTensor("x", {2, 4, 3}, ACL_FLOAT, layout, random({2, 4, 3}, seed + 3));
        addTensor("gamma", {4}, ACL_FLOAT, layout, random({4}, seed + 4));
        addTensor("beta", {4}, ACL_FLOAT, layout, random({4}, seed + 5));
        addTensor("dxOut", {2, 4, 3}, ACL_FLOAT, layout, {}, true);
        addTensor("dgammaOut", {4}, ACL_FLOAT, layout, {}, true);
        addTensor("dbetaOut", {4}, ACL_FLOAT, layout, {}, true);
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
