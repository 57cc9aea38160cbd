// The valid case the activations' gradients share (ThresholdBackward, SiluBackward, SigmoidBackward,
// GeluBackward, GeluBackwardV2): a 2 x 3 x 4 float32 gradOutput, the forward's tensor (self or output)
// broadcast from 3 x 4 (or 2 x 3 x 4 where the operator does not broadcast), and the gradient out; the
// out may be the very view of gradOutput (and of the other input when their shapes match: the engine
// computes in place).
#pragma once

#include <vector>

#include "reliability_harness.h"

namespace reliability {

class GradientHarness : public OpHarness {
public:
    // `input` names the forward's tensor ("self", "output"), `out` the gradient ("out", "gradInput").
    GradientHarness(const testing_support::Binding &op, const char *input, const char *out, bool broadcast,
                    Layout layout, uint64_t seed) {
        setBinding(op);
        stridedNeedsWorkspace = false;  // the engine reads and writes strided views directly
        const std::vector<int64_t> shape{2, 3, 4}, inputShape = broadcast ? std::vector<int64_t>{3, 4} : shape;
        addTensor("gradOutput", shape, ACL_FLOAT, layout, random(shape, seed));
        addTensor(input, inputShape, ACL_FLOAT, layout, random(inputShape, seed + 1, 0.01, 0.99));
        addTensor(out, shape, ACL_FLOAT, layout, {}, true);
        inPlace = {{out, "gradOutput"}};
        if (!broadcast) inPlace.emplace_back(out, input);
    }
};

}  // namespace reliability
