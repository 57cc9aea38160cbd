// ReflectionPad2d / ReplicationPad2d cases (defined in tests/cases/pad2d_cases.cpp) for
// tests/test_pad2d.cpp and the benchmark.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/op_case.h"

namespace testing_support {

// How a case lays self and out out in memory (both get the same kind of view).
enum class PadForwardLayout {
    Contiguous,
    Gapped,        // row-major over (dim + 1) in every dimension, storage offset 5: gaps everywhere
    ChannelsLast,  // C innermost (NHWC-like, for 3-D HWC), C padded by one, storage offset 3
    Offset,        // contiguous strides at storage offset 7
    Transposed,    // H and W swapped in memory (W-major planes), storage offset 2
};

// One case of either operator (reflect: ReflectionPad2d) with any dtype, shape, padding and layout.
// Self's whole storage holds random bytes (valid 0/1 for BOOL); out's storage a fill pattern; the
// check compares out's whole storage byte for byte with the expected one (the view's elements
// copied from self by the docs/ops index map, every other byte still the fill).
std::unique_ptr<OpCase> makePad2dForwardCase(bool reflect, const std::string &caseName, aclDataType dtype,
                                             const std::vector<int64_t> &selfShape,
                                             const std::vector<int64_t> &padding, PadForwardLayout layout,
                                             uint64_t seed);

// The out storage of the last check() of a case made by makePad2dForwardCase (for determinism tests).
std::vector<uint8_t> pad2dForwardOutStorage(OpCase &c);

}  // namespace testing_support
