// Relu, Silu, Sigmoid, Gelu and GeluV2 (and their Inplace forms) in the precision report, against the
// formulas PyTorch uses (Gelu: the tanh form, as CANN computes it).
#include <cmath>

#include "harness/gelu.h"
#include "harness/gelu_v2.h"
#include "harness/relu.h"
#include "harness/sigmoid.h"
#include "harness/silu.h"
#include "precision/ops/elementwise.h"

namespace precision {
namespace {

using testing_support::kGelu;
using testing_support::kInplaceRelu;
using testing_support::kInplaceSigmoid;
using testing_support::kRelu;
using testing_support::kSigmoid;
using testing_support::kSilu;

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }
double geluTanh(double x) {
    const double c = std::sqrt(2 / M_PI);
    return 0.5 * x * (1 + std::tanh(c * (x + 0.044715 * x * x * x)));
}
double geluErf(double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }

RefComplex relu(RefComplex x) { return {std::isnan(x.re) ? x.re : x.re > 0 ? x.re : 0, 0}; }
RefComplex silu(RefComplex x) { return {x.re * sigmoid(x.re), 0}; }
RefComplex gelu(RefComplex x) { return {geluTanh(x.re), 0}; }
RefComplex sigmoidOf(RefComplex x) {
    if (x.im == 0) return {sigmoid(x.re), 0};
    // 1 / (1 + e^-z), complex.
    const double m = std::exp(-x.re), dr = 1 + m * std::cos(-x.im), di = m * std::sin(-x.im), d = dr * dr + di * di;
    return {dr / d, -di / d};
}
// An integer or bool self is computed and stored in FLOAT.
aclDataType sigmoidOut(aclDataType d) {
    return testing_support::refIsFloat(d) || testing_support::refIsComplex(d) ? d : ACL_FLOAT;
}

// GeluV2 with a drawn approximation: 0 the erf form, 1 the tanh form.
CaseOutcome runGeluV2(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const std::vector<int64_t> shape = drawShape(draw, 4, 16);
    const size_t n = static_cast<size_t>(numel(shape));
    const int64_t approximate = draw.coin() ? 1 : 0;
    const std::vector<double> v = draw.values(n, dtype);
    std::vector<double> want(n);
    for (size_t i = 0; i < n; ++i) want[i] = approximate ? geluTanh(v[i]) : geluErf(v[i]);
    DeviceTensor x = uploaded(shape, dtype, v), y(shape, dtype);
    runOrThrow(testing_support::kGeluV2, {x, approximate, y}, stream);
    return {shapeText(shape) + (approximate ? " tanh" : " erf"), {output("y", y, std::move(want), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnRelu", testing_support::kReluDtypes, (unaryRunner<kRelu, false, relu>));
ACLNN_REGISTER_PRECISION("aclnnInplaceRelu", testing_support::kReluDtypes, (unaryRunner<kInplaceRelu, true, relu>));
ACLNN_REGISTER_PRECISION("aclnnSilu", testing_support::kSiluDtypes, (unaryRunner<kSilu, false, silu>));
ACLNN_REGISTER_PRECISION("aclnnSigmoid", testing_support::kSigmoidDtypes,
                         (unaryRunner<kSigmoid, false, sigmoidOf, sigmoidOut>));
ACLNN_REGISTER_PRECISION("aclnnInplaceSigmoid", floatingOf(testing_support::kSigmoidDtypes),
                         (unaryRunner<kInplaceSigmoid, true, sigmoidOf>));
ACLNN_REGISTER_PRECISION("aclnnGelu", testing_support::kGeluDtypes, (unaryRunner<kGelu, false, gelu>));
ACLNN_REGISTER_PRECISION("aclnnGeluV2", testing_support::kGeluV2Dtypes, runGeluV2);

}  // namespace
}  // namespace precision
