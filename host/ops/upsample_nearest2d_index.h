// What UpsampleNearest2d and its backward share: PyTorch's legacy 'nearest' source index along one axis
// (cl_kernels/upsample_nearest2d.cl computes it on the device, this header describes it for the host),
// and the (N, C, H, W) axes of a 4-D tensor in NCHW or NHWC layout (max_pool2d_window.h's poolAxes).
//
// PyTorch's CPU kernels (aten/src/ATen/native/cpu/UpSampleKernel.cpp) take the source of output index o
// along an axis of input size in and output size out as
//   min((int64)floorf((float)o * scale), in - 1), scale = (float)(1.0 / scales) for a given scales > 0,
//                   else (float)in / (float)out
// in float, not in exact integer arithmetic: for large odd ratios the two differ (in 3, out 123: o = 41);
// the library follows PyTorch. Its nearest_idx, which the backward and the channels-last forward use, first
// takes two shortcuts that ignore a given scale:
//   out == in:      o
//   out == 2 * in:  o >> 1
// while its channels-first forward (the generic separable kernel) uses the formula alone. Without scales
// the two agree wherever o is below 2^24. The scale is computed here, once, in IEEE float (OpenCL's division need not
// round correctly); the device only multiplies, converts and floors, which are exact in OpenCL C.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "ops/max_pool2d_window.h"

namespace aclcl {

// One axis's mapping, as the kernels take it: mode 0 copy, 1 halve, 2 scaled by `scale`.
struct NearestAxis {
    cl_int mode = 0;
    cl_float scale = 1.0f;
};

// scales <= 0 (or not given): the ratio of the sizes. `shortcuts`: nearest_idx's two (above).
inline NearestAxis nearestAxis(int64_t in, int64_t out, double scales, bool shortcuts) {
    NearestAxis a;
    if (shortcuts && out == in) return a;
    if (shortcuts && in <= INT64_MAX / 2 && out == 2 * in) {
        a.mode = 1;
        return a;
    }
    a.mode = 2;
    a.scale = scales > 0 ? static_cast<float>(1.0 / scales) : static_cast<float>(in) / static_cast<float>(out);
    // Two scales whose float index is a shortcut's for every output index, so the kernels take the shortcut
    // (the same indices, without the float math): 1 gives o while out <= in, and 0.5 gives o >> 1 while
    // out <= 2 in (o * 0.5f is exact below 2^24). PyTorch's channels-first forward of a doubled size is this.
    if (out <= (int64_t{1} << 24)) {
        if (a.scale == 1.0f && out <= in) return NearestAxis{};
        if (a.scale == 0.5f && out <= 2 * in) return NearestAxis{1, 1.0f};
    }
    return a;
}

// The source index of output index o (the kernels' nearest_src).
inline int64_t nearestSource(const NearestAxis &a, int64_t o, int64_t in) {
    if (a.mode == 0) return o;
    if (a.mode == 1) return o >> 1;
    const float f = std::floor(static_cast<float>(o) * a.scale);
    if (!(f < static_cast<float>(in))) return in - 1;
    return std::min(static_cast<int64_t>(f), in - 1);
}

// The most output indices that share one source index along an axis (the backward's longest run): exact
// for axes up to kExactRunAxis outputs, else the whole axis.
constexpr int64_t kExactRunAxis = int64_t{1} << 22;
inline int64_t longestRun(const NearestAxis &a, int64_t in, int64_t out) {
    if (a.mode == 0) return 1;
    if (a.mode == 1) return 2;
    if (out > kExactRunAxis) return out;
    int64_t longest = 0, run = 0, prev = -1;
    for (int64_t o = 0; o < out; ++o) {
        const int64_t s = nearestSource(a, o, in);
        run = s == prev ? run + 1 : 1;
        prev = s;
        longest = std::max(longest, run);
    }
    return longest;
}

// Whether PyTorch's forward takes nearest_idx's shortcuts for self of these sizes in this layout: where its
// input is channels-last contiguous, which an NHWC tensor is, and so is an NCHW one with C == 1 or H == W == 1
// (PyTorch ignores the strides of size-1 dims).
inline bool forwardShortcuts(bool nhwc, int64_t C, int64_t H, int64_t W) { return nhwc || C == 1 || (H == 1 && W == 1); }

// The kernels' index width: both views, and the index arithmetic over the planes and the four extents.
inline bool upsampleWideIndex(const aclTensor *a, const aclTensor *b, int64_t planes, int64_t H, int64_t W,
                              int64_t OH, int64_t OW) {
    const auto d = [](int64_t v) { return static_cast<double>(v); };
    IndexWidth width;
    width.coverView(a->viewDims, a->strides).coverView(b->viewDims, b->strides);
    width.cover(4.0 * (d(OH) + d(OW) + d(H) + d(W)) + d(planes) + 64.0);
    return width.wide();
}

// The layout of a 4-D tensor of format `format`: NHWC puts channels last, every other format is NCHW.
inline PoolAxes upsampleAxes(const aclTensor &t, aclFormat format) { return poolAxes(t, format == ACL_FORMAT_NHWC); }

}  // namespace aclcl
