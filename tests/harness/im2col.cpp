// Im2col (forward): 2 x 3 x 4 x 5, 2x2 kernel, padding (1, 0), stride 1: L = 5 * 4 = 20.
#include "aclnnop/aclnn_im2col.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class Im2colForwardHarness : public OpHarness {
public:
    Im2colForwardHarness(Layout layout, uint64_t seed) {
        api = "aclnnIm2col";
        stridedNeedsWorkspace = false;  // the kernels read and write strided views directly
        unsupportedDtype = ACL_COMPLEX128;  // UINT32 is in Im2col's list (and casts to out's FLOAT)
        addTensor("self", {2, 3, 4, 5}, ACL_FLOAT, layout, random({2, 3, 4, 5}, seed));
        addArray("kernelSize", {2, 2});
        addArray("dilation", {1, 1});
        addArray("padding", {1, 0});
        addArray("stride", {1, 1});
        addTensor("out", {2, 12, 20}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnIm2colGetWorkspaceSize(t("self"), a("kernelSize"), a("dilation"), a("padding"), a("stride"),
                                           t("out"), ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override { return aclnnIm2col(w, n, e, s); }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        return {
            {"kernel 0", [this] { arrays[0].arg = arrayVariant({0, 2}); }},
            {"dilation -1", [this] { arrays[1].arg = arrayVariant({-1, 1}); }},
            {"padding -1", [this] { arrays[2].arg = arrayVariant({0, -1}); }},
            {"stride 0", [this] { arrays[3].arg = arrayVariant({1, 0}); }},
            {"kernel larger than the padded image", [this] { arrays[0].arg = arrayVariant({7, 2}); }},
        };
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnIm2col", [](Layout l, uint64_t s) -> std::unique_ptr<OpHarness> {
    return std::make_unique<Im2colForwardHarness>(l, s);
});

}  // namespace reliability
