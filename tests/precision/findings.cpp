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
        {"F2", "GroupNormSwishGrad, GroupNormBackward", "FLOAT", false,
         "dx = rstd * (g * gamma - xhat * c2 - c1) in fp32 (GroupNormBackward: g = dy, the same kernel). In groups "
         "of 2 or 3 elements the three terms cancel almost exactly (a normalised pair is +-1 whatever x is, so the "
         "exact dx of a 2-element group is 0 up to eps's effect), and dx, far smaller than its terms, has a large "
         "relative error. Every failing case measured has groups of at most 3 elements (GroupNormBackward: 2); "
         "larger groups, dgamma and dbeta pass."},
        {"F3", "GroupNormSwishGrad", "*", true,
         "An infinite dy where the swish derivative underflows: g = dy * sg * (1 + s z (1 - sg)) with sg = "
         "sigmoid(s z) for z below about -88 / s is 0 in fp32 but a tiny normal number in double, so the device "
         "computes inf * 0 = NaN where the float64 golden has inf (and dgamma, dbeta, which sum g, likewise). "
         "Special-value inputs only; finite inputs are unaffected."},
        {"F4", "Add, Adds, InplaceAdd, InplaceAdds", "BF16", false, kBf16Alpha},
        {"F5", "Div, Divs, InplaceDiv, InplaceDivs, SigmoidBackward, Exp, InplaceExp", "*", true,
         "Complex arithmetic on infinite or NaN parts: the kernels form complex products and quotients part by part "
         "(a quotient as a * conj(b) / |b|^2), in the compute dtype, where an infinite part meets a zero or an "
         "overflowing |b|^2 differently from the golden's double evaluation, so a few elements are NaN or inf on one "
         "side only. Special-value inputs of complex dtypes only; finite inputs pass."},
        {"F6", "Exp, InplaceExp", "COMPLEX64", false,
         "exp(re) * (cos(im), sin(im)) in fp32: exp(re) overflows to inf for re above about 88.7 before it is scaled "
         "by cos(im) or sin(im), so a part whose exact value is finite (a small cosine) comes out infinite. The "
         "standard's normal inputs (means up to 100) reach that range; the golden in double does not overflow."},
        {"F7", "SigmoidBackward", "COMPLEX64", false,
         "gradOutput * y * (1 - y) as two complex products in fp32: a part of a product is a difference of two "
         "products (re re - im im), which cancels for large parts of like size, and its relative error then exceeds "
         "the threshold while its absolute error stays within fp32 units of the terms."},
        {"F8", "GeluBackward, GeluBackwardV2", "*", true,
         "An infinite gradOutput where the derivative is 0 in the compute dtype but a tiny normal number in double "
         "(self below about -9 in the tanh form, -13 in the erf form): the device computes inf * 0 = NaN where the "
         "golden has inf, and an infinite self gives the derivative's limits (1 or 0) where the formula in double is "
         "NaN. Special-value inputs only."},
        {"F9", "SoftmaxBackward", "FLOAT", false,
         "output * (gradOutput - sum(gradOutput * output)) in fp32, as CANN's: where gradOutput has a large common "
         "offset (the standard's N(-55, 12) cases) the difference cancels, and the sum's few fp32 units of its terms' "
         "size become a large relative error of a small result while its absolute error stays within them. FLOAT16 "
         "and BF16 compute the same way but their threshold is wider."},
        {"F10", "GroupNormBackward", "FLOAT16", false,
         "F2's cancellation, visible in FLOAT16: the mean and rstd given are GroupNorm's FLOAT16 outputs, so a "
         "2-element group's normalised pair is +-(1 + d), d the relative rounding of rstd (at most 2^-11, often far "
         "less), and the exact dx = rstd * (g0 gamma0 - g1 gamma1) / 2 * (1 - (1 + d)^2) is then a tiny part of its "
         "terms (about 2^-18 in the worst case measured): their fp32 roundings (2^-24 of the terms) become a "
         "relative error above 2^-10 of dx while the absolute error stays within fp32 units of the terms. Every "
         "failing case measured has 2-element groups; larger groups, dgamma and dbeta pass."},
        {"F11", "LogSoftmaxBackward", "*", true,
         "gradOutput - exp(output) * sum(gradOutput) with an infinite gradOutput in the row (so an infinite sum) "
         "where exp(output) is 0 in fp32 but a tiny number in double: below about -104, or below about -87 on a "
         "device that flushes fp32 subnormals to zero (llvmpipe reports no single-precision denormals). The device "
         "computes 0 * inf = NaN where the golden has an infinity, as in F3 and F8. Special-value inputs only; "
         "finite inputs are unaffected."},
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
