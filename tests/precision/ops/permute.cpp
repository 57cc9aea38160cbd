// Permute in the precision report: a copy through a permuted view, judged bit for bit.
#include <algorithm>

#include "harness/permute.h"
#include "precision/ops/elementwise.h"
#include "support/host_data.h"
#include "support/int_array.h"

namespace precision {
namespace {

CaseOutcome runPermute(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const std::vector<int64_t> shape = drawShape(draw, 5, 8);
    const size_t rank = shape.size(), parts = testing_support::componentsOf(dtype);
    std::vector<int64_t> dims(rank), outShape(rank);
    for (size_t i = 0; i < rank; ++i) dims[i] = static_cast<int64_t>(i);
    for (size_t i = rank; i-- > 1;) std::swap(dims[i], dims[static_cast<size_t>(draw.integer(0, static_cast<int64_t>(i)))]);
    for (size_t i = 0; i < rank; ++i) outShape[i] = shape[static_cast<size_t>(dims[i])];
    const size_t n = static_cast<size_t>(numel(shape));
    const std::vector<double> v = draw.values(n, dtype);
    // out[o] = self at the index whose dims[i]-th coordinate is out's i-th.
    const std::vector<int64_t> inStrides = testing_support::rowMajorStrides(shape);
    std::vector<double> want(n * parts);
    for (size_t o = 0; o < n; ++o) {
        size_t rest = o, from = 0;
        for (size_t i = rank; i-- > 0;) {
            const auto coord = static_cast<int64_t>(rest % static_cast<size_t>(outShape[i]));
            rest /= static_cast<size_t>(outShape[i]);
            from += static_cast<size_t>(coord * inStrides[static_cast<size_t>(dims[i])]);
        }
        for (size_t p = 0; p < parts; ++p) want[o * parts + p] = v[from * parts + p];
    }
    DeviceTensor self = uploaded(shape, dtype, v), out(outShape, dtype);
    const testing_support::IntArray dimsArray(dims);
    runOrThrow(testing_support::kPermute, {self, dimsArray.get(), out}, stream);
    return {shapeText(shape) + " dims " + shapeText(dims), {output("out", out, std::move(want), Judge::Bitwise)}};
}

ACLNN_REGISTER_PRECISION("aclnnPermute", testing_support::kPermuteDtypes, runPermute);

}  // namespace
}  // namespace precision
