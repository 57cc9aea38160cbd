#include "harness/group_norm_backward.h"
#include "harness/group_norm_plain_attributes.h"

namespace reliability {
namespace {

class GroupNormBackwardHarness : public GroupNormPlainHarness {
public:
    GroupNormBackwardHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kGroupNormBackward);
        addTensor("gradOut", xShape_, ACL_FLOAT, layout, random(xShape_, seed));
        addTensor("input", xShape_, ACL_FLOAT, layout, random(xShape_, seed + 1));
        addTensor("mean", statsShape_, ACL_FLOAT, layout, random(statsShape_, seed + 2));
        addTensor("rstd", statsShape_, ACL_FLOAT, layout, random(statsShape_, seed + 3, 0.5, 2.0));
        addTensor("gamma", channelShape_, ACL_FLOAT, layout, random(channelShape_, seed + 4));
        addValue("outputMask", static_cast<const aclBoolArray *>(mask_));
        addTensor("gradInput", xShape_, ACL_FLOAT, layout, {}, true);
        addTensor("gradGammaOut", channelShape_, ACL_FLOAT, layout, {}, true);
        addTensor("gradBetaOut", channelShape_, ACL_FLOAT, layout, {}, true);
        // gamma is optional; a null flagged output is 161002 in CANN's code (docs/ops/group_norm_backward.md).
        nullStatus = {{"gamma", ACL_SUCCESS},
                      {"gradInput", ACLNN_ERR_PARAM_INVALID},
                      {"gradGammaOut", ACLNN_ERR_PARAM_INVALID},
                      {"gradBetaOut", ACLNN_ERR_PARAM_INVALID}};
    }
    ~GroupNormBackwardHarness() override { aclDestroyBoolArray(mask_); }

private:
    static aclBoolArray *allThree() {
        const bool all[3] = {true, true, true};
        return aclCreateBoolArray(all, 3);
    }
    aclBoolArray *mask_ = allThree();
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnGroupNormBackward", harnessFactory<GroupNormBackwardHarness>);

}  // namespace reliability
