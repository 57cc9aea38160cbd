// im2col (PyTorch unfold), as a gather: each out element is written by exactly one work-item, with the
// self element its block and tap land on, or zero where the block leaves the image.
//
// out[n, (c*KH + kh)*KW + kw, oh*L1 + ow] = self[n, c, ih, iw] with
//   ih = oh*SH - PH + kh*DH,  iw = ow*SW - PW + kw*DW   (0 when either lies outside the image)
//
// Self and out are addressed through their own strides (any view, any storage offset: nothing is
// packed or staged); a 3-D self / 2-D out has N = 1 and N-stride 0. Two kernels, the host picks by
// device type:
//   im2col_fwd (GPUs), 1-D NDRange N*rows*L (rows = C*KH*KW): one work-item per out element, the
//     column fastest, so that neighbouring work-items write neighbouring columns.
//   im2col_fwd_rows (CPUs), 1-D NDRange N*rows*ceil(L0/per_item): one work-item per per_item block
//     rows of one out row (the L1 columns of each oh), consecutive items along the out row. The tap
//     (kh, kw) is fixed per item, so the columns whose iw lies in the image, [ob, oe), are found once;
//     per block row the source row ih is found once, those columns are a shifted copy (a unit-stride
//     loop when stride, self's W stride and out's column stride are 1, which the compiler
//     vectorises) and the others, and whole rows with ih outside the image, are zeros.
// Both are 1-D with a fixed local size, so that PoCL (which compiles a kernel per local size) builds
// each once whatever the geometry.
//
// Macros the host defines (host/ops/im2col.cpp):
//   CAST         0: self and out have one dtype, elements are copied as bytes (every dtype bit-exact);
//                1: they differ, slots IN and OUT convert (OUT stores rounding from IN's dtype)
//   ELEM_RAW_T   CAST 0: the unsigned type of one element's bytes (raw slot ELEM: uchar, ushort, uint or
//                ulong); one program per element size, whatever the dtype
//   INDEX_T      int when every extent, element offset and coordinate fits in 31 bits, long otherwise
//   VEC_COPY     1 where the compiler packs work-items into SIMD lanes (Device::packsWorkItems: Intel's
//                runtime, which runs the row kernel one work-item per group): CAST 0 and elements of
//                up to 8 bytes, the row kernel's unit-stride copy moves 8 elements per step as two
//                vload4/vstore4 (at most 32 bytes each: a 64-byte vector passing through a builtin's
//                call changes the x86-64 ABI without AVX-512, -Wpsabi), as such a compiler leaves a
//                loop inside one work-item scalar; 0 elsewhere (PoCL vectorises the plain loop itself)
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, slot:rawN, INDEX:int|long, NAME=value):
// build-check: CAST=0 INDEX:int ELEM:raw4 VEC_COPY=1
// build-check: CAST=0 INDEX:long ELEM:raw8 VEC_COPY=0
// build-check: CAST=0 INDEX:int ELEM:raw2 VEC_COPY=1
// build-check: CAST=0 INDEX:int ELEM:raw8 VEC_COPY=1
// build-check: CAST=1 INDEX:int IN:float16 OUT:float32<float16 VEC_COPY=0

#if CAST
#define SRC_T IN_T
#define DST_T OUT_T
#define MOVE(d, di, s, si) OUT_STORE(d, di, IN_LOAD(s, si))
#define ZERO(d, di) OUT_STORE(d, di, (IN_VAL_T)0)
#else
#define SRC_T ELEM_RAW_T
#define DST_T ELEM_RAW_T
#define MOVE(d, di, s, si) ((d)[di] = (s)[si])
#define ZERO(d, di) ((d)[di] = (ELEM_RAW_T)0)
#endif

// The channel and kernel tap of out row `row` (rows = C*KH*KW): row = (c*KH + kh)*KW + kw.
inline void row_tap(INDEX_T row, INDEX_T rows, INDEX_T C, INDEX_T KW, INDEX_T *c, INDEX_T *kh, INDEX_T *kw) {
    const INDEX_T taps = rows / C;
    *c = row / taps;
    const INDEX_T t = row - *c * taps;
    *kh = t / KW;
    *kw = t - *kh * KW;
}

__kernel void im2col_fwd(__global const SRC_T *in, ulong in_off, __global DST_T *out, ulong out_off, long H_,
                         long W_, long C_, long rows_, long L0_, long L1_, long KW_, long SH_, long SW_, long DH_,
                         long DW_, long PH_, long PW_, long N_, long in_sn, long in_sc, long in_sh, long in_sw,
                         long out_sn, long out_sr, long out_sl) {
    const INDEX_T gid = (INDEX_T)get_global_id(0);
    const INDEX_T L1 = (INDEX_T)L1_, L = (INDEX_T)L0_ * L1, rows = (INDEX_T)rows_;
    if (gid >= (INDEX_T)N_ * rows * L) return;
    const INDEX_T line = gid / L;
    const INDEX_T l = gid - line * L;
    const INDEX_T n = line / rows;
    const INDEX_T row = line - n * rows;
    INDEX_T c, kh, kw;
    row_tap(row, rows, (INDEX_T)C_, (INDEX_T)KW_, &c, &kh, &kw);
    const INDEX_T oh = l / L1;
    const INDEX_T ow = l - oh * L1;
    const INDEX_T ih = oh * (INDEX_T)SH_ - (INDEX_T)PH_ + kh * (INDEX_T)DH_;
    const INDEX_T iw = ow * (INDEX_T)SW_ - (INDEX_T)PW_ + kw * (INDEX_T)DW_;
    __global const SRC_T *src = in + in_off;
    __global DST_T *dst = out + out_off;
    const INDEX_T d = n * (INDEX_T)out_sn + row * (INDEX_T)out_sr + l * (INDEX_T)out_sl;
    if (ih >= 0 && ih < (INDEX_T)H_ && iw >= 0 && iw < (INDEX_T)W_) {
        const INDEX_T s = n * (INDEX_T)in_sn + c * (INDEX_T)in_sc + ih * (INDEX_T)in_sh + iw * (INDEX_T)in_sw;
        MOVE(dst, d, src, s);
    } else {
        ZERO(dst, d);
    }
}

__kernel void im2col_fwd_rows(__global const SRC_T *in, ulong in_off, __global DST_T *out, ulong out_off, long H_,
                              long W_, long C_, long rows_, long L0_, long L1_, long KW_, long SH_, long SW_,
                              long DH_, long DW_, long PH_, long PW_, long N_, long in_sn, long in_sc, long in_sh,
                              long in_sw, long out_sn, long out_sr, long out_sl, long per_item_) {
    const INDEX_T gid = (INDEX_T)get_global_id(0);
    const INDEX_T rows = (INDEX_T)rows_, L0 = (INDEX_T)L0_, per_item = (INDEX_T)per_item_;
    const INDEX_T items_per_line = (L0 + per_item - 1) / per_item;
    if (gid >= (INDEX_T)N_ * rows * items_per_line) return;
    const INDEX_T line = gid / items_per_line;
    const INDEX_T oh0 = (gid - line * items_per_line) * per_item;
    const INDEX_T oh1 = min(oh0 + per_item, L0);
    const INDEX_T L1 = (INDEX_T)L1_, W = (INDEX_T)W_, SW = (INDEX_T)SW_, SH = (INDEX_T)SH_, H = (INDEX_T)H_;
    const INDEX_T isw = (INDEX_T)in_sw, osl = (INDEX_T)out_sl, ish = (INDEX_T)in_sh;
    const INDEX_T n = line / rows;
    const INDEX_T row = line - n * rows;
    INDEX_T c, kh, kw;
    row_tap(row, rows, (INDEX_T)C_, (INDEX_T)KW_, &c, &kh, &kw);
    __global DST_T *const line_out = out + out_off + (ulong)(n * (INDEX_T)out_sn + row * (INDEX_T)out_sr);
    __global const SRC_T *const plane = in + in_off + (ulong)(n * (INDEX_T)in_sn + c * (INDEX_T)in_sc);
    // iw = ow*SW + base lies in [0, W) for ow in [ob, oe): the same for every oh.
    const INDEX_T base = kw * (INDEX_T)DW_ - (INDEX_T)PW_;
    const INDEX_T ob = min(base >= 0 ? (INDEX_T)0 : (-base + SW - 1) / SW, L1);
    const INDEX_T oe = max(min(W - 1 - base >= 0 ? (W - 1 - base) / SW + 1 : (INDEX_T)0, L1), ob);
    const bool unit = SW == 1 && isw == 1 && osl == 1;
    for (INDEX_T oh = oh0; oh < oh1; ++oh) {
        const INDEX_T ih = oh * SH - (INDEX_T)PH_ + kh * (INDEX_T)DH_;
        __global DST_T *dst = line_out + (ulong)(oh * L1 * osl);
        if (ih < 0 || ih >= H) {
            for (INDEX_T ow = 0; ow < L1; ++ow) ZERO(dst, ow * osl);
            continue;
        }
        __global const SRC_T *src = plane + (ulong)(ih * ish);
        for (INDEX_T ow = 0; ow < ob; ++ow) ZERO(dst, ow * osl);
        if (unit) {
            __global const SRC_T *s = src + base;
            INDEX_T ow = ob;
#if VEC_COPY
            for (; ow + 8 <= oe; ow += 8) {
                vstore4(vload4(0, s + ow), 0, dst + ow);
                vstore4(vload4(1, s + ow), 1, dst + ow);
            }
#endif
            for (; ow < oe; ++ow) MOVE(dst, ow, s, ow);
        } else {
            for (INDEX_T ow = ob; ow < oe; ++ow) MOVE(dst, ow * osl, src, (ow * SW + base) * isw);
        }
        for (INDEX_T ow = oe; ow < L1; ++ow) ZERO(dst, ow * osl);
    }
}
