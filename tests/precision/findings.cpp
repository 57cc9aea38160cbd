// Known findings (tests/precision/findings.h).
#include "precision/findings.h"

namespace precision {

const std::vector<Finding> &knownFindings() {
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
    };
    return findings;
}

const Finding *knownFinding(const std::string &op, const std::string &dtype, bool special) {
    for (const Finding &f : knownFindings()) {
        if (op == f.op && (special || !f.specialOnly) && (dtype == f.dtype || std::string(f.dtype) == "*")) return &f;
    }
    return nullptr;
}

}  // namespace precision
