#include "precision/ops/elementwise.h"

#include <string>

#include "support/elementwise_ref.h"

namespace precision {

using testing_support::OwnedScalar;
using testing_support::RefComplex;

std::vector<int64_t> drawShape(Draw &draw, int maxRank, int64_t maxDim) {
    std::vector<int64_t> shape(static_cast<size_t>(draw.integer(1, maxRank)));
    for (int64_t &d : shape) d = draw.integer(1, maxDim);
    return shape;
}

namespace {

// The exact result in double: floating and complex math unrounded, integer and bool math as the
// engine's (refBinary in the compute dtype, then the store into out's dtype).
RefComplex golden(char math, RefComplex a, RefComplex b, double alpha, aclDataType compute, aclDataType out) {
    if (testing_support::refIsFloat(compute) || testing_support::refIsComplex(compute)) {
        auto times = [](RefComplex x, RefComplex y) -> RefComplex {
            return {x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re};
        };
        if (math == '*') return testing_support::refIsComplex(compute) ? times(a, b) : RefComplex{a.re * b.re, 0};
        // alpha * other: a complex product with (alpha, 0) for complex dtypes, as CANN forms it (an
        // infinite part times alpha's zero imaginary part is NaN there too).
        const RefComplex t = testing_support::refIsComplex(compute) ? times({alpha, 0}, b) : RefComplex{alpha * b.re, 0};
        const double sign = math == '-' ? -1 : 1;
        return {a.re + sign * t.re, a.im + sign * t.im};
    }
    const RefComplex r = testing_support::refBinary(math, a, b, alpha, compute, false);
    return {testing_support::refStore(r.re, out), 0};
}

}  // namespace

CaseOutcome runBinary(const BinaryRow &row, aclDataType dtype, Draw &draw, aclrtStream stream) {
    const bool scalar = row.form == BinaryForm::Scalar || row.form == BinaryForm::InplaceScalar;
    const bool inplace = row.form == BinaryForm::Inplace || row.form == BinaryForm::InplaceScalar;
    const bool real = testing_support::refIsFloat(dtype) || testing_support::refIsComplex(dtype);
    const std::vector<int64_t> shape = drawShape(draw, 4, 12);
    // other: self's trailing dims, each kept or broadcast from 1.
    std::vector<int64_t> otherShape(shape.begin() + draw.integer(0, static_cast<int64_t>(shape.size()) - 1),
                                    shape.end());
    for (int64_t &d : otherShape) d = draw.coin() ? d : 1;
    const size_t parts = testing_support::refIsComplex(dtype) ? 2 : 1;
    const std::vector<double> sv = draw.values(static_cast<size_t>(numel(shape)), dtype);
    // The scalar forms' other: a scalar of the tensor's kind (float for complex), which computes in dtype.
    const aclDataType scalarDtype = testing_support::refIsComplex(dtype) ? ACL_FLOAT : dtype;
    const std::vector<double> ov = scalar ? draw.values(1, scalarDtype) : draw.values(static_cast<size_t>(numel(otherShape)), dtype);
    const double alpha = real ? 0.75 : 2;
    OwnedScalar alphaScalar(alpha, real ? ACL_FLOAT : ACL_INT64), otherScalar(ov[0], scalarDtype);

    DeviceTensor self = uploaded(shape, dtype, sv), out(shape, dtype);
    DeviceTensor other = uploaded(scalar ? std::vector<int64_t>{1} : otherShape, dtype,
                                  scalar ? std::vector<double>(parts, 0.0) : ov);
    testing_support::Args args{self};
    if (scalar) {
        args.push_back(otherScalar.get());
    } else {
        args.push_back(other);
    }
    if (row.alpha) args.push_back(alphaScalar.get());
    if (!inplace) args.push_back(out);
    runOrThrow(row.op, args, stream);

    const size_t n = static_cast<size_t>(numel(shape));
    std::vector<double> want(n * parts);
    for (size_t i = 0; i < n; ++i) {
        const size_t j = scalar ? 0 : testing_support::refBroadcastIndex(i, shape, otherShape);
        const size_t op = scalar ? 1 : parts;
        const RefComplex a{sv[i * parts], parts == 2 ? sv[i * parts + 1] : 0};
        const RefComplex b{ov[j * op], op == 2 ? ov[j * op + 1] : 0};
        const RefComplex r = golden(row.math, a, b, alpha, dtype, dtype);
        want[i * parts] = r.re;
        if (parts == 2) want[i * parts + 1] = r.im;
    }
    std::string what = shapeText(shape) + (scalar ? " with a scalar" : " with " + shapeText(otherShape));
    return {what, {output(inplace ? "selfRef" : "out", inplace ? self : out, std::move(want), Judge::Metrics)}};
}

}  // namespace precision
