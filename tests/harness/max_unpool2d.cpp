// MaxUnpool2d (forward): 2 x 3 x 2 x 2 values unpooled into 3 x 3 planes at random positions (repeats
// allowed: the last input naming a position wins).
#include "aclnnop/aclnn_max_unpool2d.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class MaxUnpool2dHarness : public OpHarness {
public:
    MaxUnpool2dHarness(Layout layout, uint64_t seed) {
        api = "aclnnMaxUnpool2d";
        stridedNeedsWorkspace = false;  // the kernels read and write strided views directly
        addTensor("self", {2, 3, 2, 2}, ACL_FLOAT, layout, random({2, 3, 2, 2}, seed));
        std::vector<double> idx = random({2, 3, 2, 2}, seed + 1, 0, 9);
        for (double &v : idx) v = static_cast<double>(static_cast<int64_t>(v));
        addTensor("indices", {2, 3, 2, 2}, ACL_INT64, layout, idx);
        addArray("outputSize", {3, 3});
        addTensor("out", {2, 3, 3, 3}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnMaxUnpool2dGetWorkspaceSize(t("self"), t("indices"), a("outputSize"), t("out"), ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override {
        return aclnnMaxUnpool2d(w, n, e, s);
    }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        return {{"outputSize's product below H * W", [this] { arrays[0].arg = arrayVariant({1, 3}); }},
                {"outputSize of 3 values", [this] { arrays[0].arg = arrayVariant({3, 3, 1}); }},
                {"outputSize value 0", [this] { arrays[0].arg = arrayVariant({0, 3}); }}};
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnMaxUnpool2d", [](Layout l, uint64_t s) -> std::unique_ptr<OpHarness> {
    return std::make_unique<MaxUnpool2dHarness>(l, s);
});

}  // namespace reliability
