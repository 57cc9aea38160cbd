// The Add family: a 2 x 3 x 4 self plus a broadcast 3 x 4 other (Add, InplaceAdd) or a scalar (Adds,
// InplaceAdds), alpha 1.5; out (or selfRef) may be the very view of self (the engine computes in place).
#include "harness/add.h"
#include "support/call_spec.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

// The aclScalars a case passes, owned by it.
class ScalarOwner {
protected:
    const aclScalar *scalar(double value, aclDataType dtype) {
        std::vector<unsigned char> bytes = testing_support::scalarBytes(value, dtype);
        owned_.emplace_back(aclCreateScalar(bytes.data(), dtype), aclDestroyScalar);
        return owned_.back().get();
    }

private:
    std::vector<std::unique_ptr<aclScalar, aclnnStatus (*)(const aclScalar *)>> owned_;
};

template <bool kInplace, bool kScalar>
class AddHarness : public OpHarness, ScalarOwner {
public:
    AddHarness(Layout layout, uint64_t seed) {
        using namespace testing_support;
        setBinding(kInplace ? (kScalar ? kInplaceAdds : kInplaceAdd) : (kScalar ? kAdds : kAdd));
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        const char *self = kInplace ? "selfRef" : "self";
        addTensor(self, {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed), kInplace);
        if (kScalar) {
            addValue("other", scalar(0.25, ACL_FLOAT));
        } else {
            addTensor("other", {3, 4}, ACL_FLOAT, layout, random({3, 4}, seed + 1));
        }
        addValue("alpha", scalar(1.5, ACL_FLOAT));
        if (!kInplace) {
            addTensor("out", {2, 3, 4}, ACL_FLOAT, layout, {}, true);
            inPlace = {{"out", "self"}};
        }
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnAdd", (harnessFactory<AddHarness<false, false>>));
ACLNN_REGISTER_HARNESS("aclnnAdds", (harnessFactory<AddHarness<false, true>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceAdd", (harnessFactory<AddHarness<true, false>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceAdds", (harnessFactory<AddHarness<true, true>>));

}  // namespace reliability
