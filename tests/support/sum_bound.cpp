#include "support/sum_bound.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace testing_support {

double storeRounding(aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT16: return std::ldexp(1.0, -11);
        case ACL_BF16: return std::ldexp(1.0, -8);
        case ACL_DOUBLE: case ACL_COMPLEX128: return std::ldexp(1.0, -53);
        default: return std::ldexp(1.0, -24);
    }
}

double storeFloor(aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT16: return std::ldexp(1.0, -25);
        case ACL_BF16: return std::ldexp(1.0, -134);
        case ACL_DOUBLE: case ACL_COMPLEX128: return 0;
        default: return std::ldexp(1.0, -150);
    }
}

double accumulationUnit(bool fp64) { return storeRounding(fp64 ? ACL_DOUBLE : ACL_FLOAT); }

double anyOrderSumBound(double want, double absSum, double terms, double unit, aclDataType outDtype) {
    const double sumBound = terms > 1 ? (terms - 1) * unit / (1 - (terms - 1) * unit) * absSum : 0.0;
    return (2 * sumBound + storeRounding(outDtype) * (std::fabs(want) + sumBound) + storeFloor(outDtype)) * 1.0001;
}

void checkWithinBound(CheckResult &r, const OpCase &c, const char *output, size_t i, double got, double want,
                      double bound) {
    const double err = std::fabs(got - want);
    r.maxAbsError = std::max(r.maxAbsError, std::isnan(err) ? INFINITY : err);
    if (!(err <= bound) && r.ok) {
        r.ok = false;
        char buf[256];
        std::snprintf(buf, sizeof buf, "%s/%s: %s value %zu: got %.17g, expected %.17g (bound %.3g)", c.op.c_str(),
                      c.name.c_str(), output, i, got, want, bound);
        r.detail = buf;
    }
}

}  // namespace testing_support
