// The geometry of a MaxUnpool2d case, forward or backward, written once for both test files
// (tests/test_max_unpool2d.cpp, tests/test_max_unpool2d_backward.cpp): the input planes (N, C, H, W) and
// the unpooled planes (oH, oW), which the forward writes and the backward gathers from.
#pragma once

#include <cstdint>
#include <tuple>

#include "cases/geometry_spec.h"

namespace testing_support {

struct UnpoolGeometry {
    int64_t N, C, H, W, oH, oW;  // N 0: 3-D tensors (C, H, W)
};

// The small case both test files start from: 2 x 3 x 5 x 7 unpooled into 9 x 11.
constexpr UnpoolGeometry kSmallUnpool = {2, 3, 5, 7, 9, 11};

// Sets the geometry fields of a spec (UnpoolForwardSpec or UnpoolSpec) to g's; specWithGeometry
// (cases/geometry_spec.h) makes a named spec of g.
template <class Spec>
void setGeometry(Spec &s, const UnpoolGeometry &g) {
    std::tie(s.N, s.C, s.H, s.W, s.oH, s.oW) = std::tie(g.N, g.C, g.H, g.W, g.oH, g.oW);
}

}  // namespace testing_support
