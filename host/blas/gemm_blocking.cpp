#include "blas/gemm_blocking.h"

#include <algorithm>

namespace aclcl {
namespace blas {

namespace {

size_t ceilDiv(size_t a, size_t b) { return (a + b - 1) / b; }
size_t roundUp(size_t a, size_t b) { return ceilDiv(a, b) * b; }

size_t workingSet(size_t m, size_t n, size_t k, size_t elementBytes) {
    return (m * k + k * n + m * n) * elementBytes;
}

// Splits extent into pieces of at most `block` (a multiple of the granule unless it is the extent),
// as even as the granule allows.
std::vector<std::pair<size_t, size_t>> split(size_t extent, size_t block) {
    std::vector<std::pair<size_t, size_t>> pieces;
    if (block >= extent) {
        pieces.emplace_back(0, extent);
        return pieces;
    }
    size_t count = ceilDiv(extent, block);
    size_t size = std::min(extent, roundUp(ceilDiv(extent, count), kBlockGranule));
    for (size_t start = 0; start < extent; start += size) pieces.emplace_back(start, std::min(size, extent - start));
    return pieces;
}

}  // namespace

std::vector<GemmBlock> gemmBlocks(const GemmDims &d, size_t elementBytes, bool cpu, double minVolume) {
    size_t bm = d.m, bn = d.n, bk = d.k;
    if (cpu) {
        // Halve the largest block extent until the working set fits; never below 4 granules and never
        // below minVolume.
        const size_t floor = 4 * kBlockGranule;
        while (workingSet(bm, bn, bk, elementBytes) > kCpuBlockBytes) {
            size_t *largest = &bm;
            if (bn > *largest) largest = &bn;
            if (bk > *largest) largest = &bk;
            if (*largest <= floor) break;
            const size_t before = *largest;
            *largest = std::max(floor, roundUp(*largest / 2, kBlockGranule));
            if (static_cast<double>(bm) * static_cast<double>(bn) * static_cast<double>(bk) < minVolume) {
                *largest = before;
                break;
            }
        }
    }
    std::vector<GemmBlock> blocks;
    for (auto [m0, m] : split(d.m, bm)) {
        for (auto [n0, n] : split(d.n, bn)) {
            for (auto [k0, k] : split(d.k, bk)) {
                GemmBlock b;
                b.m0 = m0;
                b.n0 = n0;
                b.k0 = k0;
                b.m = m;
                b.n = n;
                b.k = k;
                b.firstK = k0 == 0;
                blocks.push_back(b);
            }
        }
    }
    return blocks;
}

size_t blockOffsetA(const GemmDims &d, const GemmBlock &b) {
    return d.transA == Op::Trans ? b.k0 * d.lda + b.m0 : b.m0 * d.lda + b.k0;
}

size_t blockOffsetB(const GemmDims &d, const GemmBlock &b) {
    return d.transB == Op::Trans ? b.n0 * d.ldb + b.k0 : b.k0 * d.ldb + b.n0;
}

size_t blockOffsetC(const GemmDims &d, const GemmBlock &b) { return b.m0 * d.ldc + b.n0; }

}  // namespace blas
}  // namespace aclcl
