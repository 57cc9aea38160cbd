// Cast: a 2 x 3 x 4 float32 self to float16.
#include "harness/cast.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class CastHarness : public OpHarness {
public:
    CastHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kCast);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        unsupportedDtype = ACL_COMPLEX32;  // Cast lists every other addressable dtype
        addTensor("self", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed));
        addValue("dtype", ACL_FLOAT16);
        addTensor("out", {2, 3, 4}, ACL_FLOAT16, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        return {{"dtype DT_STRING", setValue("dtype", ACL_STRING)},
                {"dtype other than out's", setValue("dtype", ACL_INT32)}};
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnCast", harnessFactory<CastHarness>);

}  // namespace reliability
