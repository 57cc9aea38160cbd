// UpsampleNearest2d, its V2 and its backward in the precision report: the forwards a gather (bit for bit), the
// backward a sum of each input element's terms, against that sum in double (metrics). Drawn sizes up to
// 16 x 16 resized to up to 40 x 40, NCHW or NHWC.
#include <algorithm>
#include <cmath>

#include "harness/upsample_nearest2d.h"
#include "harness/upsample_nearest2d_backward.h"
#include "precision/precision.h"
#include "support/int_array.h"
#include "support/nearest_ref.h"

namespace precision {
namespace {

using testing_support::nearestSourceRef;

struct Drawn {
    int64_t N, C, H, W, OH, OW;
    bool nhwc;
    std::vector<int64_t> dims(int64_t h, int64_t w) const {
        return nhwc ? std::vector<int64_t>{N, h, w, C} : std::vector<int64_t>{N, C, h, w};
    }
    // Element (n, c, h, w) of a contiguous tensor of H x W planes in this layout.
    size_t at(int64_t n, int64_t c, int64_t h, int64_t w, int64_t hh, int64_t ww) const {
        return static_cast<size_t>(nhwc ? ((n * hh + h) * ww + w) * C + c : ((n * C + c) * hh + h) * ww + w);
    }
    std::string text() const {
        return shapeText({N, C, H, W}) + " to " + std::to_string(OH) + "x" + std::to_string(OW) + (nhwc ? " NHWC" : " NCHW");
    }
};

Drawn drawSizes(Draw &draw) {
    Drawn d;
    d.N = draw.integer(1, 2);
    d.C = draw.integer(1, 4);
    d.H = draw.integer(1, 16);
    d.W = draw.integer(1, 16);
    d.OH = draw.integer(1, 40);
    d.OW = draw.integer(1, 40);
    d.nhwc = draw.coin();
    return d;
}

// UpsampleNearest2d, or (v2) UpsampleNearest2dV2 with the scales PyTorch passes (output / input) in one case
// of two and 0 (the sizes' ratio) in the other.
CaseOutcome runForwardOf(aclDataType dtype, Draw &draw, aclrtStream stream, bool v2) {
    const Drawn d = drawSizes(draw);
    const bool scaled = v2 && draw.coin();
    // The API's scales are floats: the reference takes the very values passed.
    const float scalesH = scaled ? static_cast<float>(d.OH) / static_cast<float>(d.H) : 0.0f;
    const float scalesW = scaled ? static_cast<float>(d.OW) / static_cast<float>(d.W) : 0.0f;
    const bool shortcuts = testing_support::forwardShortcutsRef(d.nhwc, d.C, d.H, d.W);
    const aclFormat format = d.nhwc ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW;
    const std::vector<double> v = draw.values(static_cast<size_t>(d.N * d.C * d.H * d.W), dtype);
    std::vector<double> want(static_cast<size_t>(d.N * d.C * d.OH * d.OW));
    for (int64_t n = 0; n < d.N; ++n)
        for (int64_t c = 0; c < d.C; ++c)
            for (int64_t oh = 0; oh < d.OH; ++oh)
                for (int64_t ow = 0; ow < d.OW; ++ow)
                    want[d.at(n, c, oh, ow, d.OH, d.OW)] =
                        v[d.at(n, c, nearestSourceRef(oh, d.H, d.OH, scalesH, shortcuts),
                               nearestSourceRef(ow, d.W, d.OW, scalesW, shortcuts), d.H, d.W)];
    DeviceTensor self(d.dims(d.H, d.W), dtype, format), out(d.dims(d.OH, d.OW), dtype, format);
    self.upload(v);
    const testing_support::IntArray outputSize({d.OH, d.OW});
    if (v2) {
        runOrThrow(testing_support::kUpsampleNearest2dV2, {self, outputSize.get(), scalesH, scalesW, out}, stream);
    } else {
        runOrThrow(testing_support::kUpsampleNearest2d, {self, outputSize.get(), out}, stream);
    }
    return {d.text() + (scaled ? " with scales" : ""), {output("out", out, std::move(want), Judge::Bitwise)}};
}

CaseOutcome runForward(aclDataType dtype, Draw &draw, aclrtStream stream) {
    return runForwardOf(dtype, draw, stream, false);
}

CaseOutcome runForwardV2(aclDataType dtype, Draw &draw, aclrtStream stream) {
    return runForwardOf(dtype, draw, stream, true);
}

CaseOutcome runBackward(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const Drawn d = drawSizes(draw);
    const aclFormat format = d.nhwc ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW;
    const std::vector<double> g = draw.values(static_cast<size_t>(d.N * d.C * d.OH * d.OW), dtype);
    std::vector<double> want(static_cast<size_t>(d.N * d.C * d.H * d.W), 0.0);
    for (int64_t n = 0; n < d.N; ++n)
        for (int64_t c = 0; c < d.C; ++c)
            for (int64_t oh = 0; oh < d.OH; ++oh)
                for (int64_t ow = 0; ow < d.OW; ++ow)
                    want[d.at(n, c, nearestSourceRef(oh, d.H, d.OH), nearestSourceRef(ow, d.W, d.OW), d.H, d.W)] +=
                        g[d.at(n, c, oh, ow, d.OH, d.OW)];
    DeviceTensor gradOut(d.dims(d.OH, d.OW), dtype, format), gradInput(d.dims(d.H, d.W), dtype, format);
    gradOut.upload(g);
    const testing_support::IntArray outputSize({d.OH, d.OW}), inputSize(d.dims(d.H, d.W));
    runOrThrow(testing_support::kUpsampleNearest2dBackward,
               {gradOut, outputSize.get(), inputSize.get(), 0.0, 0.0, gradInput}, stream);
    return {d.text(), {output("gradInput", gradInput, std::move(want), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnUpsampleNearest2d", testing_support::kUpsampleNearest2dDtypes, runForward);
ACLNN_REGISTER_PRECISION("aclnnUpsampleNearest2dV2", testing_support::kUpsampleNearest2dDtypes, runForwardV2);
ACLNN_REGISTER_PRECISION("aclnnUpsampleNearest2dBackward", floatDtypes(), runBackward);

}  // namespace
}  // namespace precision
