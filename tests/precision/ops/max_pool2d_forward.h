// MaxPool2dWithIndices's precision case, run by its own file and as the first step of
// MaxPool2dWithIndicesBackward's cascade (the backward takes the forward's indices from the device).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "precision/precision.h"

namespace precision {

struct MaxPool2dRun {
    std::vector<int64_t> self, out;  // (N, C, H, W) or (C, H, W)
    std::vector<int64_t> kernel, stride, padding, dilation;
    bool ceilMode = false;
    DeviceTensor selfT, outT, indicesT;
    CaseOutcome outcome;  // out and indices next to their golden
    std::string describe() const;
};

MaxPool2dRun runMaxPool2d(aclDataType dtype, Draw &draw, aclrtStream stream);

}  // namespace precision
