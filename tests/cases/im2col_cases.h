// Im2col (forward) cases (defined in tests/cases/im2col_cases.cpp) for tests/test_im2col.cpp
// and the benchmark.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/op_case.h"

namespace testing_support {

// How a case lays self and out out in memory (both get the same kind of view).
enum class Im2colForwardLayout {
    Contiguous,
    Gapped,        // row-major over (dim + 1) in every dimension, storage offset 5: gaps everywhere
    Offset,        // contiguous strides at storage offset 7
    Transposed,    // the last two dims swapped in memory (self W-major, out column-major), offset 2
    InnerStrided,  // contiguous strides doubled (every other element), offset 3
};

struct Im2colForwardSpec {
    std::string name;
    aclDataType self = ACL_FLOAT, out = ACL_FLOAT;
    int64_t N = 0;  // 0: 3-D self (C, H, W) -> 2-D out
    int64_t C = 1, H = 1, W = 1;
    int64_t KH = 1, KW = 1, DH = 1, DW = 1, PH = 0, PW = 0, SH = 1, SW = 1;
    Im2colForwardLayout layout = Im2colForwardLayout::Contiguous;
    uint64_t seed = 1;
};

// One case with any geometry, dtypes and layout. One dtype: self's whole storage holds random bytes
// (0/1 for BOOL), out's a fill pattern, and the check compares out's whole storage byte for byte
// with the expected one (the view's elements copied from self or zero, every other byte still the
// fill). Two dtypes: self holds small integers (exact in both), and out's values are compared.
std::unique_ptr<OpCase> makeIm2colForwardCase(const Im2colForwardSpec &spec);

// The out storage of the last check() of a case made by makeIm2colForwardCase (determinism tests).
std::vector<uint8_t> im2colForwardOutStorage(OpCase &c);

}  // namespace testing_support
