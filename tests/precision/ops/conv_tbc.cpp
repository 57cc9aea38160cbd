// ConvTbc in the precision report: out(t, b, co) = bias(co) + sum over k, ci of self(t + k - pad, b, ci)
// weight(k, ci, co), judged by the metrics against that sum in double.
#include "harness/conv_tbc.h"
#include "precision/ops/conv_tbc_forward.h"

namespace precision {

std::string ConvTbcRun::describe() const {
    return "self " + shapeText({T, B, Cin}) + " weight " + shapeText({K, Cin, Cout}) + " pad " + std::to_string(pad);
}

ConvTbcRun runConvTbc(aclDataType dtype, Draw &draw, aclrtStream stream) {
    ConvTbcRun r;
    do {
        r.T = draw.integer(1, 8);
        r.K = draw.integer(1, 3);
        r.pad = draw.integer(0, 2);
    } while (r.T + r.pad < r.K);  // CANN's length rule (docs/ops)
    r.B = draw.integer(1, 3);
    r.Cin = draw.integer(1, 8);
    r.Cout = draw.integer(1, 8);
    r.To = r.T + 2 * r.pad + 1 - r.K;
    r.x = draw.values(static_cast<size_t>(r.T * r.B * r.Cin), dtype);
    r.w = draw.values(static_cast<size_t>(r.K * r.Cin * r.Cout), dtype);
    const std::vector<double> bias = draw.values(static_cast<size_t>(r.Cout), dtype);
    std::vector<double> golden;
    for (int64_t t = 0; t < r.To; ++t) {
        for (int64_t b = 0; b < r.B; ++b) {
            for (int64_t co = 0; co < r.Cout; ++co) {
                double sum = bias[static_cast<size_t>(co)];
                for (int64_t k = 0; k < r.K; ++k) {
                    for (int64_t ci = 0; r.inside(t + k - r.pad) && ci < r.Cin; ++ci) {
                        sum += r.input(t + k - r.pad, b, ci) * r.weight(k, ci, co);
                    }
                }
                golden.push_back(sum);
            }
        }
    }
    r.selfT = uploaded({r.T, r.B, r.Cin}, dtype, r.x);
    r.weightT = uploaded({r.K, r.Cin, r.Cout}, dtype, r.w);
    r.biasT = uploaded({r.Cout}, dtype, bias);
    r.outT = DeviceTensor({r.To, r.B, r.Cout}, dtype);
    runOrThrow(testing_support::kConvTbc, {r.selfT, r.weightT, r.biasT, r.pad, r.outT, 0}, stream);
    r.outcome = {r.describe(), {output("out", r.outT, std::move(golden), Judge::Metrics)}};
    return r;
}

namespace {

ACLNN_REGISTER_PRECISION("aclnnConvTbc", floatDtypes(), outcomeOf<runConvTbc>);

}  // namespace
}  // namespace precision
