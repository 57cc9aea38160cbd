// Gradients of 2-D reflection and replication padding, as a gather: one work-item per gradInput
// element (or per run of VEC_W components of a row) sums every gradOutput element that the padding
// copied from it, in ascending output order (rows, then columns), and stores the sum once. No
// atomics: results are bit-identical run to run.
//
// Per axis (input size S, pad p before and q after, output size O = S + p + q >= 1) the sources of
// input index i are at most three ascending segments of output indices (start, count):
//   reflection:  p - i            when 1 <= i <= p          (left mirror)
//                i + p            when 0 <= i + p < O       (the element itself)
//                2(S-1) + p - i   when S-1-q <= i <= S-2    (right mirror)
//                (each also kept inside [0, O): negative pads crop)
//   replication: one segment [lo, hi], lo = 0 for i == 0 else i + p, hi = O-1 for i == S-1 else i + p,
//                clipped to [0, O) (edge elements sum whole strips).
// The host splits the columns into an interior range [aw, bw) whose columns have exactly one
// source (output column w + left) and the edge columns [0, aw) and [bw, W).
//
// Kernels:
//   pad2d_bwd_interior  NDRange (chunks, H, planes): VEC_W consecutive components of an interior row
//                       run with vector loads; the row's (uniform) sources are looped over. A last,
//                       partial chunk falls back to scalar components.
//   pad2d_bwd_edges     NDRange (edge columns, H, planes): one element, both axes' sources.
//
// Macros the host defines (host/ops/pad2d_backward.cpp):
//   MODE_REFLECT        1 for reflection, 0 for replication
//   G_T, G_LOAD, G_STORE, G_IS_COMPLEX   element slot (cl_kernels/common.cl)
//   ACC_T               float, or double for fp64 / complex128
//   SUM_T               per-element accumulator: ACC_T, or float2 / double2 for complex
//   INDEX_T             int when every extent and offset fits in 31 bits, long otherwise
//   COMPONENTS          1, or 2 for complex (the interior kernel works on real components)
//   COMP_T              storage type of one component (float, double, half, ushort for bf16)
//   VEC_W               components per interior work-item (4, 8 or 16)
//   VACC_T              ACC_T vector of VEC_W lanes
//   VLOAD_COMP(p, i)    VEC_W components at component index i of p, as VACC_T
//   VSTORE_COMP(p, i, v) store VEC_W components with one rounding
//   SLOAD_COMP(p, i)    one component as ACC_T;  SSTORE_COMP(p, i, v) its store

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

// gradInput element (plane, h, w) of a real or complex dtype: both axes' sources, rows outer.
inline SUM_T gather_element(__global const G_T *plane_src, INDEX_T OW, const INDEX_T *row_start,
                            const INDEX_T *row_count, INDEX_T w, INDEX_T W, INDEX_T left, INDEX_T right) {
    INDEX_T col_start[3], col_count[3];
    axis_sources(w, W, left, right, OW, col_start, col_count);
    SUM_T acc = (SUM_T)(0);
    for (int s = 0; s < 3; ++s) {
        const INDEX_T row_end = row_start[s] + row_count[s];
        for (INDEX_T oh = row_start[s]; oh < row_end; ++oh) {
            __global const G_T *row = plane_src + oh * OW;
            for (int t = 0; t < 3; ++t) {
                const INDEX_T col_end = col_start[t] + col_count[t];
                for (INDEX_T ow = col_start[t]; ow < col_end; ++ow) acc += G_LOAD(row, ow);
            }
        }
    }
    return acc;
}

// VEC_W components starting at src (an interior column's source in output row 0) summed over the rows.
inline VACC_T gather_vector(__global const COMP_T *src, INDEX_T row_stride, const INDEX_T *row_start,
                            const INDEX_T *row_count) {
    VACC_T acc = (VACC_T)(0);
    for (int s = 0; s < 3; ++s) {
        const INDEX_T end = row_start[s] + row_count[s];
        for (INDEX_T oh = row_start[s]; oh < end; ++oh) acc += VLOAD_COMP(src, oh * row_stride);
    }
    return acc;
}

// One work-item per (segment of SEG columns, row h, plane). Inside its segment it computes the edge
// columns one element at a time and the interior columns VEC_W components at a time; a last partial
// vector is recomputed overlapping the previous one (same values, same work-item).
__kernel void pad2d_bwd_rows(__global const G_T *g, ulong g_off, __global G_T *gi, ulong gi_off, long H_, long W_,
                             long OH_, long OW_, long top_, long bottom_, long left_, long right_, long aw_, long bw_,
                             long seg_, long planes_) {
    const INDEX_T seg = (INDEX_T)get_global_id(0);
    const INDEX_T h = (INDEX_T)get_global_id(1);
    const INDEX_T plane = (INDEX_T)get_global_id(2);
    const INDEX_T H = (INDEX_T)H_, W = (INDEX_T)W_, OH = (INDEX_T)OH_, OW = (INDEX_T)OW_;
    const INDEX_T left = (INDEX_T)left_, right = (INDEX_T)right_, aw = (INDEX_T)aw_, bw = (INDEX_T)bw_;
    const INDEX_T w0 = seg * (INDEX_T)seg_;
    if (w0 >= W || h >= H || plane >= (INDEX_T)planes_) return;
    const INDEX_T w1 = min(W, w0 + (INDEX_T)seg_);

    INDEX_T row_start[3], row_count[3];
    axis_sources(h, H, (INDEX_T)top_, (INDEX_T)bottom_, OH, row_start, row_count);
    __global const G_T *plane_src = g + g_off + plane * OH * OW;
    __global G_T *row_dst = gi + gi_off + (plane * H + h) * W;

    const INDEX_T left_end = min(w1, aw);
    for (INDEX_T w = w0; w < left_end; ++w)
        G_STORE(row_dst, w, gather_element(plane_src, OW, row_start, row_count, w, W, left, right));

    const INDEX_T i0 = max(w0, aw), i1 = min(w1, bw);
    if (i1 > i0) {
        const INDEX_T n = (i1 - i0) * COMPONENTS, row_stride = OW * COMPONENTS;
        __global const COMP_T *src = (__global const COMP_T *)plane_src + (i0 + left) * COMPONENTS;
        __global COMP_T *dst = (__global COMP_T *)row_dst + i0 * COMPONENTS;
        if (n >= VEC_W) {
            INDEX_T c = 0;
            for (; c + VEC_W <= n; c += VEC_W) VSTORE_COMP(dst, c, gather_vector(src + c, row_stride, row_start, row_count));
            if (c < n) {
                c = n - VEC_W;
                VSTORE_COMP(dst, c, gather_vector(src + c, row_stride, row_start, row_count));
            }
        } else {
            for (INDEX_T c = 0; c < n; ++c) {
                ACC_T acc = 0;
                for (int s = 0; s < 3; ++s) {
                    const INDEX_T end = row_start[s] + row_count[s];
                    for (INDEX_T oh = row_start[s]; oh < end; ++oh) acc += SLOAD_COMP(src, oh * row_stride + c);
                }
                SSTORE_COMP(dst, c, acc);
            }
        }
    }

    for (INDEX_T w = max(w0, bw); w < w1; ++w)
        G_STORE(row_dst, w, gather_element(plane_src, OW, row_start, row_count, w, W, left, right));
}
