// The geometry of a MaxUnpool2d case, forward or backward, written once for both (the specs of
// cases/max_unpool2d_cases.h and cases/max_unpool2d_backward_cases.h derive from it; the test files build
// their specs from it): the input planes (N, C, H, W) and the unpooled planes (oH, oW), which the
// forward writes and the backward gathers from; and the tensor layouts both take.
#pragma once

#include <cstdint>

#include "cases/geometry_spec.h"
#include "support/view_layout.h"

namespace testing_support {

// How a case lays its tensors out in memory (support/view_layout.h; all get the same kind of view), for
// both unpools.
using UnpoolLayout = ViewLayout;

struct MaxUnpool2dGeometry {
    int64_t N = 0;  // 0: 3-D tensors (C, H, W)
    int64_t C = 1, H = 1, W = 1, oH = 1, oW = 1;
};

// The small case both test files start from: 2 x 3 x 5 x 7 unpooled into 9 x 11.
constexpr MaxUnpool2dGeometry kSmallUnpool = {2, 3, 5, 7, 9, 11};

// Sets the geometry of a spec (MaxUnpool2dSpec or MaxUnpool2dBackwardSpec, both derived from MaxUnpool2dGeometry) to
// g; specWithGeometry (cases/geometry_spec.h) makes a named spec of g.
template <class Spec>
void setGeometry(Spec &s, const MaxUnpool2dGeometry &g) {
    static_cast<MaxUnpool2dGeometry &>(s) = g;
}

}  // namespace testing_support
