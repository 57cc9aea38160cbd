// The valid case every unary elementwise operator's harness shares: a 2 x 3 x 4 float32 self into a float32
// out (or the Inplace form's selfRef); out may be the very view of self (the engine computes in place).
#pragma once

#include "reliability_harness.h"

namespace reliability {

class UnaryHarness : public OpHarness {
public:
    UnaryHarness(const testing_support::Binding &op, bool inplace, Layout layout, uint64_t seed) {
        setBinding(op);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        readsItsOutputs = inplace;
        addTensor(inplace ? "selfRef" : "self", {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed), inplace);
        if (!inplace) {
            addTensor("out", {2, 3, 4}, ACL_FLOAT, layout, {}, true);
            inPlace = {{"out", "self"}};
        }
    }
};

// UnaryHarness of one entry point, for ACLNN_REGISTER_HARNESS.
template <const testing_support::Binding &kOp, bool kInplace>
class UnaryHarnessOf : public UnaryHarness {
public:
    UnaryHarnessOf(Layout layout, uint64_t seed) : UnaryHarness(kOp, kInplace, layout, seed) {}
};

}  // namespace reliability
