// MaxUnpool2dBackward cases (defined in tests/cases/max_unpool2d_backward_cases.cpp) for
// tests/test_max_unpool2d_backward.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cases/max_unpool2d_geometry.h"
#include "support/op_case.h"

namespace testing_support {

struct MaxUnpool2dBackwardSpec : MaxUnpool2dGeometry {
    std::string name;
    aclDataType grad = ACL_FLOAT, indices = ACL_INT64, out = ACL_FLOAT;
    UnpoolLayout layout = UnpoolLayout::Contiguous;
    uint64_t seed = 1;
};

// One case with any shapes, dtypes and layout.
std::unique_ptr<OpCase> makeMaxUnpool2dBackwardCase(const MaxUnpool2dBackwardSpec &spec);

}  // namespace testing_support
