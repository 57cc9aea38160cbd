// Im2colBackward in the precision report: each image element sums the column elements that copied it,
// judged by the metrics.
#include "harness/im2col_backward.h"
#include "ops/im2col_window.h"
#include "precision/ops/im2col_geometry.h"
#include "support/int_array.h"

namespace precision {
namespace {

using testing_support::IntArray;

CaseOutcome runIm2colBackward(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const DrawnIm2colCase g(draw);
    const std::vector<double> dy = draw.values(static_cast<size_t>(numel(g.columns())), dtype);
    std::vector<double> golden(static_cast<size_t>(numel(g.image())), 0.0);
    for (size_t e = 0; e < dy.size(); ++e) {
        const int64_t to = g.sourceOf(static_cast<int64_t>(e));
        if (to >= 0) golden[static_cast<size_t>(to)] += dy[e];
    }
    DeviceTensor gradOutput = uploaded(g.columns(), dtype, dy), out(g.image(), dtype);
    IntArray inputSize({g.H, g.W}), kernel(g.kernel), dilation(g.dilation), padding(g.padding), stride(g.stride);
    runOrThrow(testing_support::kIm2colBackward, {gradOutput, inputSize, kernel, dilation, padding, stride, out},
               stream);
    return {g.describe(), {output("out", out, std::move(golden), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnIm2colBackward", aclcl::kIm2colBackwardDtypes, runIm2colBackward);

}  // namespace
}  // namespace precision
