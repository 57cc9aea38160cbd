// Im2colBackward cases (defined in tests/cases/im2col_backward_cases.cpp) for tests/test_im2col_backward.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "support/op_case.h"

namespace testing_support {

enum class Im2colLayout {
    Contiguous,
    Offset,        // contiguous strides at storage offset 7
    Padded,        // row-major over (dim + 1) in every dimension, offset 5: (n, c) cannot be collapsed
    InnerStrided,  // the last dimension has stride 2 (every other element), offset 3
};

struct Im2colSpec {
    std::string name;
    aclDataType in = ACL_FLOAT, out = ACL_FLOAT;
    int64_t N = 0;  // 0: 2-D gradOutput (C*kh*kw, L) -> 3-D out
    int64_t C = 1, H = 1, W = 1;
    int64_t KH = 1, KW = 1, DH = 1, DW = 1, PH = 0, PW = 0, SH = 1, SW = 1;
    Im2colLayout layout = Im2colLayout::Contiguous;
    uint64_t seed = 1;
};

// One case with any geometry, dtypes and layout.
std::unique_ptr<OpCase> makeIm2colCase(const Im2colSpec &spec);

}  // namespace testing_support
