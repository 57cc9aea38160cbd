// MaxPool2dWithIndices in the precision report: out judged by the metrics (a selected copy: exact), indices
// bit for bit. The golden scans each window as docs/ops says (ties keep the first maximum in scan order).
#include <cmath>
#include <limits>

#include "cases/max_pool2d_cases.h"
#include "harness/max_pool2d_with_indices.h"
#include "precision/ops/max_pool2d_forward.h"
#include "support/int_array.h"

namespace precision {

std::string MaxPool2dRun::describe() const {
    return "self " + shapeText(self) + " kernel " + shapeText(kernel) + " stride " + shapeText(stride) + " padding " +
           shapeText(padding) + " dilation " + shapeText(dilation) + (ceilMode ? " ceil" : "");
}

namespace {

// The first coordinate of a window (start, step dilation) at or after 0: PyTorch's starting index.
int64_t firstInside(int64_t start, int64_t dilation) {
    return start >= 0 ? start : start + (-start + dilation - 1) / dilation * dilation;
}

}  // namespace

MaxPool2dRun runMaxPool2d(aclDataType dtype, Draw &draw, aclrtStream stream) {
    MaxPool2dRun r;
    int64_t H, W, OH, OW;
    do {
        H = draw.integer(1, 9);
        W = draw.integer(1, 9);
        r.kernel = {draw.integer(1, 3), draw.integer(1, 3)};
        r.stride = {draw.integer(1, 3), draw.integer(1, 3)};
        r.padding = {draw.integer(0, r.kernel[0] / 2), draw.integer(0, r.kernel[1] / 2)};
        r.dilation = {draw.integer(1, 2), draw.integer(1, 2)};
        r.ceilMode = draw.coin();
        OH = testing_support::maxPoolOutSize(H, r.kernel[0], r.padding[0], r.stride[0], r.dilation[0], r.ceilMode);
        OW = testing_support::maxPoolOutSize(W, r.kernel[1], r.padding[1], r.stride[1], r.dilation[1], r.ceilMode);
    } while (OH < 1 || OW < 1);
    const int64_t C = draw.integer(1, 3);
    r.self = {C, H, W};
    r.out = {C, OH, OW};
    if (draw.coin()) {
        const int64_t N = draw.integer(1, 2);
        r.self.insert(r.self.begin(), N);
        r.out.insert(r.out.begin(), N);
    }
    const aclDataType indexType = draw.coin() ? ACL_INT32 : ACL_INT64;
    const std::vector<double> x = draw.values(static_cast<size_t>(numel(r.self)), dtype);
    const int64_t planes = numel(r.self) / (H * W);
    std::vector<double> out, indices;
    for (int64_t p = 0; p < planes; ++p) {
        for (int64_t oh = 0; oh < OH; ++oh) {
            for (int64_t ow = 0; ow < OW; ++ow) {
                const int64_t h0 = oh * r.stride[0] - r.padding[0], w0 = ow * r.stride[1] - r.padding[1];
                double best = -std::numeric_limits<double>::infinity();
                int64_t at = firstInside(h0, r.dilation[0]) * W + firstInside(w0, r.dilation[1]);
                for (int64_t i = 0; i < r.kernel[0]; ++i) {
                    for (int64_t j = 0; j < r.kernel[1]; ++j) {
                        const int64_t h = h0 + i * r.dilation[0], w = w0 + j * r.dilation[1];
                        if (h < 0 || h >= H || w < 0 || w >= W) continue;
                        const double v = x[static_cast<size_t>((p * H + h) * W + w)];
                        if (v > best || std::isnan(v)) {
                            best = v;
                            at = h * W + w;
                        }
                    }
                }
                out.push_back(best);
                indices.push_back(static_cast<double>(at));
            }
        }
    }
    r.selfT = uploaded(r.self, dtype, x);
    r.outT = DeviceTensor(r.out, dtype);
    r.indicesT = DeviceTensor(r.out, indexType);
    testing_support::IntArray kernel(r.kernel), stride(r.stride), padding(r.padding), dilation(r.dilation);
    runOrThrow(testing_support::kMaxPool2dWithIndices,
               {r.selfT, kernel, stride, padding, dilation, r.ceilMode, r.outT, r.indicesT}, stream);
    r.outcome = {r.describe(),
                 {output("out", r.outT, std::move(out), Judge::Metrics),
                  output("indices", r.indicesT, std::move(indices), Judge::Bitwise)}};
    return r;
}

namespace {

ACLNN_REGISTER_PRECISION("aclnnMaxPool2dWithIndices", floatDtypes(), outcomeOf<runMaxPool2d>);

}  // namespace
}  // namespace precision
