// Error bounds of a result that is one rounding to its dtype, or a floating-point sum rounded once, against
// a reference computed in double: for the case files' checks (the backward scatters, ConvTbc's GEMMs).
#pragma once

#include <cstddef>

#include "acl/acl_base.h"
#include "support/op_case.h"

namespace testing_support {

// One rounding to dtype: half a unit in the last place, relative (storeRounding), and half the smallest
// subnormal step, absolute (storeFloor; 0 for DOUBLE and COMPLEX128). Other dtypes count as fp32.
double storeRounding(aclDataType dtype);
double storeFloor(aclDataType dtype);

// The unit roundoff of a sum accumulated in fp64 (2^-53) or else in fp32 (2^-24): anyOrderSumBound's unit
// for the kernels that accumulate in fp32 unless a dtype is fp64.
double accumulationUnit(bool fp64);

// The bound on |result - want| of a sum of `terms` values in any order, accumulated with unit roundoff
// `unit` (2^-24 in fp32, 2^-53 in fp64) and stored once in outDtype: gamma_{terms-1} times absSum (the
// sum of the terms' magnitudes), counted twice (the double reference has its own, smaller, error), plus
// one rounding to outDtype, with 1e-4 of slack.
double anyOrderSumBound(double want, double absSum, double terms, double unit, aclDataType outDtype);

// For c.check()'s loop over the values of one output: |got - want| goes to r.maxAbsError (NaN as infinity),
// and the first value beyond bound fails r with "<op>/<name>: <output> value <i>: got .., expected .. (bound ..)".
void checkWithinBound(CheckResult &r, const OpCase &c, const char *output, size_t i, double got, double want,
                      double bound);

}  // namespace testing_support
