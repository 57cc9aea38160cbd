// Gradients of 2-D reflection and replication padding, as a gather: each gradInput element is
// computed by exactly one work-item, which sums every gradOutput element that the padding copied
// from it in ascending output order (rows, then columns), starting from 0, and stores the sum once.
// No atomics: results are bit-identical run to run (and equal to PyTorch's CPU loop for fp32).
//
// Per axis (input size S, pad p before and q after, output size O = S + p + q >= 1) the sources of
// input index i are at most three ascending segments of output indices (start, count):
//   reflection:  p - i            when 1 <= i <= p          (left mirror)
//                i + p            when 0 <= i + p < O       (the element itself)
//                2(S-1) + p - i   when S-1-q <= i <= S-2    (right mirror)
//                (each also kept inside [0, O): negative pads crop)
//   replication: one segment [lo, hi], lo = 0 for i == 0 else i + p, hi = O-1 for i == S-1 else i + p,
//                clipped to [0, O) (edge elements sum whole strips).
//
// Kernel pad2d_bwd_rows, NDRange (row segments, H, planes): one work-item per segment of seg_ columns
// (the host's kSegmentColumns) of one gradInput row. The host splits the columns of a row into
//   [0, edge_l)        left edge: computed one element at a time, all sources of both axes
//   [vec_b, vec_e)     interior: exactly one source column (w + left); VEC_W components at a time
//                      with vector loads, looping over the row's sources (uniform in the work-item)
//   [edge_r, W)        right edge, like the left one
// and, for reflection with small non-negative pads and rows of one segment, replaces the edges by
// one vector each (fast_edges bit 0: left, bit 1: right): the mirror sources of a run of VEC_W
// components lie in one VEC_W-component window of the output row, gathered with shuffle().
// Where ranges overlap (a last partial vector, edge vectors reaching into the interior) the same
// work-item recomputes identical values.
//
// Macros the host defines (host/ops/pad2d_backward.cpp):
//   MODE_REFLECT        1 for reflection, 0 for replication
//   G_T, G_LOAD, G_STORE, G_IS_COMPLEX   element slot (cl_kernels/common.cl)
//   ACC_T               float, or double for fp64 / complex128
//   INDEX_T             int when every extent and offset fits in 31 bits, long otherwise
//   C_T, C_LOAD, C_STORE, C_VLOADn, C_VSTOREn   slot of one real component (cl_kernels/common.cl): G's
//                       dtype, or float / double for complex64 / complex128
//   VEC_W               components per vector (8, or 4 for fp64 work): 32 bytes of ACC_T, since a
//                       64-byte vector passing through a call (a builtin's included) changes the x86-64
//                       ABI without AVX-512 (-Wpsabi)
//   EDGE_LEFT, EDGE_RIGHT  optional: the left / right pad as a constant when that edge runs as a
//                       vector, so that its shuffle masks are constants (one permute on CPUs)
//   ROW_ELEMS           pad2d_bwd_stream's elements per work-item (host/kernels/row_stream.h); programs
//                       without it have no pad2d_bwd_stream
// and this file derives from them:
//   SUM_T               per-element accumulator: ACC_T, or float2 / double2 for complex
//   COMPONENTS          1, or 2 for complex (vector paths work on real components)
//   VACC_T              ACC_T vector of VEC_W lanes
//   VIDX_T, VUIDX_T     signed / unsigned integer vectors with VACC_T's lane count and lane size
//   AS_VUIDX(x)         as_<VUIDX_T>(x)
//   VLANES              the VIDX_T vector (0, 1, ..., VEC_W-1)
//   VLOAD_COMP(p, i)    VEC_W components at component index i of p, as VACC_T
//   VSTORE_COMP(p, i, v) store VEC_W components with one rounding
//   SLOAD_COMP(p, i)    one component as ACC_T;  SSTORE_COMP(p, i, v) its store
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: MODE_REFLECT=1 G:float32 C:float32 ACC:float32 INDEX:int VEC_W=8 EDGE_LEFT=2 EDGE_RIGHT=3
// build-check: MODE_REFLECT=0 G:float16 C:float16 ACC:float16 INDEX:long VEC_W=8
// build-check: MODE_REFLECT=1 G:bfloat16 C:bfloat16 ACC:bfloat16 INDEX:int VEC_W=8 EDGE_LEFT=1
// build-check: MODE_REFLECT=1 G:float64 C:float64 ACC:float64 INDEX:int VEC_W=4 EDGE_RIGHT=2
// build-check: MODE_REFLECT=0 G:complex64 C:float32 ACC:complex64 INDEX:int VEC_W=8
// build-check: MODE_REFLECT=1 G:complex128 C:float64 ACC:complex128 INDEX:long VEC_W=4
// build-check: MODE_REFLECT=1 G:complex64 C:float32 ACC:complex64 INDEX:int VEC_W=8 EDGE_LEFT=3 EDGE_RIGHT=1
// build-check: MODE_REFLECT=1 G:float32 C:float32 ACC:float32 INDEX:int VEC_W=8 ROW_ELEMS=4
// build-check: MODE_REFLECT=0 G:bfloat16 C:bfloat16 ACC:bfloat16 INDEX:long VEC_W=8 ROW_ELEMS=8
// build-check: MODE_REFLECT=1 G:complex64 C:float32 ACC:complex64 INDEX:int VEC_W=8 ROW_ELEMS=1

#if G_IS_COMPLEX
#define SUM_T ACL_CAT(ACC_T, 2)
#define COMPONENTS 2
#else
#define SUM_T ACC_T
#define COMPONENTS 1
#endif

#ifdef ACLNN_FP64
#define VLANE_T long
#else
#define VLANE_T int
#endif
#define VIDX_T ACL_CAT(VLANE_T, VEC_W)
#define VUIDX_T ACL_CAT(ACL_CAT(u, VLANE_T), VEC_W)
#define AS_VUIDX(x) ACL_CAT(as_, VUIDX_T)(x)
#if VEC_W == 8
#define VLANES ((VIDX_T)(0, 1, 2, 3, 4, 5, 6, 7))
#elif VEC_W == 4
#define VLANES ((VIDX_T)(0, 1, 2, 3))
#endif
#define VACC_T ACL_CAT(ACC_T, VEC_W)

#define COMP_T C_T
#define VLOAD_COMP(p, i) ACL_CAT(C_VLOAD, VEC_W)(p, i)
#define VSTORE_COMP(p, i, v) ACL_CAT(C_VSTORE, VEC_W)(p, i, v)
#define SLOAD_COMP(p, i) C_LOAD(p, i)
#define SSTORE_COMP(p, i, v) C_STORE(p, i, v)

// The sources of input index i along one axis, as three ascending segments.
inline void axis_sources(INDEX_T i, INDEX_T S, INDEX_T p, INDEX_T q, INDEX_T O, INDEX_T *start, INDEX_T *count) {
#if MODE_REFLECT
    INDEX_T left = p - i, self = i + p, right = 2 * (S - 1) + p - i;
    start[0] = left;
    count[0] = (i >= 1 && i <= p && left >= 0 && left < O) ? 1 : 0;
    start[1] = self;
    count[1] = (self >= 0 && self < O) ? 1 : 0;
    start[2] = right;
    count[2] = (i >= S - 1 - q && i <= S - 2 && right >= 0 && right < O) ? 1 : 0;
#else
    INDEX_T lo = i == 0 ? 0 : i + p;
    INDEX_T hi = i == S - 1 ? O - 1 : i + p;
    lo = max(lo, (INDEX_T)0);
    hi = min(hi, O - 1);
    start[0] = lo;
    count[0] = hi >= lo ? hi - lo + 1 : 0;
    start[1] = 0;
    count[1] = 0;
    start[2] = 0;
    count[2] = 0;
#endif
}

// gradInput element w of a row whose row sources are given: both axes' sources, rows outer.
inline SUM_T gather_element(__global const G_T *plane_src, INDEX_T OW, const INDEX_T *row_start,
                            const INDEX_T *row_count, INDEX_T w, INDEX_T W, INDEX_T left, INDEX_T right) {
    INDEX_T col_start[3], col_count[3];
    axis_sources(w, W, left, right, OW, col_start, col_count);
    SUM_T acc = (SUM_T)(0);
    for (int s = 0; s < 3; ++s) {
        const INDEX_T row_end = row_start[s] + row_count[s];
        ORDERED_LOOP for (INDEX_T oh = row_start[s]; oh < row_end; ++oh) {
            __global const G_T *row = plane_src + oh * OW;
            for (int t = 0; t < 3; ++t) {
                const INDEX_T col_end = col_start[t] + col_count[t];
                ORDERED_LOOP for (INDEX_T ow = col_start[t]; ow < col_end; ++ow) acc += G_LOAD(row, ow);
            }
        }
    }
    return acc;
}

// VEC_W components starting at src (their source in output row 0) summed over the row's sources.
inline VACC_T gather_vector(__global const COMP_T *src, INDEX_T row_stride, const INDEX_T *row_start,
                            const INDEX_T *row_count) {
    VACC_T acc = (VACC_T)(0);
    for (int s = 0; s < 3; ++s) {
        const INDEX_T end = row_start[s] + row_count[s];
        ORDERED_LOOP for (INDEX_T oh = row_start[s]; oh < end; ++oh) acc += VLOAD_COMP(src, oh * row_stride);
    }
    return acc;
}

#if MODE_REFLECT
// Columns [0, n) (n = VEC_W / COMPONENTS) of a reflection row with 1 <= left < n and no right
// mirror among them: per row source, the left mirror (from the window of components [0, VEC_W))
// then the column itself (at w + left).
inline VACC_T reflect_left_vector(__global const COMP_T *plane, INDEX_T row_stride, const INDEX_T *row_start,
                                  const INDEX_T *row_count, INDEX_T left) {
    const VIDX_T lane = VLANES;
#ifdef EDGE_LEFT
    left = EDGE_LEFT;
#endif
    const VIDX_T j = lane / COMPONENTS, c = lane % COMPONENTS, p = (VIDX_T)((int)left);
    const VIDX_T has_mirror = (j >= (VIDX_T)1) & (j <= p);
    const VUIDX_T mirror = AS_VUIDX((p - j) * COMPONENTS + c) & (VUIDX_T)(VEC_W - 1);
    VACC_T acc = (VACC_T)(0);
    for (int s = 0; s < 3; ++s) {
        const INDEX_T end = row_start[s] + row_count[s];
        ORDERED_LOOP for (INDEX_T oh = row_start[s]; oh < end; ++oh) {
            __global const COMP_T *row = plane + oh * row_stride;
            acc += select((VACC_T)(0), shuffle(VLOAD_COMP(row, 0), mirror), has_mirror);
            acc += VLOAD_COMP(row, left * COMPONENTS);
        }
    }
    return acc;
}

// Columns [W-n, W) of a reflection row with 1 <= right <= n and no left mirror among them: per row
// source, the column itself (at w + left) then the right mirror (from the row's last VEC_W
// components; for column W-n+k the mirror is component (2n-2-k-right)*COMPONENTS + c there).
inline VACC_T reflect_right_vector(__global const COMP_T *plane, INDEX_T row_stride, const INDEX_T *row_start,
                                   const INDEX_T *row_count, INDEX_T W, INDEX_T left, INDEX_T right) {
    const int n = VEC_W / COMPONENTS;
#ifdef EDGE_RIGHT
    right = EDGE_RIGHT;
#endif
    const VIDX_T lane = VLANES;
    const VIDX_T k = lane / COMPONENTS, c = lane % COMPONENTS, q = (VIDX_T)((int)right);
    const VIDX_T has_mirror = (k >= (VIDX_T)(n - 1) - q) & (k <= (VIDX_T)(n - 2));
    const VUIDX_T mirror = AS_VUIDX(((VIDX_T)(2 * n - 2) - k - q) * COMPONENTS + c) & (VUIDX_T)(VEC_W - 1);
    const INDEX_T self_at = (W - n + left) * COMPONENTS, window_at = row_stride - VEC_W;
    VACC_T acc = (VACC_T)(0);
    for (int s = 0; s < 3; ++s) {
        const INDEX_T end = row_start[s] + row_count[s];
        ORDERED_LOOP for (INDEX_T oh = row_start[s]; oh < end; ++oh) {
            __global const COMP_T *row = plane + oh * row_stride;
            acc += VLOAD_COMP(row, self_at);
            acc += select((VACC_T)(0), shuffle(VLOAD_COMP(row, window_at), mirror), has_mirror);
        }
    }
    return acc;
}
#endif

__kernel void pad2d_bwd_rows(__global const G_T *g, ulong g_off, __global G_T *gi, ulong gi_off, long H_, long W_,
                             long OH_, long OW_, long top_, long bottom_, long left_, long right_, long edge_l_,
                             long edge_r_, long vec_b_, long vec_e_, int fast_edges, long seg_, long planes_) {
    const INDEX_T seg = (INDEX_T)get_global_id(0);
    const INDEX_T h = (INDEX_T)get_global_id(1);
    const INDEX_T plane = (INDEX_T)get_global_id(2);
    const INDEX_T H = (INDEX_T)H_, W = (INDEX_T)W_, OH = (INDEX_T)OH_, OW = (INDEX_T)OW_;
    const INDEX_T left = (INDEX_T)left_, right = (INDEX_T)right_;
    const INDEX_T w0 = seg * (INDEX_T)seg_;
    if (w0 >= W || h >= H || plane >= (INDEX_T)planes_) return;
    const INDEX_T w1 = min(W, w0 + (INDEX_T)seg_);

    INDEX_T row_start[3], row_count[3];
    axis_sources(h, H, (INDEX_T)top_, (INDEX_T)bottom_, OH, row_start, row_count);
    __global const G_T *plane_src = g + g_off + plane * OH * OW;
    __global G_T *row_dst = gi + gi_off + (plane * H + h) * W;
    const INDEX_T row_stride = OW * COMPONENTS;

    // Interior: VEC_W components at a time; a last partial vector overlaps the one before.
    const INDEX_T i0 = max(w0, (INDEX_T)vec_b_), i1 = min(w1, (INDEX_T)vec_e_);
    if (i1 > i0) {
        const INDEX_T n = (i1 - i0) * COMPONENTS;
        __global const COMP_T *src = (__global const COMP_T *)plane_src + (i0 + left) * COMPONENTS;
        __global COMP_T *dst = (__global COMP_T *)row_dst + i0 * COMPONENTS;
        const INDEX_T sources = row_count[0] + row_count[1] + row_count[2];
        if (n >= VEC_W && sources == 1) {
            // The bulk of a typical tensor: one source row, a shifted copy. (0 + x, as in every
            // other path, turns -0 into +0 like PyTorch's zero-initialised sum.)
            __global const COMP_T *from = src + (row_count[0] ? row_start[0] : row_count[1] ? row_start[1] : row_start[2]) * row_stride;
            INDEX_T c = 0;
            for (; c + VEC_W <= n; c += VEC_W) VSTORE_COMP(dst, c, (VACC_T)(0) + VLOAD_COMP(from, c));
            if (c < n) VSTORE_COMP(dst, n - VEC_W, (VACC_T)(0) + VLOAD_COMP(from, n - VEC_W));
        } else if (n >= VEC_W) {
            INDEX_T c = 0;
            for (; c + VEC_W <= n; c += VEC_W)
                VSTORE_COMP(dst, c, gather_vector(src + c, row_stride, row_start, row_count));
            if (c < n) {
                c = n - VEC_W;
                VSTORE_COMP(dst, c, gather_vector(src + c, row_stride, row_start, row_count));
            }
        } else {
            for (INDEX_T c = 0; c < n; ++c) {
                ACC_T acc = 0;
                for (int s = 0; s < 3; ++s) {
                    const INDEX_T end = row_start[s] + row_count[s];
                    ORDERED_LOOP for (INDEX_T oh = row_start[s]; oh < end; ++oh) acc += SLOAD_COMP(src, oh * row_stride + c);
                }
                SSTORE_COMP(dst, c, acc);
            }
        }
    }

#if MODE_REFLECT
    __global const COMP_T *plane_comp = (__global const COMP_T *)plane_src;
    if (fast_edges & 1)
        VSTORE_COMP((__global COMP_T *)row_dst, 0, reflect_left_vector(plane_comp, row_stride, row_start, row_count, left));
    if (fast_edges & 2)
        VSTORE_COMP((__global COMP_T *)row_dst, W * COMPONENTS - VEC_W,
                    reflect_right_vector(plane_comp, row_stride, row_start, row_count, W, left, right));
#endif
    if (!(fast_edges & 1)) {
        const INDEX_T end = min(w1, (INDEX_T)edge_l_);
        for (INDEX_T w = w0; w < end; ++w)
            G_STORE(row_dst, w, gather_element(plane_src, OW, row_start, row_count, w, W, left, right));
    }
    if (!(fast_edges & 2)) {
        for (INDEX_T w = max(w0, (INDEX_T)edge_r_); w < w1; ++w)
            G_STORE(row_dst, w, gather_element(plane_src, OW, row_start, row_count, w, W, left, right));
    }
}

#ifdef ROW_ELEMS
// GPUs (and rusticl): the row-streaming pattern (cl_kernels/common.cl), NDRange (column chunks, H,
// planes): ROW_ELEMS gradInput elements of one row per work-item, at columns chunk + j * chunks, so
// that in each step neighbouring work-items read neighbouring addresses (the row kernel above suits
// CPUs, where one work-item streams a whole row with explicit vectors). Each element is
// gather_element's sum, the same sums in the same order as every other path; all are computed before
// any is stored.
__kernel void pad2d_bwd_stream(__global const G_T *g, ulong g_off, __global G_T *gi, ulong gi_off, long H_, long W_,
                               long OH_, long OW_, long top_, long bottom_, long left_, long right_, long planes_,
                               long chunks_) {
    ROW_STREAM_IDS(chunk, h, plane);
    const INDEX_T H = (INDEX_T)H_, W = (INDEX_T)W_, OH = (INDEX_T)OH_, OW = (INDEX_T)OW_;
    const INDEX_T chunks = (INDEX_T)chunks_, left = (INDEX_T)left_, right = (INDEX_T)right_;
    if (chunk >= chunks || h >= H || plane >= (INDEX_T)planes_) return;
    INDEX_T row_start[3], row_count[3];
    axis_sources(h, H, (INDEX_T)top_, (INDEX_T)bottom_, OH, row_start, row_count);
    __global const G_T *plane_src = g + g_off + plane * OH * OW;
    SUM_T acc[ROW_ELEMS];
    ROW_STREAM_EACH(j) {
        const INDEX_T w = ROW_STREAM_COLUMN(chunk, chunks, j);
        acc[j] = w < W ? gather_element(plane_src, OW, row_start, row_count, w, W, left, right) : (SUM_T)(0);
    }
    __global G_T *row_dst = gi + gi_off + (plane * H + h) * W;
    ROW_STREAM_EACH(j) {
        const INDEX_T w = ROW_STREAM_COLUMN(chunk, chunks, j);
        if (w < W) G_STORE(row_dst, w, acc[j]);
    }
}
#endif
