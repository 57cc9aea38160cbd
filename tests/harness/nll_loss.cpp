#include "harness/nll_loss.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

// self (4, 5), targets in [0, 5), mean reduction; the reduction values the operator must reject.
class NLLLossHarness : public OpHarness {
public:
    NLLLossHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kNLLLoss);
        addTensor("self", {4, 5}, ACL_FLOAT, layout, random({4, 5}, seed));
        addTensor("target", {4}, ACL_INT64, layout, {0, 4, 2, 1});
        addTensor("weight", {5}, ACL_FLOAT, layout, random({5}, seed + 1, 0.5, 1.5));
        addValue("reduction", int64_t{1});
        addValue("ignoreIndex", int64_t{-100});
        addTensor("out", {1}, ACL_FLOAT, layout, {}, true);
        addTensor("totalWeightOut", {1}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        return {{"reduction 3", setValue("reduction", int64_t{3})}, {"reduction -1", setValue("reduction", int64_t{-1})}};
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnNLLLoss", harnessFactory<NLLLossHarness>);

}  // namespace reliability
