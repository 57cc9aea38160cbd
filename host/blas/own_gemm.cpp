#include "blas/own_gemm.h"

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/log.h"
#include "common/test_hooks.h"
#include "kernels/defines.h"
#include "kernels/launch.h"
#include "kernels/program_cache.h"

namespace aclcl {
namespace blas {

namespace {

// Tile sets the test hook can name (the first is the large default). Each gives the same bits.
constexpr OwnGemmTiles kOwnGemmTileSets[] = {
    {128, 128, 16, 16, 16}, {64, 64, 16, 16, 16}, {64, 64, 16, 8, 8},
    {128, 64, 8, 16, 8},    {64, 128, 8, 8, 16},  {256, 64, 16, 32, 8},
};

constexpr uint64_t kIndexLimit = uint64_t{1} << 32;
// Mesa's llvmpipe stops every loop of a work-item after 65,535 iterations in all
// (Device::compilerBugs.loopIterationCap); the kernel's loops run about KWG + 2 times a step at most.
constexpr uint64_t kLoopCap = 65535;

uint64_t ceilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

size_t localBytes(const OwnGemmTiles &t) {
    return 2 * static_cast<size_t>(t.kwg) * static_cast<size_t>((t.mwg + 4) + (t.nwg + 4)) * sizeof(float);
}

bool fits(const Device &device, const OwnGemmTiles &t) {
    return static_cast<size_t>(t.mdimc) * static_cast<size_t>(t.ndimc) <= device.maxWorkGroupSize &&
           static_cast<size_t>(t.ndimc) <= device.maxWorkItemSizes[0] &&
           static_cast<size_t>(t.mdimc) <= device.maxWorkItemSizes[1] && localBytes(t) <= device.localMemSize;
}

// The largest element index of a rows x cols matrix stored with pitch ld, plus one.
uint64_t extent(uint64_t rows, uint64_t cols, uint64_t ld) { return rows == 0 ? 0 : (rows - 1) * ld + cols; }

// Split-K: a C of fewer than kSplitTiles 64 x 64 tiles over a reduction of kSplitMinK or more is cut
// into slices so that about kSplitGroups tiles-by-slices run at once (32 slices at most, each at least
// kSliceStep long and a multiple of it, so a multiple of every KWG).
constexpr uint64_t kSplitTiles = 256, kSplitGroups = 512, kSplitMinK = 2048, kSliceStep = 256, kMaxSlices = 32;

// Elements from ref on that an operand of rows x cols with row pitch ld reaches must lie inside its
// buffer (as CLBlast and the host BLAS check): a kernel would read or write past it.
void checkOperand(const char *operand, const BufferRef &ref, uint64_t rows, uint64_t cols, uint64_t ld) {
    if (rows == 0 || cols == 0) return;
    if (ld < cols) {
        fail(ACLNN_ERR_INNER, strformat("own GEMM: operand %s has row pitch %llu < %llu columns", operand,
                                        static_cast<unsigned long long>(ld), static_cast<unsigned long long>(cols)));
    }
    size_t size = 0;
    clCheck(clGetMemObjectInfo(ref.mem, CL_MEM_SIZE, sizeof size, &size, nullptr), "clGetMemObjectInfo (CL_MEM_SIZE)",
            ACLNN_ERR_RUNTIME_ERROR);
    const uint64_t elements = extent(rows, cols, ld);
    if ((ref.offset + elements) * sizeof(float) > size) {
        fail(ACLNN_ERR_INNER,
             strformat("own GEMM: operand %s needs %llu bytes from byte %llu of its buffer, which holds %llu", operand,
                       static_cast<unsigned long long>(elements * sizeof(float)),
                       static_cast<unsigned long long>(ref.offset * sizeof(float)),
                       static_cast<unsigned long long>(size)));
    }
}

}  // namespace

uint32_t ownGemmSliceLength(const Product &p) {
    const GemmDims &d = p.dims;
    const uint64_t tiles = ceilDiv(d.m, 64) * ceilDiv(d.n, 64);
    if (p.conv.taps > 0 || p.bias.mem || tiles >= kSplitTiles || d.k < kSplitMinK) return 0;
    const uint64_t slices = std::min({kMaxSlices, ceilDiv(kSplitGroups, tiles), d.k / kSliceStep});
    if (slices < 2) return 0;
    return static_cast<uint32_t>(ceilDiv(ceilDiv(d.k, slices), kSliceStep) * kSliceStep);
}

namespace {

// A gemm_walk work-item's loop trips: one a step of its k slice (its loops over 8 columns are unrolled), and one a tap.
uint64_t walkTrips(const Product &p) {
    const uint32_t slice = ownGemmSliceLength(p);
    return (slice != 0 ? std::min<uint64_t>(slice, p.dims.k) : p.dims.k) + p.conv.taps;
}

}  // namespace

uint64_t ownGemmTempBytes(const Product &p) {
    const uint32_t slice = ownGemmSliceLength(p);
    return slice == 0 ? 0 : ceilDiv(p.dims.k, slice) * p.dims.m * p.dims.n * sizeof(float);
}

std::string ownGemmLayout(const Device &device, const Product &product) {
    std::string text = ownGemmWalks(device, product) ? strformat("walking, %d x 8 a work-item", kOwnGemmWalkRows)
                                                     : ownGemmTiles(device, product).describe();
    if (const uint32_t slice = ownGemmSliceLength(product)) text += strformat(" in k slices of %u", slice);
    return text;
}

std::string OwnGemmTiles::describe() const {
    return strformat("%dx%dx%d tiles, %dx%d work-items", mwg, nwg, kwg, mdimc, ndimc);
}

OwnGemmTiles ownGemmTiles(const Device &device, const Product &product) {
    const int hook = testHook(TestHook::OwnGemmTiles);
    if (hook > 0 && static_cast<size_t>(hook) <= std::size(kOwnGemmTileSets) &&
        fits(device, kOwnGemmTileSets[hook - 1])) {
        return kOwnGemmTileSets[hook - 1];
    }
    const OwnGemmTiles large = kOwnGemmTileSets[0], small = kOwnGemmTileSets[1], narrow = kOwnGemmTileSets[2];
    const uint32_t slice = ownGemmSliceLength(product);
    const uint64_t slices = slice == 0 ? 1 : ceilDiv(product.dims.k, slice);
    const uint64_t largeGroups = ceilDiv(product.dims.m, 128) * ceilDiv(product.dims.n, 128) * slices;
    if (fits(device, large) && largeGroups >= std::max<cl_uint>(device.computeUnits, 1)) return large;
    if (fits(device, small)) return small;
    return narrow;
}

std::string ownGemmObstacle(const Device &device, Precision precision, const Product &product) {
    if (precision != Precision::Single) return "the own GEMM computes fp32 products only";
    const GemmDims &d = product.dims;
    const bool ta = d.transA == Op::Trans, tb = d.transB == Op::Trans;
    const ConvTaps &conv = product.conv;
    // Input rows of ConvTbc's implicit A: m + (taps - 1 - 2 pad) * batch.
    const uint64_t aRows = conv.taps > 0 ? d.m + (conv.taps - 1) * uint64_t{conv.batch} : (ta ? d.k : d.m);
    const uint64_t aCols = conv.taps > 0 ? conv.cin : (ta ? d.m : d.k);
    const bool within = d.m < kIndexLimit / 2 && d.n < kIndexLimit && d.k < kIndexLimit &&
                        extent(aRows, aCols, d.lda) < kIndexLimit &&
                        extent(tb ? d.n : d.k, tb ? d.k : d.n, d.ldb) < kIndexLimit &&
                        extent(d.m, d.n, d.ldc) < kIndexLimit &&
                        (conv.taps == 0 || (2 * uint64_t{conv.pad} + conv.taps) * conv.batch < kIndexLimit / 2);
    if (!within || ownGemmTempBytes(product) / sizeof(float) >= kIndexLimit) {
        return "a product's extents pass the own GEMM's 32-bit indices";
    }
    if (conv.taps > 0 && (ta || conv.cin == 0 || d.k != uint64_t{conv.taps} * conv.cin)) {
        return "a folded convolution needs A as stored and k = taps * cin";
    }
    const uint64_t trips = ownGemmWalks(device, product) ? walkTrips(product) : ceilDiv(d.k, 8) * (16 + 2);
    if (device.compilerBugs.loopIterationCap && trips >= kLoopCap) {
        return "the reduction is too long for the device's loop-iteration cap";
    }
    return std::string();
}

bool ownGemmFuses(const Device &device) { return device.isGpu() || device.fmaReported; }

bool ownGemmWalks(const Device &device, const Product &product) {
    const int hook = testHook(TestHook::OwnGemmWalk);
    if (hook != 0) return hook == 2;
    return !device.isGpu() && walkWithinBound(static_cast<double>(walkTrips(product)));
}

void enqueueOwnGemm(Device &device, cl_command_queue queue, const Product &p, cl_mem temp) {
    const GemmDims &d = p.dims;
    const OwnGemmTiles t = ownGemmTiles(device, p);
    const bool walk = ownGemmWalks(device, p);
    const ConvTaps &conv = p.conv;
    const uint32_t slice = ownGemmSliceLength(p);
    const uint64_t slices = slice == 0 ? 1 : ceilDiv(d.k, slice);
    if (slice != 0 && !temp) fail(ACLNN_ERR_INNER, "a split-K product of the own GEMM got no temp buffer");
    const bool ta = d.transA == Op::Trans, tb = d.transB == Op::Trans;
    if (conv.taps > 0) {
        const int64_t inputRows = static_cast<int64_t>(d.m) +
                                  (static_cast<int64_t>(conv.taps) - 1 - 2 * static_cast<int64_t>(conv.pad)) * conv.batch;
        checkOperand("A", p.a, static_cast<uint64_t>(std::max<int64_t>(inputRows, 0)), conv.cin, d.lda);
    } else {
        checkOperand("A", p.a, ta ? d.k : d.m, ta ? d.m : d.k, d.lda);
    }
    checkOperand("B", p.b, tb ? d.n : d.k, tb ? d.k : d.n, d.ldb);
    checkOperand("C", p.c, d.m, d.n, d.ldc);
    if (p.bias.mem) checkOperand("bias", p.bias, 1, d.n, d.n);
    if (slice != 0) checkOperand("temp", BufferRef{temp, 0}, ceilDiv(d.k, slice) * d.m, d.n, d.n);
    Defines defines;
    defines.value("MWG", t.mwg)
        .value("NWG", t.nwg)
        .value("KWG", t.kwg)
        .value("MDIMC", t.mdimc)
        .value("NDIMC", t.ndimc)
        .flag("TRANS_A", d.transA == Op::Trans)
        .flag("TRANS_B", d.transB == Op::Trans)
        .value("CONV_TAPS", conv.taps)
        .flag("CONV_ALIGNED", conv.taps > 0 && conv.cin % static_cast<uint32_t>(t.kwg) == 0)
        .flag("BIAS", p.bias.mem != nullptr)
        .flag("SPLIT_K", slice != 0)
        .flag("GEMM_FUSED", ownGemmFuses(device))
        .flag("GEMM_WALK", walk)
        .value("WALK_ROWS", kOwnGemmWalkRows);
    const ProgramHandle program = buildProgram(device, "gemm", defines.text());
    Kernel kernel(program, walk ? "gemm_walk" : "gemm_f32");
    const BufferRef bias = p.bias.mem ? p.bias : p.c;  // unread without BIAS
    // Split: the slices' partial Cs (m x n each, pitch n) with alpha 1 and beta 0, then their sum.
    const BufferRef c = slice != 0 ? BufferRef{temp, 0} : p.c;
    const cl_uint ldc = static_cast<cl_uint>(slice != 0 ? d.n : d.ldc);
    kernel.args(static_cast<cl_uint>(d.m), static_cast<cl_uint>(d.n), static_cast<cl_uint>(d.k),
                slice != 0 ? 1.0f : p.alpha, p.a, static_cast<cl_uint>(d.lda), p.b, static_cast<cl_uint>(d.ldb),
                slice != 0 ? 0.0f : p.beta, c, ldc, bias, static_cast<cl_uint>(conv.cin),
                static_cast<cl_uint>(conv.batch), static_cast<cl_uint>(conv.pad), static_cast<cl_uint>(slice));
    if (walk) {
        const size_t global[3] = {ceilDiv(d.n, 8), ceilDiv(d.m, kOwnGemmWalkRows), slices};
        kernel.launch(queue, 3, global, nullptr);
    } else {
        const size_t local[3] = {static_cast<size_t>(t.ndimc), static_cast<size_t>(t.mdimc), 1};
        const size_t global[3] = {ceilDiv(d.n, t.nwg) * t.ndimc, ceilDiv(d.m, t.mwg) * t.mdimc, slices};
        kernel.launch(queue, 3, global, local);
    }
    if (slice == 0) return;
    Kernel sum(program, "gemm_sum_slices");
    sum.args(static_cast<cl_uint>(d.m), static_cast<cl_uint>(d.n), static_cast<cl_uint>(slices), BufferRef{temp, 0},
             p.alpha, p.beta, p.c, static_cast<cl_uint>(d.ldc));
    const size_t sumLocal[2] = {std::min<size_t>(64, device.maxWorkItemSizes[0]), 1};
    const size_t sumGlobal[2] = {d.n, d.m};
    sum.launch(queue, 2, sumGlobal, sumLocal);
}

}  // namespace blas
}  // namespace aclcl
