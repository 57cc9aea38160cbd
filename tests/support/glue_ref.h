// Host references of ArgMax, Cat and ConstantPadNd, in double, independent of the kernels' formulation: the
// operators' tests (tests/test_argmax.cpp, test_cat.cpp, test_constant_pad_nd.cpp) and their benchmark cases
// (tests/cases/glue_cases.cpp) compare with them exactly.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "support/elementwise_ref.h"

namespace testing_support {

// ArgMax's reference: for each output (row-major over self's shape without `dim`), the first position
// along dim whose value is a NaN, or, without a NaN, the first maximal one (values row-major over shape).
inline std::vector<double> refArgMax(const std::vector<int64_t> &shape, int64_t dim,
                                     const std::vector<double> &values) {
    if (shape.empty()) return {0};
    const auto d = static_cast<size_t>(dim);
    int64_t outer = 1, inner = 1;
    for (size_t k = 0; k < d; ++k) outer *= shape[k];
    for (size_t k = d + 1; k < shape.size(); ++k) inner *= shape[k];
    const int64_t n = shape[d];
    std::vector<double> r;
    for (int64_t o = 0; o < outer; ++o) {
        for (int64_t i = 0; i < inner; ++i) {
            int64_t best = 0;
            for (int64_t e = 0; e < n; ++e) {
                const double x = values[static_cast<size_t>((o * n + e) * inner + i)];
                const double b = values[static_cast<size_t>((o * n + best) * inner + i)];
                if (std::isnan(b)) break;
                if (std::isnan(x) || x > b) best = e;
            }
            r.push_back(static_cast<double>(best));
        }
    }
    return r;
}

// ConstantPadNd's reference: out's elements (row-major; complex as re, im pairs): self's element at the
// position minus the dim's begin pad where that lies inside self, else the value converted (from its FLOAT
// scalar) to the dtype.
inline std::vector<double> refPad(const std::vector<int64_t> &shape, aclDataType d, const std::vector<double> &values,
                                  const std::vector<int64_t> &pad, double value) {
    const size_t rank = shape.size(), parts = refIsComplex(d) ? 2 : 1;
    std::vector<int64_t> begin(rank, 0), outShape = shape;
    for (size_t j = 0; j < pad.size() / 2; ++j) {
        begin[rank - 1 - j] = pad[2 * j];
        outShape[rank - 1 - j] += pad[2 * j] + pad[2 * j + 1];
    }
    int64_t total = 1;
    for (int64_t s : outShape) total *= s;
    const RefComplex fill = refConvert({value, 0}, ACL_FLOAT, d);
    std::vector<double> r;
    for (int64_t flat = 0; flat < total; ++flat) {
        int64_t rest = flat, at = 0, stride = 1;
        bool inside = true;
        for (size_t k = rank; k-- > 0;) {
            const int64_t c = rest % outShape[k] - begin[k];
            rest /= outShape[k];
            inside = inside && c >= 0 && c < shape[k];
            at += c * stride;
            stride *= shape[k];
        }
        if (inside) {
            for (size_t p = 0; p < parts; ++p) r.push_back(values[static_cast<size_t>(at) * parts + p]);
        } else {
            r.push_back(fill.re);
            if (parts == 2) r.push_back(fill.im);
        }
    }
    return r;
}

// One input of Cat's reference: its shape, dtype and values (row-major; complex as re, im pairs).
struct RefPart {
    std::vector<int64_t> shape;
    aclDataType dtype;
    const std::vector<double> *values;
};
// Cat's reference: out's elements (row-major; complex as re, im pairs) from the parts joined along dim, each
// element converted to the promoted dtype, then to out's (empty parts skipped).
inline std::vector<double> refCat(const std::vector<RefPart> &parts, size_t dim, aclDataType promoted,
                                  aclDataType out) {
    auto numel = [](const std::vector<int64_t> &s) {
        int64_t n = 1;
        for (int64_t d : s) n *= d;
        return n;
    };
    std::vector<int64_t> shape;
    for (const RefPart &p : parts) {
        if (numel(p.shape) == 0) continue;
        if (shape.empty()) {
            shape = p.shape;
            shape[dim] = 0;
        }
        shape[dim] += p.shape[dim];
    }
    int64_t outer = 1, inner = 1;
    for (size_t k = 0; k < dim; ++k) outer *= shape[k];
    for (size_t k = dim + 1; k < shape.size(); ++k) inner *= shape[k];
    std::vector<double> r;
    for (int64_t o = 0; o < outer; ++o) {
        for (const RefPart &p : parts) {
            if (numel(p.shape) == 0) continue;
            const size_t components = refIsComplex(p.dtype) ? 2 : 1;
            const int64_t run = p.shape[dim] * inner;
            for (int64_t e = 0; e < run; ++e) {
                const size_t at = static_cast<size_t>(o * run + e) * components;
                RefComplex v{(*p.values)[at], components == 2 ? (*p.values)[at + 1] : 0.0};
                v = refConvert(refConvert(v, p.dtype, promoted), promoted, out);
                r.push_back(v.re);
                if (refIsComplex(out)) r.push_back(v.im);
            }
        }
    }
    return r;
}

}  // namespace testing_support
