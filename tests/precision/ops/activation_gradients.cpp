// ThresholdBackward, SiluBackward, SigmoidBackward, GeluBackward and GeluBackwardV2 in the precision
// report: gradOutput and the forward's tensor of one shape and dtype, against the formulas PyTorch uses.
#include <cmath>
#include <string>

#include "harness/gelu_backward.h"
#include "harness/gelu_backward_v2.h"
#include "harness/sigmoid_backward.h"
#include "harness/silu_backward.h"
#include "harness/threshold_backward.h"
#include "precision/ops/elementwise.h"

namespace precision {
namespace {

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }
constexpr double kC = 0.7978845608028654;  // sqrt(2 / pi)
double geluTanhGrad(double x) {
    const double t = std::tanh(kC * (x + 0.044715 * x * x * x));
    return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * kC * (1 + 3 * 0.044715 * x * x);
}
double geluErfGrad(double x) {
    return 0.5 * (1 + std::erf(x / std::sqrt(2.0))) + x * std::exp(-0.5 * x * x) / std::sqrt(2 * M_PI);
}

enum class Grad { Threshold, Silu, Sigmoid, GeluTanh, GeluV2 };

template <Grad kind>
CaseOutcome runGradient(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const std::vector<int64_t> shape = drawShape(draw, 4, 16);
    const size_t n = static_cast<size_t>(numel(shape)), parts = testing_support::refIsComplex(dtype) ? 2 : 1;
    const std::vector<double> g = draw.values(n, dtype);
    std::vector<double> x = draw.values(n, dtype);
    if (kind == Grad::Sigmoid) {  // the forward's output y: a sigmoid of a drawn value, rounded to dtype
        for (double &v : x) v = roundToDtype(testing_support::refIsComplex(dtype) ? v / 5 : sigmoid(v), dtype);
    }
    const bool real = testing_support::refIsFloat(dtype) || testing_support::refIsComplex(dtype);
    const double threshold = real ? 0.25 : 1;
    const bool tanhForm = kind == Grad::GeluTanh || (kind == Grad::GeluV2 && draw.coin());
    std::vector<double> want(n * parts);
    for (size_t i = 0; i < n; ++i) {
        const double gi = g[i * parts], xi = x[i * parts];
        switch (kind) {
            case Grad::Threshold: want[i] = xi > threshold ? gi : 0; break;
            case Grad::Silu: want[i] = gi * sigmoid(xi) * (1 + xi * (1 - sigmoid(xi))); break;
            case Grad::Sigmoid: {
                // g * y * (1 - y), complex without conjugation (as CANN's SigmoidGrad).
                const RefComplex gy{gi, parts == 2 ? g[i * 2 + 1] : 0}, y{xi, parts == 2 ? x[i * 2 + 1] : 0};
                const RefComplex one{1 - y.re, -y.im};
                const RefComplex yy{y.re * one.re - y.im * one.im, y.re * one.im + y.im * one.re};
                want[i * parts] = gy.re * yy.re - gy.im * yy.im;
                if (parts == 2) want[i * 2 + 1] = gy.re * yy.im + gy.im * yy.re;
                break;
            }
            default: want[i] = gi * (tanhForm ? geluTanhGrad(xi) : geluErfGrad(xi)); break;
        }
    }
    DeviceTensor gradOutput = uploaded(shape, dtype, g), self = uploaded(shape, dtype, x), out(shape, dtype);
    std::string approximate = tanhForm ? "tanh" : "none";
    testing_support::OwnedScalar thresholdScalar(threshold, real ? ACL_FLOAT : ACL_INT64);
    switch (kind) {
        case Grad::Threshold:
            runOrThrow(testing_support::kThresholdBackward, {gradOutput, self, thresholdScalar.get(), out}, stream);
            break;
        case Grad::Silu: runOrThrow(testing_support::kSiluBackward, {gradOutput, self, out}, stream); break;
        case Grad::Sigmoid: runOrThrow(testing_support::kSigmoidBackward, {gradOutput, self, out}, stream); break;
        case Grad::GeluTanh: runOrThrow(testing_support::kGeluBackward, {gradOutput, self, out}, stream); break;
        case Grad::GeluV2:
            runOrThrow(testing_support::kGeluBackwardV2, {gradOutput, self, &approximate[0], out}, stream);
            break;
    }
    // ThresholdBackward selects, it computes nothing: bit for bit.
    const Judge judge = kind == Grad::Threshold ? Judge::Bitwise : Judge::Metrics;
    return {shapeText(shape) + (kind == Grad::GeluV2 ? " " + approximate : ""),
            {output(kind == Grad::Threshold ? "out" : "gradInput", out, std::move(want), judge)}};
}

ACLNN_REGISTER_PRECISION("aclnnThresholdBackward", testing_support::kThresholdDtypes, runGradient<Grad::Threshold>);
ACLNN_REGISTER_PRECISION("aclnnSiluBackward", testing_support::kSiluBackwardDtypes, runGradient<Grad::Silu>);
ACLNN_REGISTER_PRECISION("aclnnSigmoidBackward", testing_support::kSigmoidBackwardDtypes, runGradient<Grad::Sigmoid>);
ACLNN_REGISTER_PRECISION("aclnnGeluBackward", testing_support::kGeluBackwardDtypes, runGradient<Grad::GeluTanh>);
ACLNN_REGISTER_PRECISION("aclnnGeluBackwardV2", testing_support::kGeluBackwardV2Dtypes, runGradient<Grad::GeluV2>);

}  // namespace
}  // namespace precision
