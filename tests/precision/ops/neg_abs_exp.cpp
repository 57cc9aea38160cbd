// Neg, Abs and Exp (and their Inplace forms) in the precision report: the engine's unary rows.
#include <cmath>

#include "harness/abs.h"
#include "harness/exp.h"
#include "harness/neg.h"
#include "precision/ops/elementwise.h"

namespace precision {
namespace {

using testing_support::kAbs;
using testing_support::kExp;
using testing_support::kInplaceExp;
using testing_support::kInplaceNeg;
using testing_support::kNeg;

RefComplex negate(RefComplex x) { return {-x.re, -x.im}; }
RefComplex magnitude(RefComplex x) { return {x.im == 0 ? std::fabs(x.re) : std::hypot(x.re, x.im), 0}; }
RefComplex exponential(RefComplex x) {
    if (x.im == 0) return {std::exp(x.re), 0};
    const double m = std::exp(x.re);
    return {m * std::cos(x.im), m * std::sin(x.im)};
}
// Abs of COMPLEX64 is FLOAT; Exp of BOOL and INT64 computes and stores FLOAT.
aclDataType absOut(aclDataType d) { return d == ACL_COMPLEX64 ? ACL_FLOAT : d; }
aclDataType expOut(aclDataType d) { return d == ACL_BOOL || d == ACL_INT64 ? ACL_FLOAT : d; }

ACLNN_REGISTER_PRECISION("aclnnNeg", testing_support::kNegDtypes, (unaryRunner<kNeg, false, negate>));
ACLNN_REGISTER_PRECISION("aclnnInplaceNeg", testing_support::kNegDtypes, (unaryRunner<kInplaceNeg, true, negate>));
ACLNN_REGISTER_PRECISION("aclnnAbs", testing_support::kAbsDtypes, (unaryRunner<kAbs, false, magnitude, absOut>));
ACLNN_REGISTER_PRECISION("aclnnExp", testing_support::kExpDtypes, (unaryRunner<kExp, false, exponential, expOut>));
ACLNN_REGISTER_PRECISION("aclnnInplaceExp", floatingOf(testing_support::kExpDtypes),
                         (unaryRunner<kInplaceExp, true, exponential>));

}  // namespace
}  // namespace precision
