// What ReflectionPad2d/ReplicationPad2d and their backwards share in the precision report: a drawn case's
// geometry and docs/ops's index map from a padded coordinate to the input coordinate it copies.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "precision/precision.h"

namespace precision {

struct DrawnPad2dCase {
    bool reflect = true;             // ReflectionPad2d's index map, else ReplicationPad2d's
    std::vector<int64_t> self, out;  // (N, C, H, W) or (C, H, W)
    std::vector<int64_t> pad;        // left, right, top, bottom
    int64_t planes = 1, H = 1, W = 1, OH = 1, OW = 1;

    // Small shapes; reflection's pads stay below the dimension they pad, as the operator requires.
    DrawnPad2dCase(bool reflectMode, Draw &draw) : reflect(reflectMode) {
        H = draw.integer(1, 9);
        W = draw.integer(1, 9);
        const int64_t C = draw.integer(1, 3);
        self = {C, H, W};
        if (draw.coin()) self.insert(self.begin(), draw.integer(1, 2));
        planes = numel(self) / (H * W);
        for (int64_t extent : {W, W, H, H}) pad.push_back(draw.integer(0, reflect ? extent - 1 : 4));
        OH = H + pad[2] + pad[3];
        OW = W + pad[0] + pad[1];
        out = self;
        out[out.size() - 2] = OH;
        out[out.size() - 1] = OW;
    }

    // The input coordinate that padded coordinate o of an axis of size S with pad p before it copies.
    int64_t source(int64_t o, int64_t S, int64_t p) const {
        const int64_t i = o - p;
        if (!reflect) return std::clamp<int64_t>(i, 0, S - 1);
        return i < 0 ? -i : i >= S ? 2 * (S - 1) - i : i;
    }
    // The flat input element that out's flat element e copies.
    int64_t sourceOf(int64_t e) const {
        const int64_t plane = e / (OH * OW), oh = e / OW % OH, ow = e % OW;
        return (plane * H + source(oh, H, pad[2])) * W + source(ow, W, pad[0]);
    }
    // Calls f(out component, self component it copies) for every component of out (k per element: 2 for
    // complex): the forward copies along these pairs, the backward sums along them.
    template <class F>
    void forEachCopy(size_t k, F f) const {
        for (int64_t e = 0; e < numel(out); ++e) {
            const size_t from = static_cast<size_t>(sourceOf(e));
            for (size_t j = 0; j < k; ++j) f(static_cast<size_t>(e) * k + j, from * k + j);
        }
    }
    std::string describe() const { return "self " + shapeText(self) + " pad " + shapeText(pad); }
};

}  // namespace precision
