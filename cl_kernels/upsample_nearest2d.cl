// 2-D nearest-neighbour upsampling (PyTorch's legacy 'nearest') and its gradient, both as gathers: each
// output element is written by exactly one work-item, nothing is atomic, and the results are the same
// bits on every run and device.
//
// The source index along an axis (host/ops/upsample_nearest2d_index.h, nearestSource, says why):
//   mode 0 (out == in): o;  mode 1 (out == 2 in): o >> 1;
//   mode 2: min(floor((float)o * scale), in - 1), scale a float the host computed as PyTorch does.
// One float multiply (no contraction possible), an exact conversion and floor: the same on every device.
// A product at or beyond `in` (also inf or NaN from a user's scale) maps to in - 1 before any conversion.
//
// Kernels, NDRange (W of the written tensor, its H, planes = N*C), every tensor through its own (N, C, H,
// W) strides (any view, any storage offset, NCHW or NHWC alike: nothing packed or staged):
//   upsample_nearest2d_fwd  out[oh][ow] = self[src(oh)][src(ow)], a copy of the element's bytes
//                           (bit-exact for every dtype).
//   upsample_nearest2d_bwd  gradInput[ih][iw] = the sum over the rectangle of (oh, ow) whose sources are
//                           (ih, iw), rows in order and each row's columns in order, in ACC_T (fp32 for the
//                           16-bit dtypes). The source map is monotone along an axis, so the outputs of
//                           one source are a run [first(i), first(i + 1)), found by binary search.
//
// Macros the host defines (host/ops/upsample_nearest2d.cpp, upsample_nearest2d_backward.cpp):
//   ELEM_RAW_T         forward: the unsigned type of one element's bytes (raw slot ELEM)
//   G_T, G_LOAD        backward: gradOut's slot (cl_kernels/common.cl)
//   GI_T, GI_STORE     backward: gradInput's slot, stored from ACC_T with one rounding
//   ACC_T              backward: float
//   INDEX_T            int when every extent and element offset fits in 31 bits, long otherwise
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, slot:rawN, INDEX:int|long, NAME=value):
// build-check: ELEM:raw4 INDEX:int
// build-check: ELEM:raw1 INDEX:long
// build-check: ELEM:raw2 INDEX:int
// build-check: ELEM:raw8 INDEX:int
// build-check: G:float32 GI:float32 ACC:float32 INDEX:int
// build-check: G:float16 GI:float16 ACC:float32 INDEX:long
// build-check: G:bfloat16 GI:bfloat16 ACC:float32 INDEX:int

inline INDEX_T nearest_src(INDEX_T o, int mode, float scale, INDEX_T in) {
    if (mode == 0) return o;
    if (mode == 1) return o >> 1;
    const float f = floor((float)o * scale);
    if (!(f < (float)in)) return in - 1;
    return min((INDEX_T)f, in - 1);
}

#ifdef ELEM_RAW_T
__kernel void upsample_nearest2d_fwd(__global const ELEM_RAW_T *in, ulong in_off, __global ELEM_RAW_T *out,
                                     ulong out_off, long H_, long W_, long OH_, long OW_, long C_, long planes_,
                                     int mode_h, float scale_h, int mode_w, float scale_w, long in_sn, long in_sc,
                                     long in_sh, long in_sw, long out_sn, long out_sc, long out_sh, long out_sw) {
    const INDEX_T ow = (INDEX_T)get_global_id(0), oh = (INDEX_T)get_global_id(1), plane = (INDEX_T)get_global_id(2);
    if (ow >= (INDEX_T)OW_ || oh >= (INDEX_T)OH_ || plane >= (INDEX_T)planes_) return;
    const INDEX_T n = plane / (INDEX_T)C_, c = plane - n * (INDEX_T)C_;
    const INDEX_T ih = nearest_src(oh, mode_h, scale_h, (INDEX_T)H_), iw = nearest_src(ow, mode_w, scale_w, (INDEX_T)W_);
    out[out_off + (ulong)(n * (INDEX_T)out_sn + c * (INDEX_T)out_sc + oh * (INDEX_T)out_sh + ow * (INDEX_T)out_sw)] =
        in[in_off + (ulong)(n * (INDEX_T)in_sn + c * (INDEX_T)in_sc + ih * (INDEX_T)in_sh + iw * (INDEX_T)in_sw)];
}
#endif

#ifdef G_T
// The first output index whose source is at least t (out when there is none).
inline INDEX_T first_output_from(INDEX_T t, int mode, float scale, INDEX_T in, INDEX_T out) {
    if (mode == 0) return min(t, out);
    if (mode == 1) return min(2 * t, out);
    INDEX_T lo = 0, hi = out;
    while (lo < hi) {
        const INDEX_T mid = lo + (hi - lo) / 2;
        if (nearest_src(mid, mode, scale, in) >= t) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    return lo;
}

__kernel void upsample_nearest2d_bwd(__global const G_T *g, ulong g_off, __global GI_T *gi, ulong gi_off, long H_,
                                     long W_, long OH_, long OW_, long C_, long planes_, int mode_h, float scale_h,
                                     int mode_w, float scale_w, long g_sn, long g_sc, long g_sh, long g_sw,
                                     long gi_sn, long gi_sc, long gi_sh, long gi_sw) {
    const INDEX_T iw = (INDEX_T)get_global_id(0), ih = (INDEX_T)get_global_id(1), plane = (INDEX_T)get_global_id(2);
    const INDEX_T H = (INDEX_T)H_, W = (INDEX_T)W_, OH = (INDEX_T)OH_, OW = (INDEX_T)OW_;
    if (iw >= W || ih >= H || plane >= (INDEX_T)planes_) return;
    const INDEX_T n = plane / (INDEX_T)C_, c = plane - n * (INDEX_T)C_;
    const INDEX_T h0 = first_output_from(ih, mode_h, scale_h, H, OH), h1 = first_output_from(ih + 1, mode_h, scale_h, H, OH);
    const INDEX_T w0 = first_output_from(iw, mode_w, scale_w, W, OW), w1 = first_output_from(iw + 1, mode_w, scale_w, W, OW);
    __global const G_T *gp = g + g_off + (ulong)(n * (INDEX_T)g_sn + c * (INDEX_T)g_sc);
    const INDEX_T gsh = (INDEX_T)g_sh, gsw = (INDEX_T)g_sw;
    ACC_T acc = (ACC_T)0;
    ORDERED_LOOP for (INDEX_T oh = h0; oh < h1; ++oh) {
        ORDERED_LOOP for (INDEX_T ow = w0; ow < w1; ++ow) acc += (ACC_T)G_LOAD(gp, oh * gsh + ow * gsw);
    }
    GI_STORE(gi + gi_off, n * (INDEX_T)gi_sn + c * (INDEX_T)gi_sc + ih * (INDEX_T)gi_sh + iw * (INDEX_T)gi_sw, acc);
}
#endif
