// What MaxUnpool2d and MaxUnpool2dBackward share in the precision report: a drawn case's shapes and
// indices (distinct positions in each output plane, so that no position is named twice).
#pragma once

#include <cstdint>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "precision/precision.h"

namespace precision {

struct DrawnMaxUnpool2dCase {
    std::vector<int64_t> self, out;  // (N, C, H, W) and (N, C, oH, oW), or 3-D
    int64_t planes = 1, H = 1, W = 1, oH = 1, oW = 1;
    aclDataType indexType = ACL_INT64;
    std::vector<double> indices;  // per self element, a flat position in its output plane

    explicit DrawnMaxUnpool2dCase(Draw &draw) {
        H = draw.integer(1, 6);
        W = draw.integer(1, 6);
        oH = H + draw.integer(0, H);
        oW = W + draw.integer(0, W);
        const int64_t C = draw.integer(1, 3);
        self = {C, H, W};
        out = {C, oH, oW};
        if (draw.coin()) {
            const int64_t N = draw.integer(1, 2);
            self.insert(self.begin(), N);
            out.insert(out.begin(), N);
        }
        planes = numel(self) / (H * W);
        indexType = draw.coin() ? ACL_INT32 : ACL_INT64;
        std::vector<int64_t> positions(static_cast<size_t>(oH * oW));
        for (int64_t p = 0; p < planes; ++p) {
            std::iota(positions.begin(), positions.end(), 0);
            for (size_t i = 0; i < static_cast<size_t>(H * W); ++i) {  // a partial Fisher-Yates shuffle
                std::swap(positions[i], positions[static_cast<size_t>(draw.integer(static_cast<int64_t>(i),
                                                                               oH * oW - 1))]);
                indices.push_back(static_cast<double>(positions[i]));
            }
        }
    }
    // The flat output element that self's flat element e is unpooled to.
    size_t target(size_t e) const {
        return static_cast<size_t>(static_cast<int64_t>(e) / (H * W) * oH * oW + static_cast<int64_t>(indices[e]));
    }
    std::string describe() const { return "self " + shapeText(self) + " out " + shapeText(out); }
};

}  // namespace precision
