// ConstantPadNd in the precision report: a drawn shape, pads on its last one to all dims (some negative: a
// crop, out never below one element), and a drawn value of self's own dtype (FLOAT for the complex ones, as
// InplaceFillScalar's runner), so that its conversion is exact: a copy and a fill, judged bit for bit against
// support/glue_ref.h's reference.
#include <algorithm>
#include <string>

#include "harness/constant_pad_nd.h"
#include "precision/ops/elementwise.h"
#include "support/elementwise_ref.h"
#include "support/glue_ref.h"
#include "support/int_array.h"

namespace precision {
namespace {

CaseOutcome runConstantPadNd(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const std::vector<int64_t> shape = drawShape(draw, 4, 8);
    const auto rank = static_cast<int64_t>(shape.size());
    std::vector<int64_t> pad, outShape = shape;
    for (int64_t j = 0, dims = draw.integer(0, rank); j < dims; ++j) {
        // The operator's rule: size + min(begin, end, begin + end) >= 0. Out keeps an element here; a crop
        // may take the whole of self where the other side pads.
        const int64_t size = shape[static_cast<size_t>(rank - 1 - j)];
        const int64_t begin = draw.integer(-std::min<int64_t>(size - 1, 3), 3);
        const int64_t end = draw.integer(std::max({-size, 1 - size - begin, int64_t{-3}}), 3);
        pad.push_back(begin);
        pad.push_back(end);
        outShape[static_cast<size_t>(rank - 1 - j)] += begin + end;
    }
    const aclDataType valueDtype = testing_support::refIsComplex(dtype) ? ACL_FLOAT : dtype;
    const double value = draw.values(1, valueDtype)[0];
    const std::vector<double> v = draw.values(static_cast<size_t>(numel(shape)), dtype);
    DeviceTensor self = uploaded(shape, dtype, v), out(outShape, dtype);
    const testing_support::IntArray padArray(pad);
    const testing_support::OwnedScalar scalar(value, valueDtype);
    runOrThrow(testing_support::kConstantPadNd, {self, padArray.get(), scalar.get(), out}, stream);
    return {shapeText(shape) + " pad " + shapeText(pad) + " value " + std::to_string(value),
            {output("out", out, testing_support::refPad(shape, dtype, v, pad, value), Judge::Bitwise)}};
}

ACLNN_REGISTER_PRECISION("aclnnConstantPadNd", testing_support::kConstantPadNdDtypes, runConstantPadNd);

}  // namespace
}  // namespace precision
