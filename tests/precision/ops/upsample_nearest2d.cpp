// UpsampleNearest2d and its backward in the precision report: the forward a gather (bit for bit), the
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

CaseOutcome runForward(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const Drawn d = drawSizes(draw);
    const aclFormat format = d.nhwc ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW;
    const std::vector<double> v = draw.values(static_cast<size_t>(d.N * d.C * d.H * d.W), dtype);
    std::vector<double> want(static_cast<size_t>(d.N * d.C * d.OH * d.OW));
    for (int64_t n = 0; n < d.N; ++n)
        for (int64_t c = 0; c < d.C; ++c)
            for (int64_t oh = 0; oh < d.OH; ++oh)
                for (int64_t ow = 0; ow < d.OW; ++ow)
                    want[d.at(n, c, oh, ow, d.OH, d.OW)] =
                        v[d.at(n, c, nearestSourceRef(oh, d.H, d.OH), nearestSourceRef(ow, d.W, d.OW), d.H, d.W)];
    DeviceTensor self(d.dims(d.H, d.W), dtype, format), out(d.dims(d.OH, d.OW), dtype, format);
    self.upload(v);
    const testing_support::IntArray outputSize({d.OH, d.OW});
    runOrThrow(testing_support::kUpsampleNearest2d, {self, outputSize.get(), out}, stream);
    return {d.text(), {output("out", out, std::move(want), Judge::Bitwise)}};
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
ACLNN_REGISTER_PRECISION("aclnnUpsampleNearest2dBackward", floatDtypes(), runBackward);

}  // namespace
}  // namespace precision
