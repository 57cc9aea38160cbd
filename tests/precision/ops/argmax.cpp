// ArgMax in the precision report: a drawn shape, dim (negative or not) and keepdim, the INT64 indices judged
// bit for bit against support/glue_ref.h's reference: the first maximal index along dim, or the first NaN's
// (PyTorch's rule), so ties (common among the drawn integers and 16-bit floats) have one right answer.
#include <string>

#include "harness/argmax.h"
#include "precision/ops/elementwise.h"
#include "support/glue_ref.h"

namespace precision {
namespace {

CaseOutcome runArgMax(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const std::vector<int64_t> shape = drawShape(draw, 4, 12);
    const auto rank = static_cast<int64_t>(shape.size());
    const int64_t along = draw.integer(0, rank - 1);
    const int64_t dim = draw.coin() ? along : along - rank;
    const bool keepdim = draw.coin();
    std::vector<int64_t> outShape;
    for (int64_t k = 0; k < rank; ++k) {
        if (k != along) outShape.push_back(shape[static_cast<size_t>(k)]);
        else if (keepdim) outShape.push_back(1);
    }
    const std::vector<double> v = draw.values(static_cast<size_t>(numel(shape)), dtype);
    DeviceTensor self = uploaded(shape, dtype, v), out(outShape, ACL_INT64);
    runOrThrow(testing_support::kArgMax, {self, dim, keepdim, out}, stream);
    return {shapeText(shape) + " dim " + std::to_string(dim) + (keepdim ? " keepdim" : ""),
            {output("out", out, testing_support::refArgMax(shape, along, v), Judge::Bitwise)}};
}

ACLNN_REGISTER_PRECISION("aclnnArgMax", testing_support::kArgMaxDtypes, runArgMax);

}  // namespace
}  // namespace precision
