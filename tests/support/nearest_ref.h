// The host's source index of PyTorch's legacy 'nearest' resize (UpsampleNearest2d, its V2 and backward),
// written for the tests apart from the library's (host/ops/upsample_nearest2d_index.h): PyTorch's CPU kernels
// (aten/src/ATen/native/cpu/UpSampleKernel.cpp) take min(floor((float)o * scale), in - 1) in float, scale =
// (float)(1.0 / scales) for scales > 0, else (float)in / (float)out; with `shortcuts` (nearest_idx: the backward
// and the channels-last forward) equal sizes copy and doubled sizes halve first.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace testing_support {

inline int64_t nearestSourceRef(int64_t o, int64_t in, int64_t out, double scales = 0, bool shortcuts = true) {
    if (shortcuts && out == in) return o;
    if (shortcuts && out == 2 * in) return o >> 1;
    const float scale = scales > 0 ? static_cast<float>(1.0 / scales) : static_cast<float>(in) / static_cast<float>(out);
    return std::min(static_cast<int64_t>(std::floor(static_cast<float>(o) * scale)), in - 1);
}

// Whether PyTorch's forward takes the shortcuts: its input channels-last contiguous (an NHWC tensor, or an NCHW
// one with C == 1 or H == W == 1).
inline bool forwardShortcutsRef(bool nhwc, int64_t C, int64_t H, int64_t W) {
    return nhwc || C == 1 || (H == 1 && W == 1);
}

}  // namespace testing_support
