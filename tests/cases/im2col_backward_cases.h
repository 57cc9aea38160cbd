// Im2colBackward cases (defined in tests/cases/im2col_backward_cases.cpp) for tests/test_im2col_backward.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "cases/im2col_geometry.h"
#include "support/op_case.h"
#include "support/view_layout.h"

namespace testing_support {

// How a case lays gradOutput and out out in memory (support/view_layout.h; both get the same kind).
using Im2colBackwardLayout = ViewLayout;

struct Im2colBackwardSpec : Im2colGeometry {  // N 0: 2-D gradOutput (C*kh*kw, L) -> 3-D out
    std::string name;
    aclDataType in = ACL_FLOAT, out = ACL_FLOAT;
    Im2colBackwardLayout layout = Im2colBackwardLayout::Contiguous;
    uint64_t seed = 1;
};

// One case with any geometry, dtypes and layout.
std::unique_ptr<OpCase> makeIm2colBackwardCase(const Im2colBackwardSpec &spec);

}  // namespace testing_support
