// The gradient of 2-D max pooling with indices, two ways that give the same bits:
//
// max_pool2d_bwd (GPUs, and CPUs outside the case below) is a gather: one work-item per gradInput
// element (h, w) visits the outputs whose windows cover it, in the outputs' scan order (oh, then ow,
// increasing), and adds gradOutput[oh][ow] when indices[oh][ow] names (h, w). The sum is in float from
// 0 and rounds once to gradInput's dtype. Each element is written once by one work-item: no atomics,
// the same bits on every run, and the same bits as PyTorch's CPU scatter in float (which adds in that
// same order). max_pool2d_bwd_check runs beside it, one work-item per output.
//
// max_pool2d_bwd_planes (CPUs, at least one plane per compute unit) is that scatter: one work-item per
// plane, each output read once and in memory order, where the gather reads each output once per
// element its window covers, in a scattered order (on a 2-core CPU, the bench case 8x64x128x128
// k3s2p1: 75 ms against PyTorch's 11-15; the scatter, about 4). It checks every index itself. It sums
// in float: in gradInput itself when that is FLOAT, else (STAGED) in a float plane of the workspace
// that is rounded once into gradInput at the end.
//
// Output oh covers row h when h = oh * sH - pH + j * dH for a tap j in [0, kH): taps from kH - 1 down
// to 0 give increasing oh. Columns likewise.
//
// The index check (index_in_window): an index that is not one of its own window's positions inside
// the input is never added (its gradient is dropped). A forward never records one, except for a window
// with no position inside the input (window_empty), whose gradient is dropped silently; any other is
// reported through the stream's fault record (report_fault, cl_kernels/common.cl): the next synchronize returns 507015 naming the
// operator, the index and the output's flat position. Nothing is read or written out of bounds.
//
// Macros the host defines (host/ops/max_pool2d_with_indices_backward.cpp):
//   G_T, G_LOAD     gradOutput slot; OUT_T, OUT_STORE gradInput slot (stores a float with one rounding)
//   IDX_T           int or long (indices)
//   INDEX_T         int when every offset fits in 31 bits, long otherwise
//   LOCAL_STAGE     max_pool2d_bwd_planes only: 1 when gradInput is not FLOAT and a plane's float sums
//                   fit the device's local memory (one plane per work-group): they go to `lst`, H x W
//                   floats of local memory, rounded once into gradInput at the end
//   PLANE_FLAT      max_pool2d_bwd_planes only: 1 when a plane's sums are H x W contiguous floats (staged
//                   sums always; gradInput itself when its rows are unit-stride and W apart): rows are
//                   zeroed in runs just before the windows reach them and an index is its own offset
//                   there (kernel time on Intel's runtime, 4x16x128x128: 0.114 -> 0.090 ms; 4x64x128x128:
//                   0.61 -> 0.47 ms)
//   STAGED          max_pool2d_bwd_planes only, without LOCAL_STAGE: 1 when gradInput is not FLOAT (the
//                   sums go to `stage`, planes x H x W floats of the workspace), 0 when they go to
//                   gradInput in place
//   OUT_VSTORE8     (cl_kernels/common.cl) the staged sums' rounding into gradInput, eight at a time
//
// No 64-byte vector (float16, long8) passes through a call, a builtin's included: without AVX-512 that
// changes the x86-64 ABI (-Wpsabi). Eight 64-bit indices are two long4.
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: G:float32 IDX:int32 OUT:float32<float32 INDEX:int STAGED=0 LOCAL_STAGE=0 PLANE_FLAT=1
// build-check: G:float32 IDX:int64 OUT:float32<float32 INDEX:long STAGED=0 LOCAL_STAGE=0 PLANE_FLAT=0
// build-check: G:float16 IDX:int64 OUT:float16<float32 INDEX:long STAGED=1 LOCAL_STAGE=0 PLANE_FLAT=1
// build-check: G:bfloat16 IDX:int32 OUT:bfloat16<float32 INDEX:int STAGED=0 LOCAL_STAGE=1 PLANE_FLAT=1

#if LOCAL_STAGE || STAGED
#define SUMS_APART 1  // the sums are not gradInput itself: rounded into it at the end
#else
#define SUMS_APART 0
#endif
#if LOCAL_STAGE
#define SUM_SPACE __local
#else
#define SUM_SPACE __global
#endif

#define BWD_SHAPE_ARGS                                                                                         \
    long H, long W, long OH, long OW, long kH, long kW, long sH, long sW, long pH, long pW, long dH, long dW, \
        long C, long planes

__kernel void max_pool2d_bwd(__global const G_T *grad, ulong grad_off, __global const IDX_T *idx, ulong idx_off,
                             __global OUT_T *gin, ulong gin_off, BWD_SHAPE_ARGS, long g_sn, long g_sc, long g_sh,
                             long g_sw, long i_sn, long i_sc, long i_sh, long i_sw, long o_sn, long o_sc, long o_sh,
                             long o_sw) {
    const INDEX_T w = (INDEX_T)get_global_id(0);
    const INDEX_T h = (INDEX_T)get_global_id(1);
    const INDEX_T plane = (INDEX_T)get_global_id(2);
    if (w >= (INDEX_T)W || h >= (INDEX_T)H || plane >= (INDEX_T)planes) return;
    const INDEX_T n = plane / (INDEX_T)C, c = plane - n * (INDEX_T)C;
    __global const G_T *gp = grad + grad_off + (ulong)(n * (INDEX_T)g_sn + c * (INDEX_T)g_sc);
    __global const IDX_T *ip = idx + idx_off + (ulong)(n * (INDEX_T)i_sn + c * (INDEX_T)i_sc);
    const long self_at = (long)h * W + (long)w;
    float acc = 0.0f;
    // Only the taps whose output lies in [0, OH) (a tap range, not a walk over the whole kernel: kernels
    // may be far larger than the image). Sign tests are unsigned compares of non-negative values: Mesa
    // llvmpipe miscompiles 64-bit signed compares with constants (see max_unpool2d_backward.cl).
    const INDEX_T hp = h + (INDEX_T)pH, wp = w + (INDEX_T)pW;
    const INDEX_T lastH = ((INDEX_T)OH - 1) * (INDEX_T)sH, lastW = ((INDEX_T)OW - 1) * (INDEX_T)sW;
    const INDEX_T jhHi = min((INDEX_T)kH - 1, hp / (INDEX_T)dH), jwHi = min((INDEX_T)kW - 1, wp / (INDEX_T)dW);
    const INDEX_T jhLo = (ulong)hp > (ulong)lastH ? (hp - lastH + (INDEX_T)dH - 1) / (INDEX_T)dH : 0;
    const INDEX_T jwLo = (ulong)wp > (ulong)lastW ? (wp - lastW + (INDEX_T)dW - 1) / (INDEX_T)dW : 0;
    const INDEX_T nh = jhHi >= jhLo ? jhHi - jhLo + 1 : 0, nw = jwHi >= jwLo ? jwHi - jwLo + 1 : 0;
    if (dH == 1 && dW == 1) {
        // No dilation: the covering outputs are a contiguous range per axis, walked without divisions
        // (the same outputs in the same order as the general loop below).
        const INDEX_T ohLo = (hp - jhHi + (INDEX_T)sH - 1) / (INDEX_T)sH, ohHi = (hp - jhLo) / (INDEX_T)sH;
        const INDEX_T owLo = (wp - jwHi + (INDEX_T)sW - 1) / (INDEX_T)sW, owHi = (wp - jwLo) / (INDEX_T)sW;
        if (nh > 0 && nw > 0) {
            ORDERED_LOOP
            for (INDEX_T oh = ohLo; oh <= ohHi; ++oh) {
                ORDERED_LOOP
                for (INDEX_T ow = owLo; ow <= owHi; ++ow) {
                    if ((long)ip[oh * (INDEX_T)i_sh + ow * (INDEX_T)i_sw] == self_at) {
                        acc += (float)G_LOAD(gp, oh * (INDEX_T)g_sh + ow * (INDEX_T)g_sw);
                    }
                }
            }
        }
        OUT_STORE(gin + gin_off, n * (INDEX_T)o_sn + c * (INDEX_T)o_sc + h * (INDEX_T)o_sh + w * (INDEX_T)o_sw, acc);
        return;
    }
    // Taps from the highest down: increasing oh, then increasing ow.
    ORDERED_LOOP
    for (INDEX_T ih = 0; ih < nh; ++ih) {
        const INDEX_T th = hp - (jhHi - ih) * (INDEX_T)dH;
        if (th % (INDEX_T)sH != 0) continue;
        const INDEX_T oh = th / (INDEX_T)sH;
        ORDERED_LOOP
        for (INDEX_T iw = 0; iw < nw; ++iw) {
            const INDEX_T tw = wp - (jwHi - iw) * (INDEX_T)dW;
            if (tw % (INDEX_T)sW != 0) continue;
            const INDEX_T ow = tw / (INDEX_T)sW;
            if ((long)ip[oh * (INDEX_T)i_sh + ow * (INDEX_T)i_sw] == self_at) {
                acc += (float)G_LOAD(gp, oh * (INDEX_T)g_sh + ow * (INDEX_T)g_sw);
            }
        }
    }
    OUT_STORE(gin + gin_off, n * (INDEX_T)o_sn + c * (INDEX_T)o_sc + h * (INDEX_T)o_sh + w * (INDEX_T)o_sw, acc);
}

// Whether index k of output (oh, ow) is one of its own window's positions inside the plane (H x W);
// if so, its row and column. The row k / W is a multiply and a shift with 32-bit INDEX_T (w_mul and
// w_shift from the host: floor(k * w_mul / 2^w_shift) = floor(k / W) for every k < 2^31), a division
// with 64-bit INDEX_T (k < H W fits it, see poolWideIndex); no division for the taps without dilation.
// Divisions are most of the check's time on a CPU: with a division for the row, the scatter spent
// about 45% of its time there (PoCL, perf). Sign tests are unsigned compares of non-negative values
// (Mesa llvmpipe miscompiles 64-bit signed compares with constants, see max_unpool2d_backward.cl).
inline bool index_in_window(long k, INDEX_T oh, INDEX_T ow, long H, long W, long kH, long kW, long sH, long sW,
                            long pH, long pW, long dH, long dW, ulong w_mul, uint w_shift, INDEX_T *row,
                            INDEX_T *col) {
    if ((ulong)k >= (ulong)(H * W)) return false;  // negative k too
    const INDEX_T kq =
        sizeof(INDEX_T) == 4 ? (INDEX_T)(((ulong)k * w_mul) >> w_shift) : (INDEX_T)k / (INDEX_T)W;
    *row = kq;
    *col = (INDEX_T)k - kq * (INDEX_T)W;
    // (row, col) - the window's start, both sides non-negative.
    const ulong r = (ulong)kq + (ulong)pH, c = (ulong)*col + (ulong)pW;
    const ulong h0 = (ulong)oh * (ulong)sH, w0 = (ulong)ow * (ulong)sW;
    if (r < h0 || c < w0) return false;
    const ulong dr = r - h0, dc = c - w0;
    if (dH == 1 && dW == 1) return dr < (ulong)kH && dc < (ulong)kW;
    return dr % (ulong)dH == 0 && dc % (ulong)dW == 0 && dr / (ulong)dH < (ulong)kH && dc / (ulong)dW < (ulong)kW;
}

// Whether output (oh, ow)'s window holds no position of the plane (possible only with dilation, e.g.
// H = 2, kernel 2, padding 1, dilation 3): the forward gives it -inf and an index outside the plane,
// and nothing flows back from it, so its gradient is dropped whatever its index says, without a fault.
inline bool axis_window_empty(ulong o, long S, long k, long s, long p, long d) {
    // Taps o*s - p + j*d for j in [0, k): is any of them in [0, S)?
    const ulong start = o * (ulong)s;  // the first tap is start - p
    if (start >= (ulong)p) return start - (ulong)p >= (ulong)S;
    const ulong before = (ulong)p - start;              // how far the first tap lies left of 0
    const ulong j = (before + (ulong)d - 1) / (ulong)d;  // the first tap at or right of 0
    return j >= (ulong)k || j * (ulong)d - before >= (ulong)S;
}

inline bool window_empty(INDEX_T oh, INDEX_T ow, long H, long W, long kH, long kW, long sH, long sW, long pH,
                         long pW, long dH, long dW) {
    return axis_window_empty((ulong)oh, H, kH, sH, pH, dH) || axis_window_empty((ulong)ow, W, kW, sW, pW, dW);
}

// max_pool2d_bwd_planes: one work-item per plane zeroes its float sums, then walks the plane's outputs
// in scan order and adds each gradOutput to the element its index names, in place. Every element
// receives the same terms in the same order as in max_pool2d_bwd, summed in float from 0 and rounded
// once to gradInput's dtype: the same bits. A bad index is reported and dropped here, so no check
// launch goes beside it. `stage` is read only when STAGED (the host passes gradInput's buffer there
// otherwise), `lst` only with LOCAL_STAGE (the host passes 4 bytes otherwise). In local memory the
// sums stay in the core's caches from the zeroing to the last addition (a CPU's local memory is
// ordinary memory reused by each work-group), where a plane of the workspace or of gradInput is
// fetched again from memory for the additions.
__kernel void max_pool2d_bwd_planes(__global const G_T *grad, ulong grad_off, __global const IDX_T *idx,
                                    ulong idx_off, __global OUT_T *gin, ulong gin_off, __global float *stage,
                                    ulong stage_off, __global fault_record *fault, uint fault_tag, BWD_SHAPE_ARGS,
                                    ulong w_mul, uint w_shift, long g_sn, long g_sc, long g_sh, long g_sw,
                                    long i_sn, long i_sc, long i_sh, long i_sw, long o_sn, long o_sc, long o_sh,
                                    long o_sw, __local float *lst) {
    const INDEX_T plane = (INDEX_T)get_global_id(0);
    if (plane >= (INDEX_T)planes) return;
    const INDEX_T n = plane / (INDEX_T)C, c = plane - n * (INDEX_T)C;
    __global const G_T *gp = grad + grad_off + (ulong)(n * (INDEX_T)g_sn + c * (INDEX_T)g_sc);
    __global const IDX_T *ip = idx + idx_off + (ulong)(n * (INDEX_T)i_sn + c * (INDEX_T)i_sc);
#if LOCAL_STAGE
    // This plane's sums: contiguous H x W floats of local memory.
    __local float *op = lst;
    const INDEX_T s_h = (INDEX_T)W, s_w = 1;
#elif STAGED
    // This plane's sums: contiguous H x W floats of the workspace.
    __global float *op = stage + stage_off + (ulong)plane * (ulong)(H * W);
    const INDEX_T s_h = (INDEX_T)W, s_w = 1;
#else
    __global float *op = gin + gin_off + (ulong)(n * (INDEX_T)o_sn + c * (INDEX_T)o_sc);
    const INDEX_T s_h = (INDEX_T)o_sh, s_w = (INDEX_T)o_sw;
#endif
#if PLANE_FLAT
    // Zeroed a band of rows at a time, just before the first output row whose windows reach them
    // (ZERO_ROWS_BEFORE below), so the rows are still in the core's nearest cache when the additions
    // come: rows [0, zeroedRows) are zero. An index is added only inside its own window's rows, all
    // zeroed by then; the same zeros and the same additions in the same order as zeroing first.
    INDEX_T zeroedRows = 0;
#define ZERO_ROWS_BEFORE(R_)                                                                                 \
    {                                                                                                        \
        const INDEX_T r_ = min((INDEX_T)(R_), (INDEX_T)H);                                                   \
        if (r_ > zeroedRows) {                                                                               \
            INDEX_T i_ = zeroedRows * (INDEX_T)W;                                                            \
            const INDEX_T end_ = r_ * (INDEX_T)W;                                                            \
            for (; i_ + 8 <= end_; i_ += 8) vstore8((float8)0.0f, 0, op + i_);                              \
            for (; i_ < end_; ++i_) op[i_] = 0.0f;                                                           \
            zeroedRows = r_;                                                                                 \
        }                                                                                                    \
    }
#else
#define ZERO_ROWS_BEFORE(R_)
    // Zeroed a row at a time, 8 floats per store where the row is unit-stride (a loop over runtime
    // strides compiles to vector scatters on PoCL, which took about half the kernel's time).
    for (INDEX_T h = 0; h < (INDEX_T)H; ++h) {
        SUM_SPACE float *row = op + h * s_h;
        INDEX_T w = 0;
        if (s_w == 1) {
            for (; w + 8 <= (INDEX_T)W; w += 8) vstore8((float8)0.0f, 0, row + w);
        }
        for (; w < (INDEX_T)W; ++w) row[w * s_w] = 0.0f;
    }
#endif
    // One output: checked, then added in place (or reported and dropped).
#define SCATTER_ONE(OH_, OW_)                                                                                \
    do {                                                                                                     \
        const long k = (long)ip[(OH_) * (INDEX_T)i_sh + (OW_) * (INDEX_T)i_sw];                                \
        INDEX_T kq = 0, kc = 0;                                                                              \
        if (index_in_window(k, OH_, OW_, H, W, kH, kW, sH, sW, pH, pW, dH, dW, w_mul, w_shift, &kq, &kc)) {  \
            SUM_SPACE float *e_ = op + (kq * s_h + kc * s_w);                                                \
            *e_ = *e_ + (float)G_LOAD(gp, (OH_) * (INDEX_T)g_sh + (OW_) * (INDEX_T)g_sw);                    \
        } else if (!window_empty(OH_, OW_, H, W, kH, kW, sH, sW, pH, pW, dH, dW)) {                         \
            report_fault(fault, fault_tag, k, H * W, ((long)plane * OH + (OH_)) * OW + (OW_));                \
        }                                                                                                    \
    } while (0)
    // Eight outputs per step where the index math is 32-bit, the indices' rows are unit-stride, there
    // is no dilation and every window coordinate stays below 2^30: the eight indices are checked as
    // one vector (in the plane, row by the reciprocal, inside its own window: the test of
    // index_in_window lane by lane, in uint arithmetic that cannot wrap onto a valid value), then
    // added one at a time in scan order. A step with a bad index leaves the vector loop: the row's
    // tail loop takes that step and the rest of the row one at a time, which reports it (a second copy
    // of the one-at-a-time code inside the vector loop cost Intel's runtime about a fifth of the
    // kernel's time, 4x16x128x128: 0.138 -> 0.114 ms). One at a time, the check's compares were a
    // large part of each output's cost (perf, PoCL); this way they are a few vector instructions per
    // eight outputs.
    const bool by8 = sizeof(INDEX_T) == 4 && i_sw == 1 && dH == 1 && dW == 1 &&
                     (ulong)((OH - 1) * sH + pH + kH) < (1UL << 30) && (ulong)((OW - 1) * sW + pW + kW) < (1UL << 30);
    const uint8 lane = (uint8)(0, 1, 2, 3, 4, 5, 6, 7);
    ORDERED_LOOP
    for (INDEX_T oh = 0; oh < (INDEX_T)OH; ++oh) {
        // The last row this output row's windows reach, plus one (a negative value zeroes nothing).
        ZERO_ROWS_BEFORE(oh * (INDEX_T)sH - (INDEX_T)pH + ((INDEX_T)kH - 1) * (INDEX_T)dH + 1)
        INDEX_T ow = 0;
        if (by8) {
            __global const IDX_T *irow = ip + oh * (INDEX_T)i_sh;
            const INDEX_T grow = oh * (INDEX_T)g_sh;
            // A row's window row: row + pH - oh sH, in [0, kH) inside the window.
            const uint rowShift = (uint)pH - (uint)oh * (uint)sH;
            ORDERED_LOOP
            for (; ow + 8 <= (INDEX_T)OW; ow += 8) {
                // Lanes 0-3 and 4-7 as two long4 (a long8 would be 64 bytes).
                const long4 k0 = convert_long4(vload4(0, irow + ow)), k1 = convert_long4(vload4(1, irow + ow));
                const ulong plane_len = (ulong)(H * W);
                const int8 inPlane = (int8)(convert_int4(as_ulong4(k0) < (ulong4)plane_len),
                                            convert_int4(as_ulong4(k1) < (ulong4)plane_len));
                // lanes outside the plane are masked off by inPlane
                const uint8 ku = (uint8)(convert_uint4(k0), convert_uint4(k1));
                const uint8 row = (uint8)(convert_uint4((convert_ulong4(ku.lo) * (ulong)(uint)w_mul) >> w_shift),
                                          convert_uint4((convert_ulong4(ku.hi) * (ulong)(uint)w_mul) >> w_shift));
                const uint8 col = ku - row * (uint)W;
                const uint8 dr = row + rowShift;
                const uint8 dc = col + (uint)pW - (lane + (uint)ow) * (uint)sW;
                if (all(inPlane & (dr < (uint)kH) & (dc < (uint)kW))) {
#if PLANE_FLAT
                    const int8 e = as_int8(ku);  // the sums lie as the plane: the index is the place
#else
                    const int8 e = as_int8(row) * (int)s_h + as_int8(col) * (int)s_w;  // (32-bit INDEX_T here)
#endif
#define SCATTER_LANE(j)                                                                                      \
    {                                                                                                        \
        SUM_SPACE float *e_ = op + e.s##j;                                                                   \
        *e_ = *e_ + (float)G_LOAD(gp, grow + (ow + j) * (INDEX_T)g_sw);                                      \
    }
                    SCATTER_LANE(0) SCATTER_LANE(1) SCATTER_LANE(2) SCATTER_LANE(3)
                    SCATTER_LANE(4) SCATTER_LANE(5) SCATTER_LANE(6) SCATTER_LANE(7)
#undef SCATTER_LANE
                } else {
                    break;  // this step and the rest of the row go one at a time, below, in order
                }
            }
        }
        ORDERED_LOOP
        for (; ow < (INDEX_T)OW; ++ow) SCATTER_ONE(oh, ow);
    }
#undef SCATTER_ONE
    ZERO_ROWS_BEFORE(H)  // the rows no window reaches
#undef ZERO_ROWS_BEFORE
#if SUMS_APART
    __global OUT_T *out = gin + gin_off + (ulong)(n * (INDEX_T)o_sn + c * (INDEX_T)o_sc);
    for (INDEX_T h = 0; h < (INDEX_T)H; ++h) {
        INDEX_T w = 0;
        if (o_sw == 1) {
            // Eight at a time where gradInput's rows are unit-stride: the same rounding as OUT_STORE.
            for (; w + 8 <= (INDEX_T)W; w += 8) OUT_VSTORE8(out, h * (INDEX_T)o_sh + w, vload8(0, op + h * s_h + w));
        }
        for (; w < (INDEX_T)W; ++w) OUT_STORE(out, h * (INDEX_T)o_sh + w * (INDEX_T)o_sw, op[h * s_h + w]);
    }
#endif
}

__kernel void max_pool2d_bwd_check(__global const IDX_T *idx, ulong idx_off, __global fault_record *fault,
                                   uint fault_tag, BWD_SHAPE_ARGS, ulong w_mul, uint w_shift, long i_sn, long i_sc,
                                   long i_sh, long i_sw) {
    const INDEX_T ow = (INDEX_T)get_global_id(0);
    const INDEX_T oh = (INDEX_T)get_global_id(1);
    const INDEX_T plane = (INDEX_T)get_global_id(2);
    if (ow >= (INDEX_T)OW || oh >= (INDEX_T)OH || plane >= (INDEX_T)planes) return;
    const INDEX_T n = plane / (INDEX_T)C, c = plane - n * (INDEX_T)C;
    const long k = (long)idx[idx_off + (ulong)(n * (INDEX_T)i_sn + c * (INDEX_T)i_sc + oh * (INDEX_T)i_sh +
                                               ow * (INDEX_T)i_sw)];
    INDEX_T row, col;
    if (!index_in_window(k, oh, ow, H, W, kH, kW, sH, sW, pH, pW, dH, dW, w_mul, w_shift, &row, &col) &&
        !window_empty(oh, ow, H, W, kH, kW, sH, sW, pH, pW, dH, dW)) {
        report_fault(fault, fault_tag, k, H * W, ((long)plane * OH + oh) * OW + ow);
    }
}
