// ReduceSum, Mean and MeanV2 in the precision report: a drawn set of dims (empty: all), keepDim drawn,
// against the exact sum in double (integers: the wrapped sum; BOOL: a logical OR; Mean of integers: the
// wrapped sum divided, truncated toward zero).
#include <cmath>
#include <string>

#include "harness/mean.h"
#include "harness/reduce_sum.h"
#include "precision/ops/elementwise.h"
#include "support/int_array.h"

namespace precision {
namespace {

enum class Reduce { Sum, Mean, MeanV2 };

template <Reduce kind>
CaseOutcome runReduce(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const std::vector<int64_t> shape = drawShape(draw, 4, 12);
    const size_t rank = shape.size(), parts = testing_support::refIsComplex(dtype) ? 2 : 1;
    std::vector<int64_t> dims;
    std::vector<bool> reduced(rank, false);
    for (size_t d = 0; d < rank; ++d) {
        if (draw.coin()) {
            reduced[d] = true;
            dims.push_back(draw.coin() ? static_cast<int64_t>(d) : static_cast<int64_t>(d) - static_cast<int64_t>(rank));
        }
    }
    if (dims.empty()) reduced.assign(rank, true);  // empty dims: every dim (MeanV2 with noopWithEmptyAxes false too)
    const bool keep = draw.coin();
    std::vector<int64_t> outShape;
    for (size_t d = 0; d < rank; ++d) {
        if (!reduced[d]) outShape.push_back(shape[d]);
        else if (keep) outShape.push_back(1);
    }
    const size_t n = static_cast<size_t>(numel(shape)), m = static_cast<size_t>(numel(outShape));
    const std::vector<double> v = draw.values(n, dtype);
    std::vector<double> sums(m * parts, 0.0);
    std::vector<size_t> counts(m, 0);
    for (size_t i = 0; i < n; ++i) {
        size_t rest = i, o = 0, stride = 1;
        for (size_t d = rank; d-- > 0;) {
            const size_t c = rest % static_cast<size_t>(shape[d]);
            rest /= static_cast<size_t>(shape[d]);
            if (!reduced[d]) {
                o += c * stride;
                stride *= static_cast<size_t>(shape[d]);
            }
        }
        for (size_t p = 0; p < parts; ++p) sums[o * parts + p] += v[i * parts + p];
        counts[o]++;
    }
    const bool integer = !testing_support::refIsFloat(dtype) && !testing_support::refIsComplex(dtype);
    for (size_t o = 0; o < m; ++o) {
        for (size_t p = 0; p < parts; ++p) {
            double &s = sums[o * parts + p];
            if (integer) s = testing_support::refRound(s, dtype);  // wrapped (BOOL: any true)
            if (kind != Reduce::Sum) s = integer ? std::trunc(s / static_cast<double>(counts[o])) + 0.0 : s / counts[o];
        }
    }
    DeviceTensor self = uploaded(shape, dtype, v), out(outShape, dtype);
    const testing_support::IntArray dimsArray(dims);
    if (kind == Reduce::Sum) runOrThrow(testing_support::kReduceSum, {self, dimsArray.get(), keep, dtype, out}, stream);
    if (kind == Reduce::Mean) runOrThrow(testing_support::kMean, {self, dimsArray.get(), keep, dtype, out}, stream);
    if (kind == Reduce::MeanV2) runOrThrow(testing_support::kMeanV2, {self, dimsArray.get(), keep, false, out}, stream);
    return {shapeText(shape) + " dims " + shapeText(dims) + (keep ? " keepDim" : ""),
            {output("out", out, std::move(sums), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnReduceSum", testing_support::kReduceSumDtypes, runReduce<Reduce::Sum>);
ACLNN_REGISTER_PRECISION("aclnnMean", testing_support::kMeanDtypes, runReduce<Reduce::Mean>);
ACLNN_REGISTER_PRECISION("aclnnMeanV2", testing_support::kMeanDtypes, runReduce<Reduce::MeanV2>);

}  // namespace
}  // namespace precision
