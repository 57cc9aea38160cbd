// MaxUnpool2dBackward in the precision report: a gather of copies, judged bit for bit.
#include "harness/max_unpool2d_backward.h"
#include "ops/max_unpool2d_common.h"
#include "precision/ops/unpool_geometry.h"
#include "support/int_array.h"

namespace precision {
namespace {

CaseOutcome runMaxUnpool2dBackward(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const DrawnMaxUnpool2dCase g(draw);
    const std::vector<double> dy = draw.values(static_cast<size_t>(numel(g.out)), dtype);
    std::vector<double> golden(static_cast<size_t>(numel(g.self)));
    for (size_t e = 0; e < golden.size(); ++e) golden[e] = dy[g.target(e)];
    DeviceTensor gradOutput = uploaded(g.out, dtype, dy), self(g.self, dtype),
                 indices = uploaded(g.self, g.indexType, g.indices), out(g.self, dtype);
    testing_support::IntArray outputSize({g.oH, g.oW});
    runOrThrow(testing_support::kMaxUnpool2dBackward, {gradOutput, self, indices, outputSize, out}, stream);
    return {g.describe(), {output("out", out, std::move(golden), Judge::Bitwise)}};
}

ACLNN_REGISTER_PRECISION("aclnnMaxUnpool2dBackward", aclcl::kUnpoolValueDtypes, runMaxUnpool2dBackward);

}  // namespace
}  // namespace precision
