// GroupNormSwish in the precision report: y, mean and rstd judged by the metrics against
// tests/cases/group_norm_swish_cases.h's reference in double.
#include "cases/group_norm_swish_cases.h"
#include "harness/group_norm_swish.h"
#include "precision/ops/group_norm_swish_forward.h"

namespace precision {

GroupShape drawGroupShape(Draw &draw) {
    GroupShape g;
    g.batch = draw.integer(1, 2);
    g.groups = draw.integer(1, 4);
    g.channels = g.groups * draw.integer(1, 4);
    g.shape = {g.batch, g.channels};
    for (int64_t rank = draw.integer(2, 4); static_cast<int64_t>(g.shape.size()) < rank;) {
        g.shape.push_back(draw.integer(1, 6));
    }
    g.planeLen = numel(g.shape) / (g.batch * g.channels);
    return g;
}

GroupNormSwishRun runGroupNormSwish(aclDataType dtype, Draw &draw, aclrtStream stream) {
    GroupNormSwishRun r;
    static_cast<GroupShape &>(r) = drawGroupShape(draw);
    r.swishScale = draw.uniform(0.5, 2);
    const double eps = 1e-5;
    r.x = draw.values(static_cast<size_t>(numel(r.shape)), dtype);
    r.gamma = draw.values(static_cast<size_t>(r.channels), dtype);
    r.beta = draw.values(static_cast<size_t>(r.channels), dtype);
    testing_support::GnsReference golden = testing_support::gnsReference(
        r.x, r.gamma, r.beta, r.batch, r.channels, r.planeLen, r.groups, eps, true, r.swishScale);
    const std::vector<int64_t> stats = {r.batch, r.groups};
    r.xT = uploaded(r.shape, dtype, r.x);
    r.gammaT = uploaded({r.channels}, dtype, r.gamma);
    r.betaT = uploaded({r.channels}, dtype, r.beta);
    r.yT = DeviceTensor(r.shape, dtype);
    r.meanT = DeviceTensor(stats, dtype);
    r.rstdT = DeviceTensor(stats, dtype);
    runOrThrow(testing_support::kGroupNormSwish,
               {r.xT, r.gammaT, r.betaT, r.groups, nullptr, eps, true, r.swishScale, r.yT, r.meanT, r.rstdT}, stream);
    r.outcome = {"x " + shapeText(r.shape) + " groups " + std::to_string(r.groups),
                 {output("y", r.yT, std::move(golden.y), Judge::Metrics),
                  output("mean", r.meanT, std::move(golden.mean), Judge::Metrics),
                  output("rstd", r.rstdT, std::move(golden.rstd), Judge::Metrics)}};
    return r;
}

namespace {

ACLNN_REGISTER_PRECISION("aclnnGroupNormSwish", floatDtypes(), outcomeOf<runGroupNormSwish>);

}  // namespace
}  // namespace precision
