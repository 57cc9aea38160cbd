// ReflectionPad2dBackward / ReplicationPad2dBackward cases (defined in tests/cases/pad2d_backward_cases.cpp) for
// tests/test_pad2d_backward.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cases/pad2d_cases.h"
#include "support/op_case.h"

namespace testing_support {

// One case of either operator (reflect: ReflectionPad2dBackward) with any dtype, shape, padding and layout
// (Pad2dLayout: cases/pad2d_cases.h; every tensor gets the same kind of view).
std::unique_ptr<OpCase> makePad2dBackwardCase(bool reflect, const std::string &caseName, aclDataType dtype,
                                      const std::vector<int64_t> &selfShape, const std::vector<int64_t> &padding,
                                      Pad2dLayout layout, uint64_t seed);

}  // namespace testing_support
