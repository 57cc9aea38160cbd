// The valid case every binary elementwise operator's harness shares (Add, Sub, Mul and their scalar and
// Inplace forms): a 2 x 3 x 4 self with a broadcast 3 x 4 other or a scalar, alpha 1.5 where the call
// takes one; out (or selfRef) may be the very view of self (the engine computes in place).
#pragma once

#include <memory>
#include <vector>

#include "reliability_harness.h"
#include "support/call_spec.h"

namespace reliability {

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

class BinaryHarness : public OpHarness, protected ScalarOwner {
public:
    BinaryHarness(const testing_support::Binding &op, bool inplace, bool scalarOther, bool alpha, Layout layout,
                  uint64_t seed) {
        setBinding(op);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        readsItsOutputs = inplace;
        const char *self = inplace ? "selfRef" : "self";
        addTensor(self, {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed), inplace);
        if (scalarOther) {
            addValue("other", scalar(0.25, ACL_FLOAT));
        } else {
            addTensor("other", {3, 4}, ACL_FLOAT, layout, random({3, 4}, seed + 1));
        }
        if (alpha) addValue("alpha", scalar(1.5, ACL_FLOAT));
        if (!inplace) {
            addTensor("out", {2, 3, 4}, ACL_FLOAT, layout, {}, true);
            inPlace = {{"out", "self"}};
        }
    }
};

// BinaryHarness of one entry point, for ACLNN_REGISTER_HARNESS.
template <const testing_support::Binding &kOp, bool kInplace, bool kScalar, bool kAlpha>
class BinaryHarnessOf : public BinaryHarness {
public:
    BinaryHarnessOf(Layout layout, uint64_t seed) : BinaryHarness(kOp, kInplace, kScalar, kAlpha, layout, seed) {}
};

}  // namespace reliability
