// Im2col (forward) cases (defined in tests/cases/im2col_cases.cpp) for tests/test_im2col.cpp
// and the benchmark.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cases/im2col_geometry.h"
#include "support/op_case.h"
#include "support/view_layout.h"

namespace testing_support {

// How a case lays self and out out in memory (support/view_layout.h; both get the same kind of view).
using Im2colLayout = ViewLayout;

struct Im2colSpec : Im2colGeometry {  // N 0: 3-D self (C, H, W) -> 2-D out
    std::string name;
    aclDataType self = ACL_FLOAT, out = ACL_FLOAT;
    Im2colLayout layout = Im2colLayout::Contiguous;
    uint64_t seed = 1;
};

// One case with any geometry, dtypes and layout. One dtype: self's whole storage holds random bytes
// (0/1 for BOOL), out's a fill pattern, and the check compares out's whole storage byte for byte
// with the expected one (the view's elements copied from self or zero, every other byte still the
// fill). Two dtypes: self holds small integers (exact in both), and out's values are compared.
std::unique_ptr<OpCase> makeIm2colCase(const Im2colSpec &spec);

// The out storage of the last check() of a case made by makeIm2colCase (determinism tests).
std::vector<uint8_t> im2colOutStorage(OpCase &c);

}  // namespace testing_support
