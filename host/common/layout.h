// Arithmetic on strided layouts (dims and strides in elements), shared by every layer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace aclcl {

std::vector<int64_t> contiguousStrides(const std::vector<int64_t> &dims);
// The furthest element offset a view reaches from its first element: the sum of
// max(dim - 1, 0) * |stride|.
int64_t viewReach(const std::vector<int64_t> &dims, const std::vector<int64_t> &strides);
// Whether two adjacent dimensions (outer, inner) can be walked as one index outer * inner + i with a
// single stride (e.g. a view's batch and channels), which then goes to *merged.
bool mergeDims(int64_t outer, int64_t inner, int64_t outerStride, int64_t innerStride, int64_t *merged);
// The (N, C, H, W) strides of a 3-D (C, H, W) or 4-D view's strides: a 3-D view gets N's stride 0.
std::vector<int64_t> nchwStrides(const std::vector<int64_t> &strides);

}  // namespace aclcl
