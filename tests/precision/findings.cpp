// Known findings (tests/precision/findings.h).
#include "precision/findings.h"

namespace precision {

const std::vector<Finding> &knownFindings() {
    // CANN's Add family on BF16 with alpha != 1 (OPS_COMPANION 1.5): other * alpha is formed and rounded in
    // BF16 (alpha converted to BF16), then self is added and the sum rounded again.
    static const char *const kBf16Alpha =
        "out = self + round_bf16(alpha * other), rounded again: CANN forms other * alpha in BF16 before the sum "
        "(only FLOAT, INT32 and FLOAT16 take its fused path). Where self and alpha * other nearly cancel, the "
        "product's rounding error (half a BF16 unit of |alpha * other|) is all that is left of a small sum, whose "
        "relative error can reach 1; the absolute error stays within one BF16 unit of the terms. Alpha = 1 rounds "
        "once and passes.";
    static const std::vector<Finding> findings = {
        {"F1", "GroupNormSwish", "FLOAT", false,
         "y = swish(z) with z = xhat * gamma + beta in fp32. Where the two terms nearly cancel (|z| much smaller "
         "than |beta|, which the standard's normal inputs with |mean| up to 100 make common), z carries about one "
         "fp32 unit of |beta| of absolute error from the product's and the sum's roundings, so y near zero has a "
         "relative error above 2^-13 although its absolute error is about 2^-24 |beta|. Any fp32 evaluation of "
         "the formula shares this (a device's fp32 vector unit too); FLOAT16 and BF16 outputs hide it under "
         "their own rounding and pass. The statistics (mean, rstd) pass with a wide margin."},
        {"F2", "GroupNormSwishGrad", "FLOAT", false,
         "dx = rstd * (g * gamma - xhat * c2 - c1) in fp32. In groups of 2 or 3 elements the three terms cancel "
         "almost exactly (a normalised pair is +-1 whatever x is, so the exact dx of a 2-element group is 0 up to "
         "eps's effect), and dx, far smaller than its terms, has a large relative error. Every failing case "
         "measured has groups of at most 3 elements; larger groups, dgamma and dbeta pass."},
        {"F3", "GroupNormSwishGrad", "*", true,
         "An infinite dy where the swish derivative underflows: g = dy * sg * (1 + s z (1 - sg)) with sg = "
         "sigmoid(s z) for z below about -88 / s is 0 in fp32 but a tiny normal number in double, so the device "
         "computes inf * 0 = NaN where the float64 golden has inf (and dgamma, dbeta, which sum g, likewise). "
         "Special-value inputs only; finite inputs are unaffected."},
        {"F4", "Add, Adds, InplaceAdd, InplaceAdds", "BF16", false, kBf16Alpha},
    };
    return findings;
}

const Finding *knownFinding(const std::string &op, const std::string &dtype, bool special) {
    for (const Finding &f : knownFindings()) {
        const std::string ops = std::string(", ") + f.op + ",";
        const bool dtypeMatches = dtype == f.dtype || std::string(f.dtype) == "*";
        if (ops.find(", " + op + ",") != std::string::npos && (special || !f.specialOnly) && dtypeMatches) return &f;
    }
    return nullptr;
}

}  // namespace precision
