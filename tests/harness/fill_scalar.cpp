// InplaceFillScalar: a 2 x 3 x 4 int32 selfRef filled with a float32 value (they promote; the value truncates).
#include "harness/elementwise_binary.h"
#include "harness/fill_scalar.h"

namespace reliability {
namespace {

class InplaceFillScalarHarness : public OpHarness, ScalarOwner {
public:
    InplaceFillScalarHarness(Layout layout, uint64_t) {
        setBinding(testing_support::kInplaceFillScalar);
        stridedNeedsWorkspace = false;  // the engine writes strided views directly
        unsupportedDtype = ACL_COMPLEX32;  // UINT32 is listed
        addTensor("selfRef", {2, 3, 4}, ACL_INT32, layout, {}, true);
        addValue("value", scalar(-7.75, ACL_FLOAT));
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnInplaceFillScalar", harnessFactory<InplaceFillScalarHarness>);

}  // namespace reliability
