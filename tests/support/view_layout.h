// The kinds of view the case files give an operator's tensors (every tensor of a case gets the same
// kind), with the strides and storage offset of each: written once for the pads, im2col and the
// unpools, whose cases name them by their own aliases (Pad2dLayout, Im2colLayout, Im2colBackwardLayout,
// UnpoolLayout). Each operator's tests pick the kinds that matter to it.
#pragma once

#include <cstdint>
#include <vector>

#include "support/device_tensor.h"

namespace testing_support {

enum class ViewLayout {  // (in the pads' order: their tests name cases by the number)
    Contiguous,
    Gapped,        // row-major over (dim + 1) in every dimension, storage offset 5: gaps everywhere, so
                   // that (n, c) cannot be collapsed
    ChannelsLast,  // the third-to-last dim (C) innermost and padded by one, then W, then H (NHWC-like), offset 3
    Offset,        // contiguous strides at storage offset 7
    Transposed,    // the last two dims swapped in memory (each plane column-major), storage offset 2
    InnerStrided,  // contiguous strides doubled (every other element), storage offset 3
    // The names the im2col backward and unpool tests use for two of the above.
    Padded = Gapped,
    PlaneTransposed = Transposed,
};

// The strides (in elements) of a tensor of `dims` in `layout` (Transposed: 2 dims or more; ChannelsLast:
// 3 or 4), and the storage offset of every tensor in `layout`.
std::vector<int64_t> viewLayoutStrides(const std::vector<int64_t> &dims, ViewLayout layout);
int64_t viewLayoutOffset(ViewLayout layout);
// A device tensor of `dims` and `dtype` in `layout` (its storage uninitialised).
DeviceTensor layoutTensor(const std::vector<int64_t> &dims, aclDataType dtype, ViewLayout layout);

}  // namespace testing_support
