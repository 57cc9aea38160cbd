// Softmax, LogSoftmax and their backwards in the precision report: a drawn shape and dim (negative or not),
// against the float64 formulas over the very values the device saw (the backwards' output: the forward of
// other drawn values in double, rounded to the dtype).
#include <algorithm>
#include <cmath>
#include <string>

#include "harness/softmax.h"
#include "precision/ops/elementwise.h"
#include "support/softmax_ref.h"

namespace precision {
namespace {

enum class Kind { Softmax, LogSoftmax, SoftmaxBackward, LogSoftmaxBackward };

// The forward in double: softmax (log: log-softmax) of x along the rows.
std::vector<double> forward(const std::vector<std::vector<size_t>> &rows, const std::vector<double> &x, bool log) {
    std::vector<double> y(x.size());
    for (const auto &row : rows) {
        double m = -INFINITY, s = 0;
        for (size_t i : row) m = std::max(m, x[i]);
        for (size_t i : row) s += std::exp(x[i] - m);
        for (size_t i : row) y[i] = log ? (x[i] - m) - std::log(s) : std::exp(x[i] - m) / s;
    }
    return y;
}

template <Kind kind>
CaseOutcome runSoftmax(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const std::vector<int64_t> shape = drawShape(draw, 4, 12);
    const auto rank = static_cast<int64_t>(shape.size());
    const auto along = static_cast<size_t>(draw.integer(0, rank - 1));
    const int64_t dim = draw.coin() ? static_cast<int64_t>(along) : static_cast<int64_t>(along) - rank;
    const size_t n = static_cast<size_t>(numel(shape));
    const auto rows = testing_support::refRows(shape, along);
    const std::vector<double> x = draw.values(n, dtype);
    DeviceTensor self = uploaded(shape, dtype, x), out(shape, dtype);
    std::vector<double> golden;
    if (kind == Kind::Softmax || kind == Kind::LogSoftmax) {
        golden = forward(rows, x, kind == Kind::LogSoftmax);
        runOrThrow(kind == Kind::Softmax ? testing_support::kSoftmax : testing_support::kLogSoftmax,
                   {self, dim, out}, stream);
    } else {
        std::vector<double> y = forward(rows, draw.values(n, dtype), kind == Kind::LogSoftmaxBackward);
        for (double &v : y) v = roundToDtype(v, dtype);
        golden.resize(n);
        for (const auto &row : rows) {
            double s = 0;
            for (size_t i : row) s += kind == Kind::SoftmaxBackward ? x[i] * y[i] : x[i];
            for (size_t i : row) {
                golden[i] = kind == Kind::SoftmaxBackward ? y[i] * (x[i] - s) : x[i] - std::exp(y[i]) * s;
            }
        }
        DeviceTensor forwardOut = uploaded(shape, dtype, y);
        runOrThrow(kind == Kind::SoftmaxBackward ? testing_support::kSoftmaxBackward
                                                 : testing_support::kLogSoftmaxBackward,
                   {self, forwardOut, dim, out}, stream);
    }
    return {shapeText(shape) + " dim " + std::to_string(dim), {output("out", out, std::move(golden), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnSoftmax", testing_support::kSoftmaxDtypes, runSoftmax<Kind::Softmax>);
ACLNN_REGISTER_PRECISION("aclnnLogSoftmax", testing_support::kLogSoftmaxDtypes, runSoftmax<Kind::LogSoftmax>);
ACLNN_REGISTER_PRECISION("aclnnSoftmaxBackward", testing_support::kSoftmaxBackwardDtypes,
                         runSoftmax<Kind::SoftmaxBackward>);
ACLNN_REGISTER_PRECISION("aclnnLogSoftmaxBackward", testing_support::kLogSoftmaxBackwardDtypes,
                         runSoftmax<Kind::LogSoftmaxBackward>);

}  // namespace
}  // namespace precision
