#include "aclnnop/aclnn_group_norm_swish.h"
#include "harness/group_norm_attributes.h"

namespace reliability {
namespace {

class GroupNormSwishHarness : public GroupNormHarness {
public:
    GroupNormSwishHarness(Layout layout, uint64_t seed) {
        setOperator("aclnnGroupNormSwish", aclnnGroupNormSwish);
        addTensor("x", {2, 4, 3}, ACL_FLOAT, layout, random({2, 4, 3}, seed));
        addTensor("gamma", {4}, ACL_FLOAT, layout, random({4}, seed + 1));
        addTensor("beta", {4}, ACL_FLOAT, layout, random({4}, seed + 2));
        addTensor("yOut", {2, 4, 3}, ACL_FLOAT, layout, {}, true);
        addTensor("meanOut", {2, 2}, ACL_FLOAT, layout, {}, true);
        addTensor("rstdOut", {2, 2}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnGroupNormSwishGetWorkspaceSize(t("x"), t("gamma"), t("beta"), groups_, format(), 1e-5, true, 1.0,
                                                   t("yOut"), t("meanOut"), t("rstdOut"), ws, ex);
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnGroupNormSwish", harnessFactory<GroupNormSwishHarness>);

}  // namespace reliability
