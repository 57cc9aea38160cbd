// The forward 2-D pads' gather (cl_kernels/pad2d.cl), planned once for every operator that pads the last
// two dims of an (N, C, H, W) view: ReflectionPad2d, ReplicationPad2d, and ConstantPadNd where only its
// last two dims are padded or cropped. Each out element is written by one work-item, from the one self
// element the mode maps it to, or (constant mode) from the fill value; a copy of bytes, so every dtype of
// 1, 2, 4, 8 or 16 bytes is exact.
#pragma once

#include <cstdint>

#include "ops/op_plan.h"
#include "ops/pad2d_padding.h"

namespace aclcl {

// The sizes and pads (PadSizes: the gather reads H, W, OH, OW, top and left; a negative pad crops) of planes
// N x C.
struct Pad2dGather : PadSizes {
    PadMode mode = PadMode::Constant;
    int64_t N = 1, C = 1;
    // Element strides of self and out as (n, c, h, w); a dim of size 1 may have any stride.
    int64_t inStrides[4] = {}, outStrides[4] = {};
    // Constant mode: the value's bytes as one element of self's dtype (its size of them are used).
    unsigned char fill[16] = {};
};

// One launch writing every element of out (plan output `out`) from self (plan input `self`); `self` and
// `out` are the tensors, for the element size and the index width the views need. Self must not be empty.
void planPad2dGather(OpPlan &plan, const Pad2dGather &g, size_t selfInput, size_t outOutput,
                     const aclTensor *self, const aclTensor *out);

}  // namespace aclcl
