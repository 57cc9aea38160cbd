// MaxUnpool2dBackward cases (defined in tests/cases/max_unpool2d_backward_cases.cpp) for
// tests/test_max_unpool2d_backward.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/op_case.h"

namespace testing_support {

enum class UnpoolLayout {
    Contiguous,
    Offset,          // contiguous strides at storage offset 7
    Padded,          // row-major over (dim + 1) in every dimension, offset 5: (n, c) cannot be collapsed
    InnerStrided,    // every stride doubled (every other element), offset 3
    PlaneTransposed, // each (rows, cols) plane stored column-major, offset 2
};

// The strides and storage offset of a tensor of `dims` in `layout` (shared with
// tests/cases/max_unpool2d_cases.cpp).
std::vector<int64_t> unpoolStrides(const std::vector<int64_t> &dims, UnpoolLayout layout);
int64_t unpoolOffset(UnpoolLayout layout);

struct UnpoolSpec {
    std::string name;
    aclDataType grad = ACL_FLOAT, indices = ACL_INT64, out = ACL_FLOAT;
    int64_t N = 0;  // 0: 3-D tensors (C, H, W)
    int64_t C = 1, H = 1, W = 1, oH = 1, oW = 1;
    UnpoolLayout layout = UnpoolLayout::Contiguous;
    uint64_t seed = 1;
};

// One case with any shapes, dtypes and layout.
std::unique_ptr<OpCase> makeMaxUnpoolCase(const UnpoolSpec &spec);

}  // namespace testing_support
