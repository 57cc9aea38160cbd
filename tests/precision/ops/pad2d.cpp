// ReflectionPad2d and ReplicationPad2d in the precision report: copies, judged bit for bit.
#include "harness/pad2d.h"
#include "ops/pad2d_padding.h"
#include "precision/ops/pad2d_geometry.h"
#include "support/host_data.h"
#include "support/int_array.h"

namespace precision {
namespace {

template <bool reflect>
CaseOutcome runPad2d(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const DrawnPad2dCase g(reflect, draw);
    const size_t k = testing_support::componentsOf(dtype);
    const std::vector<double> x = draw.values(static_cast<size_t>(numel(g.self)), dtype);
    std::vector<double> golden(static_cast<size_t>(numel(g.out)) * k);
    g.forEachCopy(k, [&](size_t to, size_t from) { golden[to] = x[from]; });
    DeviceTensor self = uploaded(g.self, dtype, x), out(g.out, dtype);
    testing_support::IntArray padding(g.pad);
    runOrThrow(reflect ? testing_support::kReflectionPad2d : testing_support::kReplicationPad2d,
               {self, padding, out}, stream);
    return {g.describe(), {output("out", out, std::move(golden), Judge::Bitwise)}};
}

ACLNN_REGISTER_PRECISION("aclnnReflectionPad2d", aclcl::kPad2dDtypes, runPad2d<true>);
ACLNN_REGISTER_PRECISION("aclnnReplicationPad2d", aclcl::kPad2dDtypes, runPad2d<false>);

}  // namespace
}  // namespace precision
