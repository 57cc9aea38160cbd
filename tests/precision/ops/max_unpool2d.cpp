// MaxUnpool2d in the precision report: a scatter of copies into zeros, judged bit for bit.
#include "harness/max_unpool2d.h"
#include "ops/max_unpool2d_common.h"
#include "precision/ops/unpool_geometry.h"
#include "support/int_array.h"

namespace precision {
namespace {

CaseOutcome runMaxUnpool2d(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const DrawnMaxUnpool2dCase g(draw);
    const std::vector<double> x = draw.values(static_cast<size_t>(numel(g.self)), dtype);
    std::vector<double> golden(static_cast<size_t>(numel(g.out)), 0.0);
    for (size_t e = 0; e < x.size(); ++e) golden[g.target(e)] = x[e];
    DeviceTensor self = uploaded(g.self, dtype, x), indices = uploaded(g.self, g.indexType, g.indices),
                 out(g.out, dtype);
    testing_support::IntArray outputSize({g.oH, g.oW});
    runOrThrow(testing_support::kMaxUnpool2d, {self, indices, outputSize, out}, stream);
    return {g.describe(), {output("out", out, std::move(golden), Judge::Bitwise)}};
}

ACLNN_REGISTER_PRECISION("aclnnMaxUnpool2d", aclcl::kUnpoolValueDtypes, runMaxUnpool2d);

}  // namespace
}  // namespace precision
