// MaxPool2dWithIndices and MaxPool2dWithIndicesBackward cases (defined in
// tests/cases/max_pool2d_cases.cpp) for tests/test_max_pool2d_with_indices*.cpp and the benchmark.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/int_array.h"
#include "support/op_case.h"

namespace testing_support {

// How a case lays its tensors out in memory (every tensor of the case gets the same kind of view).
enum class PoolLayout {
    Contiguous,
    Gapped,        // row-major over (dim + 1) in every dimension, storage offset 5: gaps everywhere
    Transposed,    // H and W swapped in memory (W-major planes), storage offset 2
    NhwcFormat,    // ACL_FORMAT_NHWC: the tensors' dims are (N, H, W, C) (3-D: (H, W, C)), contiguous
};

// The window attributes exactly as passed to the operator (lengths 1 or 2; stride may be empty).
struct PoolAttrs {
    std::vector<int64_t> kernel, stride, padding, dilation;
    bool ceilMode = false;
};

// The same as the aclIntArrays a call takes, owned for a scope (the forward's and the backward's tests).
struct PoolAttrArrays {
    IntArray kernel, stride, padding, dilation;
    bool ceil;
    explicit PoolAttrArrays(const PoolAttrs &a)
        : kernel(a.kernel), stride(a.stride), padding(a.padding), dilation(a.dilation), ceil(a.ceilMode) {}
};

// What self's values look like.
enum class PoolValues {
    Random,    // uniform in [-1, 1), rounded to the dtype
    Ties,      // a few distinct values: many windows hold their maximum more than once
    Specials,  // Ties plus NaN, -inf and +inf sprinkled in (about one element in 6)
};

// shape is logical: (N, C, H, W) or (C, H, W), whatever the layout.
std::unique_ptr<OpCase> makeMaxPool2dCase(const std::string &caseName, aclDataType dtype, aclDataType indicesDtype,
                                          const std::vector<int64_t> &shape, const PoolAttrs &attrs,
                                          PoolLayout layout, PoolValues values, uint64_t seed);
std::unique_ptr<OpCase> makeMaxPool2dBackwardCase(const std::string &caseName, aclDataType dtype,
                                                  aclDataType indicesDtype, const std::vector<int64_t> &shape,
                                                  const PoolAttrs &attrs, PoolLayout layout, uint64_t seed);

// The pooled (OH, OW) of PyTorch's formula.
int64_t maxPoolOutSize(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dilation, bool ceilMode);

// The downloaded outputs of the last check() of a case (out then indices, or gradInput), as doubles.
std::vector<double> maxPool2dCaseResult(OpCase &c);

// Shapes as torch_npu and DIOPI pass them, with the format they choose by rank (NCL for 3-D, NCHW for
// 4-D) on flat storage: a (3, 6, 8) and a (2, 3, 6, 8) input and their kernel-2 stride-2 outputs.
struct ClientTaggedPool {
    std::vector<int64_t> self, out;
    aclFormat format;
    const char *label;
};
std::vector<ClientTaggedPool> clientTaggedPools();

}  // namespace testing_support
