// ConvTbcBackward in the precision report, as a cascade: ConvTbc runs first and the backward runs on its
// input, weight and bias tensors with a gradOutput of its out shape. gradInput, gradWeight and gradBias
// are judged by the metrics against their sums in double.
#include "harness/conv_tbc_backward.h"
#include "precision/ops/conv_tbc_forward.h"

namespace precision {
namespace {

CaseOutcome runConvTbcBackward(aclDataType dtype, Draw &draw, aclrtStream stream) {
    ConvTbcRun f = runConvTbc(dtype, draw, stream);
    const std::vector<double> dy = draw.values(static_cast<size_t>(f.To * f.B * f.Cout), dtype);
    auto grad = [&](int64_t t, int64_t b, int64_t co) { return dy[static_cast<size_t>((t * f.B + b) * f.Cout + co)]; };
    std::vector<double> dx(static_cast<size_t>(f.T * f.B * f.Cin), 0.0), dw(f.w.size(), 0.0),
        db(static_cast<size_t>(f.Cout), 0.0);
    // Each out(t, b, co) took input(t + k - pad, b, ci) weight(k, ci, co): its gradient flows back to both.
    for (int64_t t = 0; t < f.To; ++t) {
        for (int64_t b = 0; b < f.B; ++b) {
            for (int64_t co = 0; co < f.Cout; ++co) {
                const double g = grad(t, b, co);
                db[static_cast<size_t>(co)] += g;
                for (int64_t k = 0; k < f.K; ++k) {
                    const int64_t ti = t + k - f.pad;
                    for (int64_t ci = 0; f.inside(ti) && ci < f.Cin; ++ci) {
                        dw[static_cast<size_t>((k * f.Cin + ci) * f.Cout + co)] += f.input(ti, b, ci) * g;
                        dx[static_cast<size_t>((ti * f.B + b) * f.Cin + ci)] += f.weight(k, ci, co) * g;
                    }
                }
            }
        }
    }
    DeviceTensor gradOutput = uploaded({f.To, f.B, f.Cout}, dtype, dy), gradInput({f.T, f.B, f.Cin}, dtype),
                 gradWeight({f.K, f.Cin, f.Cout}, dtype), gradBias({f.Cout}, dtype);
    runOrThrow(testing_support::kConvTbcBackward,
               {gradOutput, f.selfT, f.weightT, f.biasT, f.pad, 0, gradInput, gradWeight, gradBias}, stream);
    return {f.describe(),
            {output("gradInput", gradInput, std::move(dx), Judge::Metrics),
             output("gradWeight", gradWeight, std::move(dw), Judge::Metrics),
             output("gradBias", gradBias, std::move(db), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnConvTbcBackward", floatDtypes(), runConvTbcBackward);

}  // namespace
}  // namespace precision
