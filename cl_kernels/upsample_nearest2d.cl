// 2-D nearest-neighbour upsampling (PyTorch's legacy 'nearest') and its gradient, both as gathers: each
// output element is written by exactly one work-item, nothing is atomic, and the results are the same
// bits on every run and device.
//
// The source index along an axis (host/ops/upsample_nearest2d_index.h, nearestSource, says why):
//   mode 0 (out == in): o;  mode 1 (out == 2 in): o >> 1;
//   mode 2: min(floor((float)o * scale), in - 1), scale a float the host computed as PyTorch does.
// One float multiply (no contraction possible), an exact conversion and floor (a truncating conversion, the
// product being non-negative): the same on every device.
// A product at or beyond `in` (also inf or NaN from a user's scale) maps to in - 1 before any conversion.
//
// Kernels, NDRange (W of the written tensor, its H, planes = N*C) unless said, every tensor through its own
// (N, C, H, W) strides (any view, any storage offset, NCHW or NHWC alike: nothing packed or staged):
//   upsample_nearest2d_fwd  out[oh][ow] = self[src(oh)][src(ow)], a copy of the element's bytes
//                           (bit-exact for every dtype).
//   upsample_nearest2d_fwd_rows  the same copy on CPU devices, NDRange (OH / rows_, planes): each work-item
//                           walks rows_ out rows, finding a row's source row once; a unit-stride row pair
//                           doubled along W (mode 1) or copied (mode 0) takes a plain loop the compiler
//                           vectorises; a scaled W axis (mode 2) and strided rows the source offsets of
//                           up to UPSAMPLE_MAP columns, made once for all the work-item's rows.
//   upsample_nearest2d_bwd  gradInput[ih][iw] = the sum over the rectangle of (oh, ow) whose sources are
//                           (ih, iw), rows in order and each row's columns in order, in ACC_T (fp32 for the
//                           16-bit dtypes). The source map is monotone along an axis, so the outputs of
//                           one source are a run [first(i), first(i + 1)), found by binary search.
//   upsample_nearest2d_bwd_rows  the same sums in the same order on CPU devices, NDRange (H / rows_, planes):
//                           each work-item walks rows_ gradInput rows, one element at a time, each column's
//                           run found by walking the row's outputs; a doubled row pair with unit-stride
//                           gradOut columns takes an unrolled loop.
//
// Macros the host defines (host/ops/upsample_nearest2d.cpp, upsample_nearest2d_backward.cpp):
//   ELEM_RAW_T         forward: the unsigned type of one element's bytes (raw slot ELEM)
//   G_T, G_LOAD        backward: gradOut's slot (cl_kernels/common.cl)
//   GI_T, GI_STORE     backward: gradInput's slot, stored from ACC_T with one rounding
//   ACC_T              backward: float
//   INDEX_T            int when every extent and element offset fits in 31 bits, long otherwise
//   VEC_COPY           forward, 1 where the compiler packs work-items into SIMD lanes (Device::packsWorkItems:
//                      Intel's runtime, which leaves a loop inside one work-item scalar) and elements are at
//                      most 8 bytes: upsample_nearest2d_fwd_rows moves unit-stride rows 4 source elements a
//                      step (vload4, two vstore4 of at most 32 bytes each); 0 elsewhere
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, slot:rawN, INDEX:int|long, NAME=value):
// build-check: ELEM:raw4 INDEX:int VEC_COPY=1
// build-check: ELEM:raw1 INDEX:long VEC_COPY=0
// build-check: ELEM:raw2 INDEX:int VEC_COPY=1
// build-check: ELEM:raw8 INDEX:int VEC_COPY=1
// build-check: ELEM:raw16 INDEX:long VEC_COPY=0
// build-check: G:float32 GI:float32 ACC:float32 INDEX:int
// build-check: G:float16 GI:float16 ACC:float32 INDEX:long
// build-check: G:bfloat16 GI:bfloat16 ACC:float32 INDEX:int

inline INDEX_T nearest_src(INDEX_T o, int mode, float scale, INDEX_T in) {
    if (mode == 0) return o;
    if (mode == 1) return o >> 1;
    // The product is >= 0 (o >= 0, scale > 0) or NaN / inf: past the check, truncation is floor.
    const float f = (float)o * scale;
    if (!(f < (float)in)) return in - 1;
    return min((INDEX_T)f, in - 1);
}

#ifdef ELEM_RAW_T
#define UPSAMPLE_MAP 128  // columns whose source offsets upsample_nearest2d_fwd_rows keeps at once
#if VEC_COPY
#define UPSAMPLE_PASTE(a, b) a##b
#define UPSAMPLE_VEC4(t) UPSAMPLE_PASTE(t, 4)
#define VEC4_T UPSAMPLE_VEC4(ELEM_RAW_T)  // uint -> uint4
#endif

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

__kernel void upsample_nearest2d_fwd_rows(__global const ELEM_RAW_T *in, ulong in_off, __global ELEM_RAW_T *out,
                                          ulong out_off, long H_, long W_, long OH_, long OW_, long C_, long planes_,
                                          int mode_h, float scale_h, int mode_w, float scale_w, long in_sn,
                                          long in_sc, long in_sh, long in_sw, long out_sn, long out_sc, long out_sh,
                                          long out_sw, long rows_) {
    const INDEX_T first = (INDEX_T)get_global_id(0) * (INDEX_T)rows_, plane = (INDEX_T)get_global_id(1);
    const INDEX_T OH = (INDEX_T)OH_, OW = (INDEX_T)OW_, W = (INDEX_T)W_;
    if (first >= OH || plane >= (INDEX_T)planes_) return;
    const INDEX_T last = min(first + (INDEX_T)rows_, OH);
    const INDEX_T n = plane / (INDEX_T)C_, c = plane - n * (INDEX_T)C_;
    const INDEX_T isw = (INDEX_T)in_sw, osw = (INDEX_T)out_sw;
    __global const ELEM_RAW_T *src_plane = in + in_off + (ulong)(n * (INDEX_T)in_sn + c * (INDEX_T)in_sc);
    __global ELEM_RAW_T *dst_plane = out + out_off + (ulong)(n * (INDEX_T)out_sn + c * (INDEX_T)out_sc);
    if (isw == 1 && osw == 1 && mode_w != 2) {
        // Unit-stride rows doubled (mode 1) or copied (mode 0): plain loops the compiler vectorises.
        for (INDEX_T oh = first; oh < last; ++oh) {
            __global const ELEM_RAW_T *src =
                src_plane + nearest_src(oh, mode_h, scale_h, (INDEX_T)H_) * (INDEX_T)in_sh;
            __global ELEM_RAW_T *dst = dst_plane + oh * (INDEX_T)out_sh;
            if (mode_w == 1) {
                INDEX_T iw = 0;
#if VEC_COPY
                for (; iw + 4 <= W; iw += 4) {
                    const VEC4_T v = vload4(0, src + iw);
                    vstore4((VEC4_T)(v.s0, v.s0, v.s1, v.s1), 0, dst + 2 * iw);
                    vstore4((VEC4_T)(v.s2, v.s2, v.s3, v.s3), 1, dst + 2 * iw);
                }
#endif
                for (; iw < W; ++iw) {
                    const ELEM_RAW_T v = src[iw];
                    dst[2 * iw] = v;
                    dst[2 * iw + 1] = v;
                }
            } else {
                INDEX_T ow = 0;
#if VEC_COPY
                for (; ow + 4 <= OW; ow += 4) vstore4(vload4(0, src + ow), 0, dst + ow);
#endif
                for (; ow < OW; ++ow) dst[ow] = src[ow];
            }
        }
        return;
    }
    // A scaled W axis (mode 2) or strided rows: each column's source offset found once per UPSAMPLE_MAP columns
    // for all the work-item's rows (the float index per element was most of the kernel's time: Intel's runtime,
    // 2x16 planes of 35x29 to 51x80, 0.08-0.10 -> 0.03-0.06 ms), then the copies.
    INDEX_T colmap[UPSAMPLE_MAP];
    for (INDEX_T c0 = 0; c0 < OW; c0 += UPSAMPLE_MAP) {
        const INDEX_T cols = min((INDEX_T)UPSAMPLE_MAP, OW - c0);
        for (INDEX_T j = 0; j < cols; ++j) colmap[j] = nearest_src(c0 + j, mode_w, scale_w, W) * isw;
        for (INDEX_T oh = first; oh < last; ++oh) {
            __global const ELEM_RAW_T *src =
                src_plane + nearest_src(oh, mode_h, scale_h, (INDEX_T)H_) * (INDEX_T)in_sh;
            __global ELEM_RAW_T *dst = dst_plane + oh * (INDEX_T)out_sh + c0 * osw;
            for (INDEX_T j = 0; j < cols; ++j) dst[j * osw] = src[colmap[j]];
        }
    }
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

// The sum of gradOut over [h0, h1) x [w0, w1) of one plane: rows in order, each row's columns in order.
inline ACC_T upsample_rect_sum(__global const G_T *gp, INDEX_T h0, INDEX_T h1, INDEX_T w0, INDEX_T w1, INDEX_T gsh,
                               INDEX_T gsw) {
    ACC_T acc = (ACC_T)0;
    ORDERED_LOOP for (INDEX_T oh = h0; oh < h1; ++oh) {
        ORDERED_LOOP for (INDEX_T ow = w0; ow < w1; ++ow) acc += (ACC_T)G_LOAD(gp, oh * gsh + ow * gsw);
    }
    return acc;
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
    const ACC_T acc = upsample_rect_sum(gp, h0, h1, w0, w1, (INDEX_T)g_sh, (INDEX_T)g_sw);
    GI_STORE(gi + gi_off, n * (INDEX_T)gi_sn + c * (INDEX_T)gi_sc + ih * (INDEX_T)gi_sh + iw * (INDEX_T)gi_sw, acc);
}

__kernel void upsample_nearest2d_bwd_rows(__global const G_T *g, ulong g_off, __global GI_T *gi, ulong gi_off, long H_,
                                          long W_, long OH_, long OW_, long C_, long planes_, int mode_h,
                                          float scale_h, int mode_w, float scale_w, long g_sn, long g_sc, long g_sh,
                                          long g_sw, long gi_sn, long gi_sc, long gi_sh, long gi_sw, long rows_) {
    const INDEX_T first = (INDEX_T)get_global_id(0) * (INDEX_T)rows_, plane = (INDEX_T)get_global_id(1);
    const INDEX_T H = (INDEX_T)H_, W = (INDEX_T)W_, OH = (INDEX_T)OH_, OW = (INDEX_T)OW_;
    if (first >= H || plane >= (INDEX_T)planes_) return;
    const INDEX_T last = min(first + (INDEX_T)rows_, H);
    const INDEX_T n = plane / (INDEX_T)C_, c = plane - n * (INDEX_T)C_;
    __global const G_T *gp = g + g_off + (ulong)(n * (INDEX_T)g_sn + c * (INDEX_T)g_sc);
    const INDEX_T gsh = (INDEX_T)g_sh, gsw = (INDEX_T)g_sw, gisw = (INDEX_T)gi_sw;
    __global GI_T *gip = gi + gi_off + (ulong)(n * (INDEX_T)gi_sn + c * (INDEX_T)gi_sc);
    for (INDEX_T ih = first; ih < last; ++ih) {
        const INDEX_T h0 = first_output_from(ih, mode_h, scale_h, H, OH);
        const INDEX_T h1 = first_output_from(ih + 1, mode_h, scale_h, H, OH);
        const INDEX_T at = ih * (INDEX_T)gi_sh;
        if (mode_w == 1 && gsw == 1 && OW == 2 * W && h1 - h0 == 2) {
            // Doubled columns of two unit-stride rows: upsample_rect_sum unrolled (the same four additions in
            // the same order), no dependence between columns, which the compiler vectorises.
            __global const G_T *r0 = gp + h0 * gsh, *r1 = r0 + gsh;
            for (INDEX_T iw = 0; iw < W; ++iw) {
                ACC_T acc = (ACC_T)0 + (ACC_T)G_LOAD(r0, 2 * iw);
                acc += (ACC_T)G_LOAD(r0, 2 * iw + 1);
                acc += (ACC_T)G_LOAD(r1, 2 * iw);
                acc += (ACC_T)G_LOAD(r1, 2 * iw + 1);
                GI_STORE(gip, at + iw * gisw, acc);
            }
            continue;
        }
        // A column's outputs end where the next column's begin, and the source map is monotone: one walk over
        // the row's outputs finds every column's run (the searches' bounds, without their unpredictable steps).
        INDEX_T w0 = first_output_from(0, mode_w, scale_w, W, OW);
        for (INDEX_T iw = 0; iw < W; ++iw) {
            INDEX_T w1 = w0;
            while (w1 < OW && nearest_src(w1, mode_w, scale_w, W) <= iw) ++w1;
            GI_STORE(gip, at + iw * gisw, upsample_rect_sum(gp, h0, h1, w0, w1, gsh, gsw));
            w0 = w1;
        }
    }
}
#endif
