// A case spec made from a geometry (tests/cases/im2col_geometry.h, tests/cases/max_unpool2d_geometry.h),
// written once for every spec type that has a setGeometry.
#pragma once

#include <string>

namespace testing_support {

// A spec named `name` whose geometry setGeometry(spec, g) sets, its other fields their defaults.
template <class Spec, class Geometry>
Spec specWithGeometry(const std::string &name, const Geometry &g) {
    Spec s;
    s.name = name;
    setGeometry(s, g);
    return s;
}

}  // namespace testing_support
