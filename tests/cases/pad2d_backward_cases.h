// ReflectionPad2dBackward / ReplicationPad2dBackward cases (defined in tests/cases/pad2d_backward_cases.cpp) for
// tests/test_pad2d_backward.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/op_case.h"

namespace testing_support {

// How the case lays its tensors out in memory (every tensor gets the same kind of view).
enum class Pad2dLayout {
    Contiguous,
    Gapped,        // row-major over (dim + 1) in every dimension, storage offset 5: gaps everywhere
    ChannelsLast,  // C innermost (NHWC-like, for 3-D HWC), C padded by one, storage offset 3
    Offset,        // contiguous strides at storage offset 7 (used in place, no packing)
};

// One case of either operator (reflect: ReflectionPad2dBackward) with any dtype, shape, padding and layout.
std::unique_ptr<OpCase> makePad2dCase(bool reflect, const std::string &caseName, aclDataType dtype,
                                      const std::vector<int64_t> &selfShape, const std::vector<int64_t> &padding,
                                      Pad2dLayout layout, uint64_t seed);

}  // namespace testing_support
