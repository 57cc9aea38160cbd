// Cutting one GEMM into a sequence of smaller ones whose operands stay in a CPU's caches.
//
// On PoCL, CLBlast's kernels walk a large GEMM's tiles in an order that streams the big operand
// from memory many times: a (8192 x 512) * (512 x 512) product ran at a third of the speed of the
// same work as (1024 x 512) pieces (measurements in docs/ops/conv_tbc_backward.md). GPUs want the
// opposite (one big launch), so only CPU devices are blocked.
#pragma once

#include <cstddef>
#include <vector>

#include "blas/gemm.h"

namespace aclcl {
namespace blas {

// Working-set budget of one block on a CPU device: A, B and C blocks together.
constexpr size_t kCpuBlockBytes = 6u << 20;
// Block sizes are multiples of this (CLBlast's tile sizes divide it).
constexpr size_t kBlockGranule = 64;

// One piece: C[m0 : m0+m, n0 : n0+n] (+)= op(A)[m0.., k0..] * op(B)[k0.., n0..]; firstK says whether it
// is the first piece of its C block (it then uses the caller's beta, the others add with beta 1).
struct GemmBlock {
    size_t m0 = 0, n0 = 0, k0 = 0;
    size_t m = 0, n = 0, k = 0;
    bool firstK = true;
};

// The pieces in the order they run: C blocks row by row, and within one C block the k pieces in
// ascending k (a fixed summation order). A single piece when the whole GEMM fits the budget or
// blocking is off (cpu false). No piece is cut below minVolume multiply-adds (m*n*k): the caller
// passes CLBlast's direct/indirect switching volume so that pieces of a GEMM that runs CLBlast's
// indirect kernel do too (with CLBlast's built-in parameters its direct kernel is far slower here).
std::vector<GemmBlock> gemmBlocks(const GemmDims &dims, size_t elementBytes, bool cpu, double minVolume = 0);

// Element offsets of a piece's operands relative to the whole GEMM's A, B and C.
size_t blockOffsetA(const GemmDims &dims, const GemmBlock &b);
size_t blockOffsetB(const GemmDims &dims, const GemmBlock &b);
size_t blockOffsetC(const GemmDims &dims, const GemmBlock &b);

}  // namespace blas
}  // namespace aclcl
