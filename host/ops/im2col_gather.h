// The two gathers of the Im2col family, planned for any operator that needs them: im2col (an image's
// sliding blocks as columns, cl_kernels/im2col.cl) and col2im (their gradient, a fixed-order gather sum,
// cl_kernels/im2col_backward.cl). Im2col and Im2colBackward run them over whole tensors; Convolution and
// ConvolutionBackward over chunks of samples, with the columns in workspace. Each buffer is an operand at
// an element offset (`first`), addressed through its own strides from there.
#pragma once

#include <cstdint>
#include <vector>

#include "ops/im2col_window.h"
#include "ops/op_plan.h"

namespace aclcl {

// A strided buffer one gather reads or writes: the element at index i of `dims` lies at
// first + sum(i[d] * strides[d]) of operand.
struct GatherBuffer {
    Operand operand;
    uint64_t first = 0;
    std::vector<int64_t> dims, strides;
};

// cols[n, (c*KH + kh)*KW + kw, oh*L1 + ow] = image[n, c, oh*SH - PH + kh*DH, ow*SW - PW + kw*DW] (0 outside
// the image), for N images of C x H x W; `window` holds L0 and L1 (a padding given per side only changes
// them: PH and PW are the top and left pads). image: dims (N, C, H, W); cols: dims (N, C*KH*KW, L0*L1);
// their dtypes may differ (a cast on the way).
void planIm2col(OpPlan &plan, const Im2colWindow &window, const GatherBuffer &image, const GatherBuffer &cols);

// image[n, c, h, w] = the sum, taps in ascending order, of every cols element im2col would take from it
// (overwriting image): the same shapes as planIm2col. image's (n, c) must merge into one stride
// (ncStride): the element (n, c, h, w) lies at (n*C + c)*ncStride + h*strides[2] + w*strides[3]; cols'
// likewise with its (n, row) dims (ncStride: of one channel's KH*KW rows).
void planCol2im(OpPlan &plan, const Im2colWindow &window, const GatherBuffer &cols, int64_t colsNcStride,
                const GatherBuffer &image, int64_t imageNcStride);

}  // namespace aclcl
