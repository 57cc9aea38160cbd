// Host references for the reduction engine's operators (host/engines/reduction.h), in double: each element
// converted to the accumulate dtype as the engine converts it (refConvert), accumulated in the engine's
// documented order (EACH: row-major over the reduced dims; LANES: 64 strided lanes, then the fixed tree; CHUNKS:
// either within each chunk, then the chunks in order), every
// step rounded to the accumulator's dtype (fp32 for fp16 / bf16 / fp32 / complex64, fp64 for fp64 / complex128,
// integers wrapping at their width, bool an OR), so that every sum compares exactly. Mean's division is given
// exactly in double then rounded; the engine's fp32 division may differ by OpenCL's bound (meanSlack). Shared
// by the tests (support/reduction_checks.h) and the benchmark's cases (cases/reduction_cases.cpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "support/elementwise_ref.h"

namespace testing_support {

struct RefReduction {
    std::vector<int64_t> shape;  // self's
    std::vector<bool> reduced;   // per dim of self
    aclDataType self = ACL_FLOAT, dtype = ACL_FLOAT;
    bool lanes = false;          // the LANES order (else EACH), within each chunk where there are chunks
    int64_t chunk = 0;           // the CHUNKS path's elements a chunk (0: none): each chunk in its order, then
                                 // the chunks' partials one after another
    bool mean = false;           // divide by the count (Mean), else the sum (ReduceSum)
};

// The reduced flags of `dims` over a self of `rank` (empty: every dim).
inline std::vector<bool> refReducedFlags(size_t rank, const std::vector<int64_t> &dims) {
    std::vector<bool> r(rank, dims.empty());
    const auto bound = static_cast<int64_t>(rank == 0 ? 1 : rank);
    for (int64_t d : dims) {
        const int64_t k = d < 0 ? d + bound : d;
        if (k < static_cast<int64_t>(rank)) r[static_cast<size_t>(k)] = true;
    }
    return r;
}

// How far Mean's result may be from the exactly divided reference. OpenCL (1.2 and 3.0, section 7.4) lets
// fp32 division be off by 2.5 ulp, so an F32 / COMPLEX64 quotient may be 2.5 ulp of fp32 away, and an F16 /
// BF16 one, rounded once from that fp32 quotient, may land on the dtype's neighbour: one ulp of the dtype.
// fp64 division is correctly rounded (0 ulp) and integers divide exactly: 0.
inline double meanSlack(double want, aclDataType dtype) {
    if (want == 0 || !std::isfinite(want)) return 0;
    const int e = std::ilogb(want);
    switch (dtype) {
        case ACL_FLOAT:
        case ACL_COMPLEX64: return 2.5 * std::ldexp(1.0, e - 23);
        case ACL_FLOAT16: return std::ldexp(1.0, e - 10);
        case ACL_BF16: return std::ldexp(1.0, e - 7);
        default: return 0;
    }
}

// One accumulator: real part and imaginary part (complex only).
struct RefAcc {
    double re = 0, im = 0;
};

inline RefAcc refAccumulate(RefAcc acc, RefAcc x, aclDataType dtype) {
    if (dtype == ACL_BOOL) return {(acc.re != 0 || x.re != 0) ? 1.0 : 0.0, 0};
    if (!refIsFloat(dtype) && !refIsComplex(dtype)) return {refRound(acc.re + x.re, dtype), 0};
    const aclDataType a = refAccOf(dtype);
    return {roundTo(acc.re + x.re, a), refIsComplex(dtype) ? roundTo(acc.im + x.im, a) : 0};
}

// The outputs in row-major order over the kept dims, complex ones as (re, im) pairs; `values` is self's view in
// row-major order (complex as pairs).
inline std::vector<double> refReduce(const RefReduction &r, const std::vector<double> &values) {
    const size_t rank = r.shape.size(), parts = refIsComplex(r.self) ? 2 : 1;
    std::vector<int64_t> keptShape, redShape;
    for (size_t k = 0; k < rank; ++k) (r.reduced[k] ? redShape : keptShape).push_back(r.shape[k]);
    int64_t outputs = 1, count = 1;
    for (int64_t d : keptShape) outputs *= d;
    for (int64_t d : redShape) count *= d;
    const std::vector<int64_t> strides = rowMajorStrides(r.shape);
    // The flat index into self of output o's element e.
    auto at = [&](int64_t o, int64_t e) {
        int64_t index = 0;
        for (size_t k = rank; k-- > 0;) {
            if (r.reduced[k]) {
                index += (e % r.shape[k]) * strides[k];
                e /= r.shape[k];
            } else {
                index += (o % r.shape[k]) * strides[k];
                o /= r.shape[k];
            }
        }
        return static_cast<size_t>(index);
    };
    auto element = [&](int64_t o, int64_t e) {
        const size_t i = at(o, e) * parts;
        const RefComplex c = refConvert({values[i], parts == 2 ? values[i + 1] : 0}, r.self, r.dtype);
        return RefAcc{c.re, c.im};
    };
    const bool complex = refIsComplex(r.dtype);
    std::vector<double> out;
    // Output o's elements from..from + n - 1 in the LANES or EACH order.
    auto accumulate = [&](int64_t o, int64_t from, int64_t n) {
        RefAcc acc;
        if (r.lanes) {
            RefAcc part[64];
            for (int64_t l = 0; l < 64; ++l) {
                for (int64_t e = l; e < n; e += 64) part[l] = refAccumulate(part[l], element(o, from + e), r.dtype);
            }
            for (int half = 32; half > 0; half /= 2) {
                for (int l = 0; l < half; ++l) part[l] = refAccumulate(part[l], part[l + half], r.dtype);
            }
            acc = part[0];
        } else {
            for (int64_t e = 0; e < n; ++e) acc = refAccumulate(acc, element(o, from + e), r.dtype);
        }
        return acc;
    };
    for (int64_t o = 0; o < outputs; ++o) {
        RefAcc acc = accumulate(o, 0, r.chunk > 0 ? r.chunk : count);
        for (int64_t from = r.chunk; r.chunk > 0 && from < count; from += r.chunk) {
            acc = refAccumulate(acc, accumulate(o, from, r.chunk), r.dtype);
        }
        if (r.mean) {
            if (refIsFloat(r.dtype) || complex) {
                acc = {roundTo(acc.re / static_cast<double>(count), refAccOf(r.dtype)),
                       roundTo(acc.im / static_cast<double>(count), refAccOf(r.dtype))};
            } else {
                acc.re = refRound(static_cast<double>(static_cast<int64_t>(acc.re) / count), r.dtype);
            }
        }
        out.push_back(refIsFloat(r.dtype) || complex ? roundTo(acc.re, r.dtype) : acc.re);
        if (complex) out.push_back(roundTo(acc.im, r.dtype));
    }
    return out;
}

}  // namespace testing_support
