// ReflectionPad2dBackward and ReplicationPad2dBackward in the precision report: each input gradient sums
// the output gradients of the padded positions that copy it, so the results are judged by the metrics.
#include "harness/pad2d_backward.h"
#include "ops/pad2d_padding.h"
#include "precision/ops/pad2d_geometry.h"
#include "support/host_data.h"
#include "support/int_array.h"

namespace precision {
namespace {

template <bool reflect>
CaseOutcome runPad2dBackward(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const DrawnPad2dCase g(reflect, draw);
    const size_t k = testing_support::componentsOf(dtype);
    const std::vector<double> dy = draw.values(static_cast<size_t>(numel(g.out)), dtype);
    std::vector<double> golden(static_cast<size_t>(numel(g.self)) * k, 0.0);
    g.forEachCopy(k, [&](size_t padded, size_t self) { golden[self] += dy[padded]; });
    DeviceTensor gradOutput = uploaded(g.out, dtype, dy), self(g.self, dtype), gradInput(g.self, dtype);
    testing_support::IntArray padding(g.pad);
    runOrThrow(reflect ? testing_support::kReflectionPad2dBackward : testing_support::kReplicationPad2dBackward,
               {gradOutput, self, padding, gradInput}, stream);
    return {g.describe(), {output("gradInput", gradInput, std::move(golden), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnReflectionPad2dBackward", aclcl::kPad2dBackwardDtypes, runPad2dBackward<true>);
ACLNN_REGISTER_PRECISION("aclnnReplicationPad2dBackward", aclcl::kPad2dBackwardDtypes, runPad2dBackward<false>);

}  // namespace
}  // namespace precision
