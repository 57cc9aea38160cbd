// Im2col in the precision report: a copy (or zero) per column element, judged bit for bit.
#include "aclnnop/aclnn_im2col.h"
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
    runOrThrow(
        [&](uint64_t *ws, aclOpExecutor **ex) {
            return aclnnIm2colGetWorkspaceSize(self, kernel, dilation, padding, stride, out, ws, ex);
        },
        [](void *w, uint64_t n, aclOpExecutor *ex, aclrtStream s) { return aclnnIm2col(w, n, ex, s); }, stream);
    return {g.describe(), {output("out", out, std::move(golden), Judge::Bitwise)}};
}

// COMPLEX32 is accepted too but not measured: the test support has no host encoding of it.
ACLNN_REGISTER_PRECISION("aclnnIm2col",
                         (std::vector<aclDataType>{ACL_INT8, ACL_UINT8, ACL_INT16, ACL_UINT16, ACL_INT32, ACL_UINT32,
                                                   ACL_INT64, ACL_UINT64, ACL_BF16, ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE,
                                                   ACL_BOOL, ACL_COMPLEX64}),
                         runIm2col);

}  // namespace
}  // namespace precision
