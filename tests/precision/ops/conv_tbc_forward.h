// ConvTbc's precision case, run by its own file and as the first step of ConvTbcBackward's cascade (the
// backward runs on the forward's input, weight and bias tensors, with gradOutput of the forward's out shape).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "precision/precision.h"

namespace precision {

struct ConvTbcRun {
    int64_t T = 1, B = 1, Cin = 1, Cout = 1, K = 1, pad = 0, To = 1;
    std::vector<double> x, w;  // self (T, B, Cin) and weight (K, Cin, Cout), as the device holds them
    DeviceTensor selfT, weightT, biasT, outT;
    CaseOutcome outcome;  // out next to its golden
    // self's element (t, b, ci); t in [0, T). The padding contributes no term at all (not 0 * weight, which
    // is NaN for an infinite weight): the operator, like PyTorch's, sums over the taps inside the input.
    double input(int64_t t, int64_t b, int64_t ci) const { return x[static_cast<size_t>((t * B + b) * Cin + ci)]; }
    bool inside(int64_t t) const { return t >= 0 && t < T; }
    double weight(int64_t k, int64_t ci, int64_t co) const { return w[static_cast<size_t>((k * Cin + ci) * Cout + co)]; }
    std::string describe() const;
};

// cubeMathType 0 (KEEP_DTYPE): 16-bit inputs, fp32 accumulation, one rounding to the output.
ConvTbcRun runConvTbc(aclDataType dtype, Draw &draw, aclrtStream stream);

}  // namespace precision
