// What Im2col and Im2colBackward share in the precision report: a drawn case's geometry and the map from
// each column element to the image element it copies (or to the zero padding).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "precision/precision.h"

namespace precision {

struct DrawnIm2colCase {
    int64_t N = 0, C = 1, H = 1, W = 1;  // N 0: 3-D image (C, H, W) and 2-D columns
    std::vector<int64_t> kernel, dilation, padding, stride;
    int64_t OH = 1, OW = 1;

    // Small images and windows; redrawn until at least one window fits.
    explicit DrawnIm2colCase(Draw &draw) {
        do {
            N = draw.coin() ? draw.integer(1, 2) : 0;
            C = draw.integer(1, 3);
            H = draw.integer(1, 8);
            W = draw.integer(1, 8);
            kernel = {draw.integer(1, 3), draw.integer(1, 3)};
            dilation = {draw.integer(1, 2), draw.integer(1, 2)};
            padding = {draw.integer(0, 2), draw.integer(0, 2)};
            stride = {draw.integer(1, 2), draw.integer(1, 2)};
            OH = (H + 2 * padding[0] - dilation[0] * (kernel[0] - 1) - 1) / stride[0] + 1;
            OW = (W + 2 * padding[1] - dilation[1] * (kernel[1] - 1) - 1) / stride[1] + 1;
        } while (H + 2 * padding[0] < dilation[0] * (kernel[0] - 1) + 1 ||
                 W + 2 * padding[1] < dilation[1] * (kernel[1] - 1) + 1);
    }

    std::vector<int64_t> image() const { return N ? std::vector<int64_t>{N, C, H, W} : std::vector<int64_t>{C, H, W}; }
    std::vector<int64_t> columns() const {
        const int64_t rows = C * kernel[0] * kernel[1], L = OH * OW;
        return N ? std::vector<int64_t>{N, rows, L} : std::vector<int64_t>{rows, L};
    }
    // The flat image element that flat column element e copies, or -1 where the window is on padding.
    int64_t sourceOf(int64_t e) const {
        const int64_t L = OH * OW, kk = kernel[0] * kernel[1];
        const int64_t l = e % L, row = e / L % (C * kk), n = e / (L * C * kk);
        const int64_t c = row / kk, i = row % kk / kernel[1], j = row % kernel[1];
        const int64_t h = l / OW * stride[0] - padding[0] + i * dilation[0];
        const int64_t w = l % OW * stride[1] - padding[1] + j * dilation[1];
        if (h < 0 || h >= H || w < 0 || w >= W) return -1;
        return ((n * C + c) * H + h) * W + w;
    }
    std::string describe() const {
        return "image " + shapeText(image()) + " kernel " + shapeText(kernel) + " dilation " + shapeText(dilation) +
               " padding " + shapeText(padding) + " stride " + shapeText(stride);
    }
};

}  // namespace precision
