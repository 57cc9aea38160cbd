#include "harness/group_norm_attributes.h"
#include "harness/group_norm_swish.h"

namespace reliability {
namespace {

class GroupNormSwishHarness : public GroupNormHarness {
public:
    GroupNormSwishHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kGroupNormSwish);
        addXGammaBeta(layout, seed);
        addValue("eps", 1e-5);
        addValue("activateSwish", true);
        addValue("swishScale", 1.0);
        addTensor("yOut", xShape_, ACL_FLOAT, layout, {}, true);
        addTensor("meanOut", statsShape_, ACL_FLOAT, layout, {}, true);
        addTensor("rstdOut", statsShape_, ACL_FLOAT, layout, {}, true);
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnGroupNormSwish", harnessFactory<GroupNormSwishHarness>);

}  // namespace reliability
