#include "aclnnop/aclnn_im2col_backward.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class Im2colHarness : public OpHarness {
public:
    Im2colHarness(Layout layout, uint64_t seed) {
        api = "aclnnIm2colBackward";
        // 3 channels, 2x2 kernel over a 4x5 input, stride 1, no padding: L = 3 * 4 = 12.
        addTensor("gradOutput", {2, 12, 12}, ACL_FLOAT, layout, random({2, 12, 12}, seed));
        addArray("inputSize", {4, 5});
        addArray("kernelSize", {2, 2});
        addArray("dilation", {1, 1});
        addArray("padding", {0, 0});
        addArray("stride", {1, 1});
        addTensor("out", {2, 3, 4, 5}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnIm2colBackwardGetWorkspaceSize(t("gradOutput"), a("inputSize"), a("kernelSize"), a("dilation"),
                                                   a("padding"), a("stride"), t("out"), ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override {
        return aclnnIm2colBackward(w, n, e, s);
    }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        return {
            {"kernel 0", [this] { arrays[1].arg = arrayVariant({0, 2}); }},
            {"dilation -1", [this] { arrays[2].arg = arrayVariant({-1, 1}); }},
            {"padding -1", [this] { arrays[3].arg = arrayVariant({0, -1}); }},
            {"stride 0", [this] { arrays[4].arg = arrayVariant({1, 0}); }},
            {"inputSize that does not give L", [this] { arrays[0].arg = arrayVariant({5, 5}); }},
        };
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnIm2colBackward", [](Layout l, uint64_t s) -> std::unique_ptr<OpHarness> {
    return std::make_unique<Im2colHarness>(l, s);
});

}  // namespace reliability
