// What every binary row's test file checks, written once: the four forms of a binary operator (tensor,
// scalar, and their Inplace forms) on one dtype against the host reference (support/elementwise_ref.h),
// exactly. An operator's file names its bindings, its reference op and its typing:
//
//   BinaryForms add{kAdd, kAdds, kInplaceAdd, kInplaceAdds, '+', true};
//   TEST_P(AddEveryDtype, AllFourFormsMatchTheReference) { expectFourForms(add, dtype(), stream, seed); }
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "device_fixture.h"
#include "engines/elementwise.h"
#include "support/binding.h"
#include "support/device_tensor.h"
#include "support/elementwise_ref.h"

namespace testing_support {

struct BinaryForms {
    const Binding &tensor, &scalar, &inplace, &inplaceScalar;
    char op;     // refBinary's: '+', '-', '*'
    bool alpha;  // the calls take alpha
    // The compute dtype of the scalar forms for a self of dtype d and a scalar of dtype s (the row's
    // tensor-scalar typing, OPS_COMPANION 1.4).
    aclDataType (*scalarCompute)(aclDataType d, aclDataType s);
    // The compute dtype after CANN moves it (Sub's F16 / BF16 with alpha != 1 in F32); nullptr: unchanged.
    aclDataType (*moved)(aclDataType checked, double alpha) = nullptr;
};

// got (row-major, complex as pairs) == op(self, other broadcast from otherShape), exactly.
inline void expectBinaryValues(const BinaryForms &f, const std::vector<double> &got, const std::vector<double> &self,
                               const std::vector<double> &other, const std::vector<int64_t> &shape,
                               const std::vector<int64_t> &otherShape, double alpha, aclDataType c, aclDataType out) {
    const size_t parts = refIsComplex(out) ? 2 : 1, ps = refIsComplex(c) ? 2 : 1, n = static_cast<size_t>(product(shape));
    ASSERT_EQ(got.size(), n * parts);
    const aclDataType moved = f.moved ? f.moved(c, alpha) : c;
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        const size_t j = refBroadcastIndex(i, shape, otherShape);
        const RefComplex want = refBinary(f.op, {self[i * ps], ps == 2 ? self[i * ps + 1] : 0},
                                          {other[j * ps], ps == 2 ? other[j * ps + 1] : 0}, alpha, moved,
                                          moved == ACL_FLOAT16 && f.alpha);
        const double re = refStore(want.re, out), im = refStore(want.im, out);
        const bool ok = sameValue(got[i * parts], re) && (parts == 1 || sameValue(got[i * parts + 1], im));
        if (!ok && bad++ < 5) ADD_FAILURE() << "element " << i << ": got " << got[i * parts] << " want " << re;
    }
    EXPECT_EQ(bad, 0u);
}

// The four forms on dtype d: a 3 x 5 x 7 self with a broadcast 5 x 1 other (or a scalar), out of d.
inline void expectFourForms(const BinaryForms &f, aclDataType d, aclrtStream stream, uint64_t seed) {
    const bool real = refIsFloat(d) || refIsComplex(d);
    const double alpha = real ? 0.75 : 2;
    OwnedScalar alphaScalar(alpha, real ? ACL_FLOAT : ACL_INT64);
    const std::vector<int64_t> shape{3, 5, 7}, otherShape{5, 1};
    const std::vector<double> sv = refValues(d, 105, seed), ov = refValues(d, 5, seed + 1);
    auto args = [&](Args first) {
        if (f.alpha) first.insert(first.begin() + 2, alphaScalar.get());
        return first;
    };
    {
        SCOPED_TRACE(f.tensor.api());
        DeviceTensor s(shape, d), o(otherShape, d), out(shape, d);
        s.upload(sv);
        o.upload(ov);
        ASSERT_ACL_OK(planAndRun(f.tensor, args({s, o, out}), stream));
        expectBinaryValues(f, out.download(), sv, ov, shape, otherShape, alpha, d, d);
    }
    {
        SCOPED_TRACE(f.inplace.api());
        DeviceTensor s(shape, d), o(otherShape, d);
        s.upload(sv);
        o.upload(ov);
        Args a{s, o};
        if (f.alpha) a.push_back(alphaScalar.get());
        ASSERT_ACL_OK(planAndRun(f.inplace, a, stream));
        expectBinaryValues(f, s.download(), sv, ov, shape, otherShape, alpha, d, d);
    }
    // The scalar: of the tensor's kind (bool for bool, float for complex), converted to the compute dtype.
    const aclDataType scalarDtype = refIsComplex(d) ? ACL_FLOAT : d;
    const double scalarValue = real ? -1.25 : 3;
    const aclDataType c = f.scalarCompute(d, scalarDtype);
    OwnedScalar scalar(scalarValue, scalarDtype);
    const double held = refRound(roundTo(scalarValue, scalarDtype), c);
    const std::vector<double> scalarValues = refIsComplex(c) ? std::vector<double>{held, 0} : std::vector<double>{held};
    // self's values as values of c (a BF16 self of Muls computes in F32: its values are exact there).
    std::vector<double> sc = sv;
    {
        SCOPED_TRACE(f.scalar.api());
        DeviceTensor s(shape, d), out(shape, d);
        s.upload(sv);
        Args a{s, scalar.get()};
        if (f.alpha) a.push_back(alphaScalar.get());
        a.push_back(out);
        ASSERT_ACL_OK(planAndRun(f.scalar, a, stream));
        expectBinaryValues(f, out.download(), sc, scalarValues, shape, {}, alpha, c, d);
    }
    {
        SCOPED_TRACE(f.inplaceScalar.api());
        DeviceTensor s(shape, d);
        s.upload(sv);
        Args a{s, scalar.get()};
        if (f.alpha) a.push_back(alphaScalar.get());
        ASSERT_ACL_OK(planAndRun(f.inplaceScalar, a, stream));
        expectBinaryValues(f, s.download(), sc, scalarValues, shape, {}, alpha, c, d);
    }
}

// The tensor-scalar typing rules (OPS_COMPANION 1.4) for a scalar of the tensor's own kind.
inline aclDataType addsCompute(aclDataType d, aclDataType s) {
    return refIsComplex(s) || refIsComplex(d) ? aclcl::promoteType(d, s) : d;
}
inline aclDataType mulsCompute(aclDataType d, aclDataType s) {
    return d == ACL_BF16 ? ACL_FLOAT : addsCompute(d, s);
}
inline aclDataType subMoved(aclDataType c, double alpha) {
    return (c == ACL_FLOAT16 || c == ACL_BF16) && alpha != 1 ? ACL_FLOAT : c;
}

}  // namespace testing_support
