// Add in the precision report: out = self + alpha * other, other broadcast along self's last dim or not at
// all; floating and complex results judged by the metrics against that sum in double, integer and bool
// ones bit for bit against the engine's wrap-around arithmetic (support/elementwise_ref.h).
#include "harness/add.h"
#include "precision/precision.h"
#include "support/elementwise_ref.h"

namespace precision {
namespace {

// docs/ops/add.md's list.
const std::vector<aclDataType> kAddDtypes = {ACL_FLOAT, ACL_INT32, ACL_INT64,  ACL_FLOAT16, ACL_INT16,     ACL_INT8,
                                             ACL_UINT8, ACL_DOUBLE, ACL_BOOL, ACL_BF16,    ACL_COMPLEX64, ACL_COMPLEX128};

CaseOutcome runAdd(aclDataType dtype, Draw &draw, aclrtStream stream) {
    using testing_support::refIsComplex;
    using testing_support::refIsFloat;
    const std::vector<int64_t> shape{draw.integer(1, 8), draw.integer(1, 64)};
    const bool broadcast = draw.coin();
    const std::vector<int64_t> otherShape = broadcast ? std::vector<int64_t>{shape[1]} : shape;
    const bool real = refIsFloat(dtype) || refIsComplex(dtype);
    // A float alpha for floating and complex dtypes, a power of two: alpha * other is rounded to the compute
    // dtype before the add, as CANN's Mul-then-Add path does (docs/ops/add.md), and a power of two keeps
    // that product exact, so the metrics measure the add's one rounding. Integer and bool computations
    // take an integral alpha.
    const double alpha = real ? 0.5 : dtype == ACL_BOOL ? 1 : 3;
    testing_support::OwnedScalar alphaScalar(alpha, real ? ACL_FLOAT : ACL_INT64);
    const std::vector<double> x = draw.values(static_cast<size_t>(numel(shape)), dtype),
                              y = draw.values(static_cast<size_t>(numel(otherShape)), dtype);
    const size_t parts = refIsComplex(dtype) ? 2 : 1, n = static_cast<size_t>(numel(shape));
    std::vector<double> golden(n * parts);
    for (size_t i = 0; i < n; ++i) {
        const size_t j = testing_support::refBroadcastIndex(i, shape, otherShape);
        if (!real) {  // integers and bool wrap as the device's arithmetic does
            golden[i] = testing_support::refBinary('+', {x[i]}, {y[j]}, alpha, dtype, false).re;
        } else if (parts == 1) {
            golden[i] = x[i] + alpha * y[j];
        } else {
            // alpha * other is a complex product with alpha = (alpha, 0), as the kernels form it: an
            // infinite part of other makes the other part NaN (0 * inf).
            const double re = y[j * 2], im = y[j * 2 + 1];
            golden[i * 2] = x[i * 2] + (alpha * re - 0.0 * im);
            golden[i * 2 + 1] = x[i * 2 + 1] + (alpha * im + 0.0 * re);
        }
    }
    DeviceTensor self = uploaded(shape, dtype, x), other = uploaded(otherShape, dtype, y), out(shape, dtype);
    runOrThrow(testing_support::kAdd, {self, other, alphaScalar.get(), out}, stream);
    return {"self " + shapeText(shape) + " other " + shapeText(otherShape) + " alpha " + std::to_string(alpha),
            {output("out", out, std::move(golden), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnAdd", kAddDtypes, runAdd);

}  // namespace
}  // namespace precision
