// GroupNorm and GroupNormBackward in the precision report. The forward's out, meanOut and rstdOut are judged
// by the metrics against tests/cases/group_norm_swish_cases.h's reference without the swish, in double. The
// backward is a cascade: GroupNorm runs first and the backward takes its meanOut and rstdOut from the device
// (with its input and gamma); gradInput, gradGammaOut and gradBetaOut are judged against
// tests/cases/group_norm_swish_grad_cases.h's reference without the swish, evaluated on the mean and rstd the
// backward was given (the forward's row measures those against the truth).
#include "cases/group_norm_swish_cases.h"
#include "cases/group_norm_swish_grad_cases.h"
#include "harness/group_norm.h"
#include "harness/group_norm_backward.h"
#include "precision/ops/group_norm_swish_forward.h"
#include "precision/precision.h"
#include "support/int_array.h"

namespace precision {
namespace {

struct GroupNormRun : GroupShape {
    bool affine = true;                  // gamma and beta passed (else null: ones and zeros)
    std::vector<double> x, gamma, beta;  // as the device holds them (ones and zeros when not affine)
    DeviceTensor xT, gammaT, betaT, meanT, rstdT;
    CaseOutcome outcome;  // out, meanOut and rstdOut next to their golden
};

// eps 1e-5; gamma and beta in self's dtype, or null (one case in four).
GroupNormRun runGroupNorm(aclDataType dtype, Draw &draw, aclrtStream stream) {
    GroupNormRun r;
    static_cast<GroupShape &>(r) = drawGroupShape(draw);
    r.affine = draw.integer(0, 3) != 0;
    const double eps = 1e-5;
    r.x = draw.values(static_cast<size_t>(numel(r.shape)), dtype);
    r.gamma = r.affine ? draw.values(static_cast<size_t>(r.channels), dtype)
                       : std::vector<double>(static_cast<size_t>(r.channels), 1.0);
    r.beta = r.affine ? draw.values(static_cast<size_t>(r.channels), dtype)
                      : std::vector<double>(static_cast<size_t>(r.channels), 0.0);
    testing_support::GnsReference golden = testing_support::gnsReference(
        r.x, r.gamma, r.beta, r.batch, r.channels, r.planeLen, r.groups, eps, false, 1.0);
    const std::vector<int64_t> stats = {r.batch, r.groups};
    r.xT = uploaded(r.shape, dtype, r.x);
    r.gammaT = uploaded({r.channels}, dtype, r.gamma);
    r.betaT = uploaded({r.channels}, dtype, r.beta);
    r.meanT = DeviceTensor(stats, dtype);
    r.rstdT = DeviceTensor(stats, dtype);
    DeviceTensor out(r.shape, dtype);
    runOrThrow(testing_support::kGroupNorm,
               {r.xT, r.affine ? r.gammaT.get() : nullptr, r.affine ? r.betaT.get() : nullptr, r.batch, r.channels,
                r.planeLen, r.groups, eps, out, r.meanT, r.rstdT},
               stream);
    r.outcome = {"self " + shapeText(r.shape) + " group " + std::to_string(r.groups) +
                     (r.affine ? "" : " no gamma, beta"),
                 {output("out", out, std::move(golden.y), Judge::Metrics),
                  output("meanOut", r.meanT, std::move(golden.mean), Judge::Metrics),
                  output("rstdOut", r.rstdT, std::move(golden.rstd), Judge::Metrics)}};
    return r;
}

CaseOutcome runGroupNormBackward(aclDataType dtype, Draw &draw, aclrtStream stream) {
    GroupNormRun f = runGroupNorm(dtype, draw, stream);
    const std::vector<double> dy = draw.values(f.x.size(), dtype);
    const std::vector<double> noBeta(static_cast<size_t>(f.channels), 0.0);  // read by the swish only
    std::vector<double> dx, dgamma, dbeta;
    testing_support::gnsgReference(dy, f.meanT.download(), f.rstdT.download(), f.x, f.gamma, noBeta, f.batch,
                                   f.channels, f.planeLen, f.groups, 1.0, &dx, &dgamma, &dbeta, nullptr, nullptr,
                                   nullptr, false);
    DeviceTensor dyT = uploaded(f.shape, dtype, dy), dxT(f.shape, dtype), dgammaT({f.channels}, dtype),
                 dbetaT({f.channels}, dtype);
    const testing_support::BoolArray outputMask({true, true, true});
    runOrThrow(testing_support::kGroupNormBackward,
               {dyT, f.xT, f.meanT, f.rstdT, f.affine ? f.gammaT.get() : nullptr, f.batch, f.channels, f.planeLen,
                f.groups, outputMask.get(), dxT, dgammaT, dbetaT},
               stream);
    return {f.outcome.description,
            {output("gradInput", dxT, std::move(dx), Judge::Metrics),
             output("gradGammaOut", dgammaT, std::move(dgamma), Judge::Metrics),
             output("gradBetaOut", dbetaT, std::move(dbeta), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnGroupNorm", floatDtypes(), outcomeOf<runGroupNorm>);
ACLNN_REGISTER_PRECISION("aclnnGroupNormBackward", floatDtypes(), runGroupNormBackward);

}  // namespace
}  // namespace precision
