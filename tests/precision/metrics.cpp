// The standard's metrics (tests/precision/metrics.h).
#include "precision/metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace precision {

Thresholds thresholdsOf(aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT16: return {0x1.0p-10, 0x1.0p-11, 0x1.0p-16};
        case ACL_BF16: return {0x1.0p-7, 0x1.0p-8, 0x1.0p-16};
        default: return {0x1.0p-13, 0x1.0p-14, 0x1.0p-30};
    }
}

namespace {

bool sameBits(double a, double b) {
    uint64_t x, y;
    std::memcpy(&x, &a, sizeof x);
    std::memcpy(&y, &b, sizeof y);
    return x == y || (std::isnan(a) && std::isnan(b));
}

// The golden as the dtype can hold it when it cannot hold it finitely (overflow to inf, inf, NaN); the
// output must then be exactly that, as a correctly rounded result is.
bool exactOnly(double golden, aclDataType dtype, double *expected) {
    const aclDataType component = dtype == ACL_COMPLEX64 ? ACL_FLOAT : dtype == ACL_COMPLEX128 ? ACL_DOUBLE : dtype;
    *expected = roundToDtype(golden, component);
    return !std::isfinite(*expected);
}

}  // namespace

Metrics measure(const Output &o) {
    Metrics m;
    m.bitwise = o.judge == Judge::Bitwise;
    m.elements = o.got.size();
    const Thresholds th = thresholdsOf(o.dtype);
    double sumRel = 0, sumSq = 0;
    for (size_t i = 0; i < o.got.size(); ++i) {
        const double a = o.got[i], g = o.golden[i];
        if (m.bitwise) {
            if (!sameBits(a, g)) ++m.exactMisses;
            continue;
        }
        double expected;
        if (exactOnly(g, o.dtype, &expected)) {
            if (!sameBits(a, expected)) ++m.exactMisses;
            continue;
        }
        const double err = std::fabs(a - g);  // NaN or inf when the output is not finite
        sumSq += std::isfinite(err) ? err * err : std::numeric_limits<double>::infinity();
        if (std::fabs(g) < th.smallBelow) {
            ++m.small;
            if (!(err <= th.smallError)) ++m.smallErrors;
            continue;
        }
        const double rel = std::isnan(err) ? std::numeric_limits<double>::infinity() : err / (std::fabs(g) + 1e-7);
        m.mare = std::max(m.mare, rel);
        sumRel += rel;
        ++m.compared;
    }
    if (m.compared) m.mere = sumRel / static_cast<double>(m.compared);
    if (m.elements) m.rmse = std::sqrt(sumSq / static_cast<double>(m.elements));
    return m;
}

bool passes(const Metrics &m, aclDataType dtype) {
    if (m.exactMisses) return false;
    if (m.bitwise) return true;
    const double t = thresholdsOf(dtype).t;
    return m.mere < t && m.mare < 10 * t;
}

void Tally::add(const CaseOutcome &c, const std::string &drawn) {
    ++cases;
    bool ok = true;
    double score = 0;
    std::string perOutput;
    for (const Output &o : c.outputs) {
        const Metrics m = measure(o);
        const double t = thresholdsOf(o.dtype).t;
        (m.bitwise ? anyBitwise : anyMetrics) = true;
        elements += m.elements;
        small += m.small;
        smallErrors += m.smallErrors;
        exactMisses += m.exactMisses;
        mare = std::max(mare, m.mare);
        mere = std::max(mere, m.mere);
        rmse = std::max(rmse, m.rmse);
        ok = ok && passes(m, o.dtype);
        char line[160];
        std::snprintf(line, sizeof line, "; %s: MARE %.3g MERE %.3g%s", o.name.c_str(), m.mare, m.mere,
                      m.exactMisses ? (" exact misses " + std::to_string(m.exactMisses)).c_str() : "");
        perOutput += line;
        score = std::max({score, m.mere / t, m.mare / (10 * t), m.exactMisses ? 1e300 : 0.0});
    }
    if (!ok) ++failedCases;
    // The first failing case, else the one nearest the thresholds.
    const bool firstFailure = !ok && failedCases == 1;
    if (firstFailure || (failedCases == 0 && score > worstScore)) {
        worstScore = score;
        worst = c.description + " " + drawn + perOutput;
    }
}

}  // namespace precision
