// What every unary row's test file checks, written once: the row's tensor form (and its Inplace form,
// where CANN has one) on one dtype against a host reference in double, exactly where the device's math is
// exact, else within the ulp bound OpenCL gives the function (the row's file writes the bound and its
// reason beside the call). The engine's own behaviour (views, in place, empties, the row's fields) is
// tested once in tests/test_elementwise.cpp.
//
//   const UnaryForms kNegForms{kNeg, &kInplaceNeg, [](RefComplex x) { return RefComplex{-x.re, -x.im}; }};
//   TEST_P(NegEveryDtype, UnaryFormsMatchTheReference) {
//       expectUnaryForms(kNegForms, dtype(), dtype(), dtype(), 0, refValues(dtype(), 105, seed), stream); }
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "device_fixture.h"
#include "support/binding.h"
#include "support/device_tensor.h"
#include "support/elementwise_ref.h"
#include "support/plan_and_run.h"

namespace testing_support {

struct UnaryForms {
    const Binding &tensor;
    const Binding *inplace;            // nullptr: CANN has no Inplace form
    RefComplex (*math)(RefComplex x);  // the row's math in double, on a value of the compute dtype
};

// One ulp of v in the arithmetic the engine computes dtype c in (float for fp16, bf16, fp32 and
// complex64; double for fp64 and complex128), the smallest subnormal's at 0.
inline double refUlp(double v, aclDataType c) {
    const bool wide = refAccOf(c) == ACL_DOUBLE || c == ACL_COMPLEX128;
    const int digits = wide ? 52 : 23, least = wide ? -1074 : -149;
    if (v == 0 || !std::isfinite(v)) return std::ldexp(1.0, least);
    return std::ldexp(1.0, std::max(std::ilogb(v) - digits, least));
}

// Whether `got` (read from out) is `want` (the math in double) computed in c within `ulps` of c's
// arithmetic, rounded once to c and stored into out: the interval [want - ulps ulp, want + ulps ulp],
// rounded to c and stored (both monotone; for a bool out, both ends are nonzero), must hold it. ulps 0,
// and a want of 0, inf or NaN (which OpenCL's bounds leave exact): exactly, signed zeros and NaN alike.
inline bool refWithinUlps(double got, double want, double ulps, aclDataType c, aclDataType out) {
    auto stored = [&](double v) { return refStore(refRound(v, c), out); };
    if (ulps == 0 || want == 0 || !std::isfinite(want)) return sameValue(got, stored(want));
    const double d = ulps * refUlp(want, c), lo = stored(want - d), hi = stored(want + d);
    return got >= lo && got <= hi;
}

// The forms on a tensor of `self` dtype (3 x 5 x 7, `values` uploaded, complex as re, im pairs) into an
// out of `out` dtype, the row computing in `compute`; the Inplace form where the binding has one and out
// is self's dtype. A complex result stored into a real out keeps its real part.
inline void expectUnaryForms(const UnaryForms &f, aclDataType self, aclDataType out, aclDataType compute, double ulps,
                             const std::vector<double> &values, aclrtStream stream) {
    const std::vector<int64_t> shape{3, 5, 7};
    const size_t n = static_cast<size_t>(product(shape)), ps = refIsComplex(self) ? 2 : 1;
    ASSERT_EQ(values.size(), n * ps) << "values for a 3 x 5 x 7 tensor";
    auto check = [&](const std::vector<double> &got, aclDataType outDtype) {
        const size_t po = refIsComplex(outDtype) ? 2 : 1;
        ASSERT_EQ(got.size(), n * po);
        size_t bad = 0;
        for (size_t i = 0; i < n; ++i) {
            const RefComplex x{values[i * ps], ps == 2 ? values[i * ps + 1] : 0};
            const RefComplex want = f.math(refConvert(x, self, compute));
            const bool ok = refWithinUlps(got[i * po], want.re, ulps, compute, outDtype) &&
                            (po == 1 || refWithinUlps(got[i * po + 1], want.im, ulps, compute, outDtype));
            if (!ok && bad++ < 5) {
                ADD_FAILURE() << "element " << i << " of " << x.re << (ps == 2 ? " + " + std::to_string(x.im) + "i" : "")
                              << ": got " << got[i * po] << (po == 2 ? " + " + std::to_string(got[i * po + 1]) + "i" : "")
                              << ", want " << want.re << (po == 2 ? " + " + std::to_string(want.im) + "i" : "")
                              << " within " << ulps << " ulp";
            }
        }
        EXPECT_EQ(bad, 0u);
    };
    {
        SCOPED_TRACE(f.tensor.api());
        DeviceTensor s(shape, self), r(shape, out);
        s.upload(values);
        ASSERT_ACL_OK(planAndRun(f.tensor, {s, r}, stream));
        check(r.download(), out);
    }
    if (f.inplace && out == self) {
        SCOPED_TRACE(f.inplace->api());
        DeviceTensor s(shape, self);
        s.upload(values);
        ASSERT_ACL_OK(planAndRun(*f.inplace, {s}, stream));
        check(s.download(), self);
    }
}

}  // namespace testing_support
