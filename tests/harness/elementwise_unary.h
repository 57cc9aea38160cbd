// The valid case of a unary elementwise operator's harness (Relu, Silu, Sigmoid, Gelu and their Inplace
// forms): a 2 x 3 x 4 float32 self (or x, selfRef) and out (or y) of its shape; out may be the very view
// of self (the engine computes in place); an Inplace form reads what it writes.
#pragma once

#include "reliability_harness.h"

namespace reliability {

class UnaryHarness : public OpHarness {
public:
    // `input` and `output` name the slots as the prototype does ("self" and "out", "x" and "y"); an
    // Inplace form has only `input` ("selfRef").
    UnaryHarness(const testing_support::Binding &op, const char *input, const char *output, Layout layout,
                 uint64_t seed) {
        setBinding(op);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        readsItsOutputs = output == nullptr;
        addTensor(input, {2, 3, 4}, ACL_FLOAT, layout, random({2, 3, 4}, seed, -3, 3), output == nullptr);
        if (output) {
            addTensor(output, {2, 3, 4}, ACL_FLOAT, layout, {}, true);
            inPlace = {{output, input}};
        }
    }
};

// UnaryHarness of one entry point, for ACLNN_REGISTER_HARNESS (kInplace: its only tensor is selfRef).
template <const testing_support::Binding &kOp, bool kInplace>
class UnaryHarnessOf : public UnaryHarness {
public:
    UnaryHarnessOf(Layout layout, uint64_t seed)
        : UnaryHarness(kOp, kInplace ? "selfRef" : "self", kInplace ? nullptr : "out", layout, seed) {}
};

}  // namespace reliability
