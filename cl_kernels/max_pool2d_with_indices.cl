// 2-D max pooling with indices (forward): one work-item per output element scans its window and
// writes the maximum and its flat position h * W + w within the (H, W) plane. Each output element is
// written once by one work-item: deterministic, no atomics.
//
// The scan is PyTorch's (CPU max_pool2d_with_indices): rows, then columns, in increasing order,
// skipping the positions that fall in the padding; an element replaces the current maximum when it
// is greater or NaN. So a tie keeps the first maximum in scan order, the last NaN of a window wins,
// and a window of only -inf reports its first element. The value written to out is a copy of the
// chosen element's bits (NaN payloads and signed zeros kept). A window with no position inside the
// input (possible only with dilation: e.g. H = 2, kernel 2, padding 1, dilation 3) gets -inf and
// PyTorch's index: (first row below the padding) * W + (first such column), outside the plane.
//
// Every tensor is addressed through its own (N, C, H, W) strides and storage offset: any view, no
// packing. Kernels:
//   max_pool2d_fwd (GPUs)       NDRange (OW, OH, N*C): one work-item per output element
//   max_pool2d_fwd_rows (CPUs)  NDRange (OH, N*C): one work-item per output row, the row's outputs
//                               in a loop (neighbouring outputs share the window rows in cache)
//
// Macros the host defines (host/ops/max_pool2d_with_indices.cpp):
//   IN_T, IN_VAL_T, IN_LOAD  self slot (cl_kernels/common.cl); values compare as float
//   IN_RAW_T                 (cl_kernels/common.cl) the unsigned integer type of self's bytes
//   NEG_INF_BITS             -inf in self's dtype, as IN_RAW_T bits
//   IDX_T                    int or long (indices)
//   INDEX_T                  int when every offset fits in 31 bits, long otherwise
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: IN:float32 IDX:int32 NEG_INF_BITS=4286578688 INDEX:int
// build-check: IN:float16 IDX:int64 NEG_INF_BITS=64512 INDEX:long FIXED_KH=3 FIXED_KW=3 FIXED_SH=2 FIXED_SW=2 FIXED_DH=1 FIXED_DW=1
// build-check: IN:bfloat16 IDX:int32 NEG_INF_BITS=65408 INDEX:int

typedef struct {
    INDEX_T H, W, OH, OW, kH, kW, sH, sW, pH, pW, dH, dW, C;
} pool_shape;

// Output (oh, ow) of plane (n, c): the chosen element's bits and its flat index.
inline void pool_one(__global const IN_T *in, INDEX_T in_base, INDEX_T ish, INDEX_T isw, pool_shape g, INDEX_T oh,
                     INDEX_T ow, IN_RAW_T *bits, long *index) {
    INDEX_T h0 = oh * g.sH - g.pH;
    INDEX_T w0 = ow * g.sW - g.pW;
    const INDEX_T hEnd = min(h0 + (g.kH - 1) * g.dH + 1, g.H);
    const INDEX_T wEnd = min(w0 + (g.kW - 1) * g.dW + 1, g.W);
    // The first row and column below / right of the padding (PyTorch steps there one dilation at a time).
    if (h0 < 0) h0 += (-h0 + g.dH - 1) / g.dH * g.dH;
    if (w0 < 0) w0 += (-w0 + g.dW - 1) / g.dW * g.dW;
    float best = -INFINITY;
    INDEX_T bestAt = 0;
    bool found = false;
    long bestIndex = (long)h0 * (long)g.W + (long)w0;
    for (INDEX_T h = h0; h < hEnd; h += g.dH) {
        const INDEX_T rowAt = in_base + h * ish;
        for (INDEX_T w = w0; w < wEnd; w += g.dW) {
            const INDEX_T at = rowAt + w * isw;
            const float v = (float)IN_LOAD(in, at);
            if (v > best || v != v) {
                best = v;
                bestAt = at;
                found = true;
                bestIndex = (long)h * (long)g.W + (long)w;
            }
        }
    }
    // No element replaced -inf: the window is all -inf (its first element), or empty.
    if (!found && h0 < hEnd && w0 < wEnd) {
        bestAt = in_base + h0 * ish + w0 * isw;
        found = true;
    }
    *bits = found ? ((__global const IN_RAW_T *)in)[bestAt] : (IN_RAW_T)NEG_INF_BITS;
    *index = bestIndex;
}

// Outputs [from, to) of row oh through pool_one, stored at o and x with element steps osw and xsw.
inline void pool_row_range(__global const IN_T *in, INDEX_T in_base, INDEX_T ish, INDEX_T isw, pool_shape g,
                           INDEX_T oh, INDEX_T from, INDEX_T to, __global IN_RAW_T *o, INDEX_T osw, __global IDX_T *x,
                           INDEX_T xsw) {
    for (INDEX_T ow = from; ow < to; ++ow) {
        IN_RAW_T bits;
        long index;
        pool_one(in, in_base, ish, isw, g, oh, ow, &bits, &index);
        o[ow * osw] = bits;
        x[ow * xsw] = (IDX_T)index;
    }
}

#define POOL_ARGS                                                                                               \
    __global const IN_T *in, ulong in_off, __global IN_RAW_T *out, ulong out_off, __global IDX_T *idx, ulong idx_off, \
        long H, long W, long OH, long OW, long kH, long kW, long sH, long sW, long pH, long pW, long dH, long dW,   \
        long C, long planes, long in_sn, long in_sc, long in_sh, long in_sw, long out_sn, long out_sc,             \
        long out_sh, long out_sw, long idx_sn, long idx_sc, long idx_sh, long idx_sw

#define POOL_SHAPE                                                                                              \
    const pool_shape g = {(INDEX_T)H,  (INDEX_T)W,  (INDEX_T)OH, (INDEX_T)OW, (INDEX_T)kH, (INDEX_T)kW, (INDEX_T)sH, \
                          (INDEX_T)sW, (INDEX_T)pH, (INDEX_T)pW, (INDEX_T)dH, (INDEX_T)dW, (INDEX_T)C}

__kernel void max_pool2d_fwd(POOL_ARGS) {
    const INDEX_T ow = (INDEX_T)get_global_id(0);
    const INDEX_T oh = (INDEX_T)get_global_id(1);
    const INDEX_T plane = (INDEX_T)get_global_id(2);
    if (ow >= (INDEX_T)OW || oh >= (INDEX_T)OH || plane >= (INDEX_T)planes) return;
    POOL_SHAPE;
    const INDEX_T n = plane / g.C, c = plane - n * g.C;
    // The element pointer keeps the storage offset; INDEX_T offsets are relative to it.
    __global const IN_T *src = in + in_off;
    const INDEX_T base = n * (INDEX_T)in_sn + c * (INDEX_T)in_sc;
    IN_RAW_T bits;
    long index;
    pool_one(src, base, (INDEX_T)in_sh, (INDEX_T)in_sw, g, oh, ow, &bits, &index);
    out[out_off + (ulong)(n * (INDEX_T)out_sn + c * (INDEX_T)out_sc + oh * (INDEX_T)out_sh + ow * (INDEX_T)out_sw)] =
        bits;
    idx[idx_off + (ulong)(n * (INDEX_T)idx_sn + c * (INDEX_T)idx_sc + oh * (INDEX_T)idx_sh + ow * (INDEX_T)idx_sw)] =
        (IDX_T)index;
}

// The start of the per-row kernels (NDRange (OH, planes)): the row oh of plane (n, c), its input
// element pointer src and plane offset base, and its first out and idx elements o and x.
#define POOL_ROW_PROLOGUE                                                                                      \
    const INDEX_T oh = (INDEX_T)get_global_id(0);                                                              \
    const INDEX_T plane = (INDEX_T)get_global_id(1);                                                           \
    if (oh >= (INDEX_T)OH || plane >= (INDEX_T)planes) return;                                                 \
    POOL_SHAPE;                                                                                                \
    const INDEX_T n = plane / g.C, c = plane - n * g.C;                                                        \
    __global const IN_T *src = in + in_off;                                                                    \
    const INDEX_T base = n * (INDEX_T)in_sn + c * (INDEX_T)in_sc;                                              \
    __global IN_RAW_T *o = out + out_off + (ulong)(n * (INDEX_T)out_sn + c * (INDEX_T)out_sc + oh * (INDEX_T)out_sh); \
    __global IDX_T *x = idx + idx_off + (ulong)(n * (INDEX_T)idx_sn + c * (INDEX_T)idx_sc + oh * (INDEX_T)idx_sh)

__kernel void max_pool2d_fwd_rows(POOL_ARGS) {
    POOL_ROW_PROLOGUE;
    pool_row_range(src, base, (INDEX_T)in_sh, (INDEX_T)in_sw, g, oh, 0, g.OW, o, (INDEX_T)out_sw, x, (INDEX_T)idx_sw);
}

#ifdef FIXED_KH
// CPUs, float self with unit-stride rows and a window known at compile time (FIXED_KH, FIXED_KW,
// FIXED_SH, FIXED_SW, FIXED_DH, FIXED_DW; the padding stays an argument): one work-item per output
// row, as max_pool2d_fwd_rows, but the outputs whose window lies wholly inside the input take a
// branch-free loop over constant taps that the compiler unrolls and vectorises across outputs. The
// scan order and the replace rule are pool_one's; a float moves through compares and selects only,
// so its bits are kept. Rows or columns whose window reaches the padding take pool_one.
__kernel void max_pool2d_fwd_rows_fixed(POOL_ARGS) {
    POOL_ROW_PROLOGUE;
    const INDEX_T osw = (INDEX_T)out_sw, xsw = (INDEX_T)idx_sw, ish = (INDEX_T)in_sh;
    const INDEX_T h0 = oh * FIXED_SH - g.pH;
    // Interior columns: w0 = ow * SW - pW >= 0 and w0 + (KW - 1) * DW < W.
    INDEX_T owLo = (g.pW + FIXED_SW - 1) / FIXED_SW;
    const INDEX_T lastStart = g.W - 1 - (FIXED_KW - 1) * FIXED_DW + g.pW;  // largest ow * SW
    INDEX_T owHi = lastStart < 0 ? 0 : min(g.OW, lastStart / FIXED_SW + 1);
    const bool rowsInside = h0 >= 0 && h0 + (FIXED_KH - 1) * FIXED_DH < g.H;
    if (!rowsInside || owLo > owHi) owLo = owHi = 0;
    pool_row_range(src, base, ish, 1, g, oh, 0, owLo, o, osw, x, xsw);
    if (owHi > owLo) {
        __global const float *row0 = (__global const float *)src + base + h0 * ish - g.pW;
        const long rowIndex0 = (long)h0 * (long)g.W - (long)g.pW;
        for (INDEX_T ow = owLo; ow < owHi; ++ow) {
            const INDEX_T wb = ow * FIXED_SW;
            float best = -INFINITY;
            int tap = 0;
#pragma unroll
            for (int kh = 0; kh < FIXED_KH; ++kh) {
#pragma unroll
                for (int kw = 0; kw < FIXED_KW; ++kw) {
                    const float v = row0[kh * FIXED_DH * ish + wb + kw * FIXED_DW];
                    const bool take = v > best || v != v;
                    best = take ? v : best;
                    tap = take ? kh * FIXED_KW + kw : tap;
                }
            }
            o[ow * osw] = as_uint(best);
            x[ow * xsw] = (IDX_T)(rowIndex0 + (long)(tap / FIXED_KW) * FIXED_DH * (long)g.W + (long)wb +
                                  (long)(tap % FIXED_KW) * FIXED_DW);
        }
    }
    pool_row_range(src, base, ish, 1, g, oh, max(owHi, owLo), g.OW, o, osw, x, xsw);
}
#endif
