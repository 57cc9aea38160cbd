// Im2col in the precision report: a copy (or zero) per column element, judged bit for bit.
#include "harness/im2col.h"
#include "ops/im2col_window.h"
#include "precision/ops/im2col_geometry.h"
#include "support/host_data.h"
#include "support/int_array.h"

namespace precision {
namespace {

using testing_support::IntArray;

CaseOutcome runIm2col(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const DrawnIm2colCase g(draw);
    const size_t k = testing_support::componentsOf(dtype);
    const std::vector<double> x = draw.values(static_cast<size_t>(numel(g.image())), dtype);
    std::vector<double> golden(static_cast<size_t>(numel(g.columns())) * k, 0.0);
    for (size_t e = 0; e < golden.size() / k; ++e) {
        const int64_t from = g.sourceOf(static_cast<int64_t>(e));
        for (size_t j = 0; from >= 0 && j < k; ++j) golden[e * k + j] = x[static_cast<size_t>(from) * k + j];
    }
    DeviceTensor self = uploaded(g.image(), dtype, x), out(g.columns(), dtype);
    IntArray kernel(g.kernel), dilation(g.dilation), padding(g.padding), stride(g.stride);
    runOrThrow(testing_support::kIm2col, {self, kernel, dilation, padding, stride, out}, stream);
    return {g.describe(), {output("out", out, std::move(golden), Judge::Bitwise)}};
}

// Every dtype the library accepts but COMPLEX32, which is not measured: the test support has no host
// encoding of it.
std::vector<aclDataType> measuredDtypes() {
    std::vector<aclDataType> dtypes;
    for (aclDataType d : aclcl::kIm2colDtypes) {
        if (d != ACL_COMPLEX32) dtypes.push_back(d);
    }
    return dtypes;
}

ACLNN_REGISTER_PRECISION("aclnnIm2col", measuredDtypes(), runIm2col);

}  // namespace
}  // namespace precision
