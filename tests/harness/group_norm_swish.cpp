#include "aclnnop/aclnn_group_norm_swish.h"
#include "harness/group_norm_attributes.h"

namespace reliability {
namespace {

class GroupNormSwishHarness : public GroupNormHarness {
public:
    GroupNormSwishHarness(Layout layout, uint64_t seed) {
        setOperator("aclnnGroupNormSwish", aclnnGroupNormSwish);
        addXGammaBeta(layout, seed);
        addTensor("yOut", xShape_, ACL_FLOAT, layout, {}, true);
        addTensor("meanOut", statsShape_, ACL_FLOAT, layout, {}, true);
        addTensor("rstdOut", statsShape_, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnGroupNormSwishGetWorkspaceSize(t("x"), t("gamma"), t("beta"), groups_, format(), 1e-5, true, 1.0,
                                                   t("yOut"), t("meanOut"), t("rstdOut"), ws, ex);
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnGroupNormSwish", harnessFactory<GroupNormSwishHarness>);

}  // namespace reliability
