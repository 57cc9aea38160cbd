#include "harness/group_norm.h"
#include "harness/group_norm_plain_attributes.h"

namespace reliability {
namespace {

class GroupNormOpHarness : public GroupNormPlainHarness {
public:
    GroupNormOpHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kGroupNorm);
        addTensor("self", xShape_, ACL_FLOAT, layout, random(xShape_, seed));
        addTensor("gamma", channelShape_, ACL_FLOAT, layout, random(channelShape_, seed + 1));
        addTensor("beta", channelShape_, ACL_FLOAT, layout, random(channelShape_, seed + 2));
        addValue("eps", 1e-5);
        addTensor("out", xShape_, ACL_FLOAT, layout, {}, true);
        addTensor("meanOut", statsShape_, ACL_FLOAT, layout, {}, true);
        addTensor("rstdOut", statsShape_, ACL_FLOAT, layout, {}, true);
        nullStatus = {{"gamma", ACL_SUCCESS}, {"beta", ACL_SUCCESS}};
    }
    BadAttributes badAttributes() override {
        BadAttributes bad = GroupNormPlainHarness::badAttributes();
        bad.push_back({"eps 0", setValue("eps", 0.0)});
        return bad;
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnGroupNorm", harnessFactory<GroupNormOpHarness>);

}  // namespace reliability
