// The CANN operator precision standard's metrics for one output of one case, and their tally over the
// cases of an operator x dtype x device (docs/precision.md explains each column).
#pragma once

#include <cstddef>
#include <string>

#include "precision/precision.h"

namespace precision {

// The standard's thresholds for a floating-point dtype: T (pass: MERE < T and MARE < 10 T), the bound
// below which |golden| is a small value, and the absolute error a small value may have. The standard
// names fp16, bf16 and fp32; DOUBLE (and COMPLEX128) are held to fp32's, COMPLEX64 is fp32 per component.
struct Thresholds {
    double t, smallBelow, smallError;
};
Thresholds thresholdsOf(aclDataType dtype);

struct Metrics {
    size_t elements = 0;
    size_t compared = 0;      // elements in MARE / MERE (|golden| at or above the small-value bound)
    size_t small = 0;         // small-value elements
    size_t smallErrors = 0;   // ... whose absolute error exceeds the standard's bound
    size_t exactMisses = 0;   // bitwise outputs: elements not bit-equal; metrics outputs: golden not finite in
                              // the dtype (overflow, inf, NaN) and the output not that exact value
    double mare = 0, mere = 0, rmse = 0;
    bool bitwise = false;
};
Metrics measure(const Output &o);
// Whether the case's output meets the standard (the small-value count is reported, not judged: see docs).
bool passes(const Metrics &m, aclDataType dtype);

// One row of the report: an operator x dtype x device over its cases.
struct Tally {
    size_t cases = 0, failedCases = 0;
    size_t elements = 0, small = 0, smallErrors = 0, exactMisses = 0;
    double mare = 0, mere = 0, rmse = 0;  // the worst case's value of each
    bool anyBitwise = false, anyMetrics = false;
    std::string worst;  // the case with the largest MERE / T (or the first failing case), described
    double worstScore = -1;
    void add(const CaseOutcome &c, const std::string &drawn);
};

}  // namespace precision
