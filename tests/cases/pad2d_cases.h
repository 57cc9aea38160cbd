// ReflectionPad2d / ReplicationPad2d cases (defined in tests/cases/pad2d_cases.cpp) for
// tests/test_pad2d.cpp and the benchmark.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "support/op_case.h"

namespace testing_support {

// How a case lays its tensors out in memory (all of them get the same kind of view), for both operators.
enum class Pad2dLayout {
    Contiguous,
    Gapped,        // row-major over (dim + 1) in every dimension, storage offset 5: gaps everywhere
    ChannelsLast,  // C innermost (NHWC-like, for 3-D HWC), C padded by one, storage offset 3
    Offset,        // contiguous strides at storage offset 7
    Transposed,    // H and W swapped in memory (W-major planes), storage offset 2
};

// The pad family's shared test pieces (ReflectionPad2d, ReplicationPad2d and their backward cases):
// a tensor's strides and storage offset in a layout,
std::vector<int64_t> pad2dStrides(const std::vector<int64_t> &dims, Pad2dLayout layout);
int64_t pad2dStorageOffset(Pad2dLayout layout);
// the padded shape of self by pad = {left, right, top, bottom} (H and W are the last two dims),
std::vector<int64_t> paddedShape(std::vector<int64_t> self, const std::vector<int64_t> &pad);
// where padded coordinate o of an axis (size S, pad p before) is copied from (docs/ops's map),
int64_t padSourceIndex(bool reflect, int64_t o, int64_t S, int64_t p);
// and the benchmark's speed case (8x64x128x128 pad 3) and sweep (64K to 16M elements), made by `make`.
CaseList pad2dBenchmarkCases(
    const std::function<std::unique_ptr<OpCase>(const std::string &name, const std::vector<int64_t> &shape,
                                                 uint64_t seed)> &make,
    const std::string &sweep);

// One case of either operator (reflect: ReflectionPad2d) with any dtype, shape, padding and layout.
// Self's whole storage holds random bytes (valid 0/1 for BOOL); out's storage a fill pattern; the
// check compares out's whole storage byte for byte with the expected one (the view's elements
// copied from self by the docs/ops index map, every other byte still the fill).
std::unique_ptr<OpCase> makePad2dCase(bool reflect, const std::string &caseName, aclDataType dtype,
                                             const std::vector<int64_t> &selfShape,
                                             const std::vector<int64_t> &padding, Pad2dLayout layout,
                                             uint64_t seed);

// The out storage of the last check() of a case made by makePad2dCase (for determinism tests).
std::vector<uint8_t> pad2dOutStorage(OpCase &c);

}  // namespace testing_support
