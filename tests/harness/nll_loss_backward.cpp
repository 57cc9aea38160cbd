#include "harness/nll_loss_backward.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

// self (4, 5), targets in [0, 5), mean reduction with a total weight of 2.5.
class NLLLossBackwardHarness : public OpHarness {
public:
    NLLLossBackwardHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kNLLLossBackward);
        addTensor("gradOutput", {1}, ACL_FLOAT, layout, {0.75});
        addTensor("self", {4, 5}, ACL_FLOAT, layout, random({4, 5}, seed));
        addTensor("target", {4}, ACL_INT64, layout, {0, 4, 2, 1});
        addTensor("weight", {5}, ACL_FLOAT, layout, random({5}, seed + 1, 0.5, 1.5));
        addValue("reduction", int64_t{1});
        addValue("ignoreIndex", int64_t{-100});
        addTensor("totalWeight", {1}, ACL_FLOAT, layout, {2.5});
        addTensor("out", {4, 5}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        return {{"reduction 3", setValue("reduction", int64_t{3})}, {"reduction -1", setValue("reduction", int64_t{-1})}};
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnNLLLossBackward", harnessFactory<NLLLossBackwardHarness>);

}  // namespace reliability
