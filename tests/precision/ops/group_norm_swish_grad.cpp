// GroupNormSwishGrad in the precision report, as a cascade: GroupNormSwish runs first and the grad takes
// its mean and rstd from the device (with its x, gamma and beta). dx, dgamma and dbeta are judged by the
// metrics against tests/cases/group_norm_swish_grad_cases.h's reference in double, evaluated on the mean
// and rstd the grad was given (the forward's row measures those against the truth).
#include "cases/group_norm_swish_grad_cases.h"
#include "harness/group_norm_swish_grad.h"
#include "precision/ops/group_norm_swish_forward.h"

namespace precision {
namespace {

CaseOutcome runGroupNormSwishGrad(aclDataType dtype, Draw &draw, aclrtStream stream) {
    GroupNormSwishRun f = runGroupNormSwish(dtype, draw, stream);
    const std::vector<double> dy = draw.values(f.x.size(), dtype);
    std::vector<double> dx, dgamma, dbeta;
    testing_support::gnsgReference(dy, f.meanT.download(), f.rstdT.download(), f.x, f.gamma, f.beta, f.batch,
                                   f.channels, f.planeLen, f.groups, f.swishScale, &dx, &dgamma, &dbeta, nullptr,
                                   nullptr, nullptr);
    DeviceTensor dyT = uploaded(f.shape, dtype, dy), dxT(f.shape, dtype), dgammaT({f.channels}, dtype),
                 dbetaT({f.channels}, dtype);
    runOrThrow(testing_support::kGroupNormSwishGrad,
               {dyT, f.meanT, f.rstdT, f.xT, f.gammaT, f.betaT, f.groups, nullptr, f.swishScale, true, true, dxT,
                dgammaT, dbetaT},
               stream);
    return {f.outcome.description,
            {output("dx", dxT, std::move(dx), Judge::Metrics), output("dgamma", dgammaT, std::move(dgamma), Judge::Metrics),
             output("dbeta", dbetaT, std::move(dbeta), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnGroupNormSwishGrad", floatDtypes(), runGroupNormSwishGrad);

}  // namespace
}  // namespace precision
