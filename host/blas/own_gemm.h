// The library's own OpenCL GEMM (cl_kernels/gemm.cl), one of the seam's backends (gemm.h): fp32
// products of any strides and offsets, 32-bit indices, tile parameters per launch, and ConvTbc's taps
// folded into the reduction (an implicit A read in place, the bias in the epilogue). Each element of C
// is one multiply-add chain over k in order, so the bits do not depend on the tiles.
#pragma once

#include <string>

#include "blas/gemm.h"

namespace aclcl {
namespace blas {

// One work-group's tile of C (MWG x NWG), the reduction step (KWG) and the work-items (MDIMC x NDIMC).
struct OwnGemmTiles {
    int mwg = 128, nwg = 128, kwg = 16, mdimc = 16, ndimc = 16;
    std::string describe() const;  // "128x128x16 tiles, 16x16 work-items"
};

// The tiles for one product on this device, from the device's facts: 128 x 128 tiles (an 8 x 8
// register tile per work-item) when they (times the k slices, below) give every compute unit a
// work-group, else 64 x 64 (more work-groups for a small C); 8 x 8 work-items where the device takes no 256-item work-group; the
// local memory both buffers need checked. The test hook OwnGemmTiles (1 + an index into the
// probe's parameter list) names others.
OwnGemmTiles ownGemmTiles(const Device &device, const Product &product);

// Whether the chain's multiply-adds are fma() (GEMM_FUSED): on a GPU, and wherever the device reports
// CL_FP_FMA (Device::fmaReported); elsewhere a product and a sum, each rounded. Devices on the same side
// give the same bits.
bool ownGemmFuses(const Device &device);

// Whether the own GEMM runs a product as gemm_walk (each work-item 16 rows by 8 columns of C from global memory,
// no local memory or barrier) rather than the tiled gemm_f32: on a device that is not a GPU, where local tiles
// and barriers cost more than they save (Mesa's llvmpipe, the only such device that takes the own GEMM unasked,
// where it beats CLBlast on every GEMM case of the benchmark), while a work-item's loop over k stays within
// kMaxWalkTrips (host/kernels/launch.h: the bound of every walking kernel). Both forms give the same bits on one
// device. TestHook::OwnGemmWalk forces either.
bool ownGemmWalks(const Device &device, const Product &product);
constexpr int kOwnGemmWalkRows = 16;
// How the own GEMM runs a product on this device, for the plan log: "128x128x16 tiles, 16x16 work-items" or
// "walking, 16 x 8 a work-item", then " in k slices of N" for a split product.
std::string ownGemmLayout(const Device &device, const Product &product);

// Why the own GEMM cannot run this product on this device (an index past 32 bits, a loop Mesa's
// llvmpipe would cut short, fp16 operands); empty when it can.
std::string ownGemmObstacle(const Device &device, Precision precision, const Product &product);

// Split-K: a product whose C is small (fewer than 256 tiles of 64 x 64) and whose reduction is long (at
// least 2048) runs as slices of the returned length (a multiple of 256; enough slices for about 512
// tiles-by-slices, 32 at most), each slice's partial C in the temp buffer, then one kernel adds the
// slices in order. The split depends on the dims alone, so the bits are the same on every device. 0: no
// split.
uint32_t ownGemmSliceLength(const Product &product);
// Bytes of temp buffer the product needs (the slices' partial Cs; 0 without a split).
uint64_t ownGemmTempBytes(const Product &product);

// Enqueues one product (not a zero fill) on queue; temp holds ownGemmTempBytes(product) bytes from its
// start (null when that is 0).
void enqueueOwnGemm(Device &device, cl_command_queue queue, const Product &product, cl_mem temp);

}  // namespace blas
}  // namespace aclcl
