// The Im2col family's gathers (im2col_gather.h).
#include "ops/im2col_gather.h"

#include <algorithm>
#include <numeric>

#include "common/dtype.h"
#include "common/test_hooks.h"

namespace aclcl {

namespace {

constexpr size_t kElementGroupTarget = 256;  // work-items per group, element kernel
constexpr size_t kRowGroupTarget = 64;        // work-items per group, row kernel
// Block rows (oh) per work-item of the row kernel: on PoCL (2 cores, speed case) 1 took 24 ms, 4 took
// 12 ms, 16 to 56 took 3.2 to 4.2 ms (a loaded machine); 16 keeps N*C*kh*kw*L0/16 items for small N*C.
constexpr int64_t kBlockRowsPerItem = 16;

// col2im: kernels with at most this many taps are specialised and unrolled; larger ones use the generic
// kernel.
constexpr int64_t kMaxUnrolledTaps = 64;

BufferRef at(const GatherBuffer &b, const RunContext &ctx) {
    BufferRef r = b.operand.resolve(ctx);
    r.offset += b.first;
    return r;
}

// The inverse of a modulo m (gcd(a, m) == 1), by the extended Euclidean algorithm; 0 when m == 1.
int64_t modularInverse(int64_t a, int64_t m) {
    if (m == 1) return 0;
    int64_t r0 = m, r1 = a % m, t0 = 0, t1 = 1;
    while (r1 != 0) {
        const int64_t q = r0 / r1;
        int64_t t = t0 - q * t1;
        t0 = t1;
        t1 = t;
        t = r0 - q * r1;
        r0 = r1;
        r1 = t;
    }
    return t0 < 0 ? t0 + m : t0;
}

}  // namespace

void planIm2col(OpPlan &plan, const Im2colWindow &g, const GatherBuffer &image, const GatherBuffer &cols) {
    const int64_t N = image.dims[0], C = image.dims[1], H = image.dims[2], W = image.dims[3];
    const int64_t rows = C * g.taps(), L = g.L0 * g.L1, lines = N * rows;
    const aclDataType from = image.operand.dtype, to = cols.operand.dtype;
    // Every index the kernels form: both views' element offsets, the grid, and the coordinates
    // (|ih| <= 2 (H + 2 PH), likewise iw).
    IndexWidth width;
    width.coverView(image.dims, image.strides).coverView(cols.dims, cols.strides);
    width.cover(static_cast<double>(lines) * static_cast<double>(L) + kElementGroupTarget)
        .cover(4.0 * (static_cast<double>(H) + static_cast<double>(W)) +
               8.0 * (static_cast<double>(g.PH) + static_cast<double>(g.PW)) + 64.0);

    const bool cast = from != to;
    Defines defines;
    defines.flag("CAST", cast).index(width.wide());
    if (cast) {
        defines.slot("IN", from).slot("OUT", to, from);
    } else {
        defines.raw("ELEM", dtypeSize(from));
    }
    // The row kernel walks up to kBlockRowsPerItem block rows of L1 columns per work-item: as many as
    // kMaxWalkTrips allows (launch.h), and none when one block row alone is longer.
    const bool element = !walkingKernelFits(plan.device(), static_cast<double>(g.L1));
    // The row kernel's copy in vectors of 8 where work-items are packed into lanes (see below).
    defines.flag("VEC_COPY", !element && !cast && dtypeSize(from) <= 8 && plan.device().packsWorkItems);
    ProgramHandle program = plan.program("im2col", defines);
    const int64_t geo[13] = {H, W, C, rows, g.L0, g.L1, g.KW, g.SH, g.SW, g.DH, g.DW, g.PH, g.PW};
    const std::vector<int64_t> &is = image.strides, &os = cols.strides;
    const int64_t perItem =
        element ? 1
                : std::max<int64_t>(1, std::min({g.L0, kBlockRowsPerItem,
                                                 static_cast<int64_t>(kMaxWalkTrips) / std::max<int64_t>(g.L1, 1)}));
    auto bind = [=](Kernel &k, RunContext &ctx) {
        if (element) {
            k.args(at(image, ctx), at(cols, ctx), geo[0], geo[1], geo[2], geo[3], geo[4], geo[5], geo[6], geo[7],
                   geo[8], geo[9], geo[10], geo[11], geo[12], N, is[0], is[1], is[2], is[3], os[0], os[1], os[2]);
        } else {
            k.args(at(image, ctx), at(cols, ctx), geo[0], geo[1], geo[2], geo[3], geo[4], geo[5], geo[6], geo[7],
                   geo[8], geo[9], geo[10], geo[11], geo[12], N, is[0], is[1], is[2], is[3], os[0], os[1], os[2],
                   perItem);
        }
    };
    // GPUs (and the tests, through the ManyWorkItemKernels hook): one work-item per out element. CPUs: one
    // work-item per up to 16 block rows (16 x L1 columns of one out row). 1-D with a fixed local size
    // (one PoCL build whatever the geometry). Where the compiler runs neighbouring work-items in SIMD
    // lanes (Device::packsWorkItems: Intel's runtime), the row kernel's loops along a row would become
    // gathers across lanes: there it runs one work-item per group, as pad2d_fwd_rows does, with its
    // unit-stride copy in vectors of 8 (VEC_COPY, above; speed case on Intel's runtime 10.2 -> 4.3 ms
    // with the groups, 2.5 ms with the vectors; a column-per-lane kernel, tried instead, took 16-19 ms
    // there, its runtime strides making every load and store a gather).
    auto kernel = plan.kernel(program, element ? "im2col_fwd" : "im2col_fwd_rows");
    const int64_t perLine = element ? L : (g.L0 + perItem - 1) / perItem;
    const size_t items = static_cast<size_t>(lines) * static_cast<size_t>(perLine);
    const size_t rowGroup = plan.device().packsWorkItems ? 1 : kRowGroupTarget;
    const size_t local = std::min(kernel->maxWorkGroupSize(), element ? kElementGroupTarget : rowGroup);
    plan.launch(kernel, LaunchSize::linear(items, local), bind);
}

void planCol2im(OpPlan &plan, const Im2colWindow &g, const GatherBuffer &cols, int64_t colsNcStride,
                const GatherBuffer &image, int64_t imageNcStride) {
    const int64_t N = image.dims[0], C = image.dims[1], H = image.dims[2], W = image.dims[3];
    const aclDataType inType = cols.operand.dtype, outType = image.operand.dtype;
    const aclDataType accType = (inType == ACL_DOUBLE || outType == ACL_DOUBLE) ? ACL_DOUBLE : ACL_FLOAT;
    const int64_t taps = g.KH * g.KW;
    const int64_t gsNC = colsNcStride, gsT = cols.strides[1], gsCol = cols.strides[2];
    const int64_t osNC = imageNcStride, osH = image.strides[2], osW = image.strides[3];

    const bool unrolled = testHook(TestHook::Im2colBackwardRuntimeTaps) == 0 && taps <= kMaxUnrolledTaps;
    Defines defines;
    defines.slot("IN", inType).slot("OUT", outType, accType).acc(accType);
    defines.index(IndexWidth().coverView(cols.dims, cols.strides).coverView(image.dims, image.strides).wide());
    defines.flag("GSL_UNIT", gsCol == 1).flag("OSW_UNIT", osW == 1).flag("UNROLLED", unrolled);
    if (unrolled) {
        defines.value("KH", g.KH).value("KW", g.KW).value("SH", g.SH).value("SW", g.SW).value("DH", g.DH).value(
            "DW", g.DW);
    }
    ProgramHandle program = plan.program("im2col_backward", defines);
    auto kernel = plan.kernel(program, unrolled ? "im2col_backward_unrolled" : "im2col_backward_generic");

    size_t local[3];
    rowLocalSize(kernel->maxWorkGroupSize(), W, H, local);
    const size_t global[3] = {static_cast<size_t>(W), static_cast<size_t>(H), static_cast<size_t>(N * C)};
    const cl_int Hi = static_cast<cl_int>(H), Wi = static_cast<cl_int>(W), L0 = static_cast<cl_int>(g.L0),
                 L1 = static_cast<cl_int>(g.L1), PH = static_cast<cl_int>(g.PH), PW = static_cast<cl_int>(g.PW);
    const cl_long args[6] = {gsNC, gsT, gsCol, osNC, osH, osW};
    const LaunchSize size = LaunchSize::grid(3, global, local);
    if (unrolled) {
        plan.launch(kernel, size, [=](Kernel &k, RunContext &ctx) {
            k.args(at(cols, ctx), at(image, ctx), Hi, Wi, L0, L1, PH, PW, args[0], args[1], args[2], args[3],
                   args[4], args[5]);
        });
        return;
    }
    // Per axis: valid taps form an arithmetic sequence with step S / gcd(D, S).
    const int64_t gcdH = std::gcd(g.DH, g.SH), gcdW = std::gcd(g.DW, g.SW);
    const cl_int geo[12] = {static_cast<cl_int>(g.KH),
                            static_cast<cl_int>(g.KW),
                            static_cast<cl_int>(g.SH),
                            static_cast<cl_int>(g.SW),
                            static_cast<cl_int>(g.DH),
                            static_cast<cl_int>(g.DW),
                            static_cast<cl_int>(g.SH / gcdH),
                            static_cast<cl_int>(modularInverse(g.DH / gcdH, g.SH / gcdH)),
                            static_cast<cl_int>(gcdH),
                            static_cast<cl_int>(g.SW / gcdW),
                            static_cast<cl_int>(modularInverse(g.DW / gcdW, g.SW / gcdW)),
                            static_cast<cl_int>(gcdW)};
    plan.launch(kernel, size, [=](Kernel &k, RunContext &ctx) {
        k.args(at(cols, ctx), at(image, ctx), Hi, Wi, L0, L1, PH, PW, args[0], args[1], args[2], args[3], args[4],
               args[5], geo[0], geo[1], geo[2], geo[3], geo[4], geo[5], geo[6], geo[7], geo[8], geo[9], geo[10],
               geo[11]);
    });
}

}  // namespace aclcl
