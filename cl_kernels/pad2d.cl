// 2-D reflection, replication and constant padding (forward), as a gather: each out element is
// written by exactly one work-item, which copies the one self element the padding maps it to, or
// (constant) the fill value. A copy of the element's bytes, so every dtype is bit-exact (NaN payloads,
// signed zeros, complex parts kept).
//
// Per axis (input size S, pad p before, output index o, i = o - p; a negative p crops):
//   reflection:  i < 0 -> -i;  i >= S -> 2(S-1) - i   (valid pads keep it in [0, S))
//   replication: clamp(i, 0, S-1)
// Both then clamp to [0, S): a no-op for every call the host accepts, and a guarantee that no
// index leaves self.
//   constant:    i outside [0, S) on either axis -> the fill value (self is not read there)
//
// Self and out are addressed through their own strides (any view, any storage offset: nothing is
// packed or staged). Two kernels, the host picks by device type:
//   pad2d_fwd_stream (GPUs, and rows too long for one work-item), the row-streaming pattern
//     (cl_kernels/common.cl): NDRange (column chunks, OH, planes = N*C), ROW_ELEMS out elements of
//     one row per work-item at columns chunk + j * chunks, all loaded before any is stored.
//   pad2d_fwd_rows (CPUs), NDRange (OH, planes): one work-item per out row. The source row is found
//     once; the interior columns [max(left, 0), min(OW, W + left)) are a shifted copy (a unit-stride
//     loop when both rows are unit-stride, which the compiler vectorises), the edge columns take the
//     index map one element at a time.
//
// Macros the host defines (host/ops/pad2d_gather.cpp):
//   MODE_REFLECT   1 for reflection, 0 for replication or constant
//   MODE_CONSTANT  1 for constant (the fill_ argument; the other modes pass it and never use it)
//   ELEM_RAW_T     the unsigned type of one element's bytes (raw slot ELEM: uchar, ushort, uint, ulong,
//                  or ulong2 for 16 bytes); one program per element size, whatever the dtype
//   INDEX_T        int when every extent and element offset fits in 31 bits, long otherwise
//   VEC_COPY       1 where the compiler packs work-items into SIMD lanes (Device::packsWorkItems: Intel's
//                  runtime, which runs pad2d_fwd_rows one work-item per group) and elements are at most 8
//                  bytes: the interior copy of unit-stride rows moves 8 elements per step, as two
//                  vload4/vstore4 (at most 32 bytes each: a 64-byte vector passing through a builtin's
//                  call changes the x86-64 ABI without AVX-512, -Wpsabi), since such a compiler leaves a
//                  loop inside one work-item scalar; 0 elsewhere (PoCL vectorises the plain loop itself)
//   ROW_ELEMS      pad2d_fwd_stream's elements per work-item (host/kernels/row_stream.h); programs
//                  without it have no pad2d_fwd_stream
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, slot:rawN, INDEX:int|long, NAME=value):
// build-check: MODE_REFLECT=1 MODE_CONSTANT=0 ELEM:raw4 INDEX:int VEC_COPY=1
// build-check: MODE_REFLECT=0 MODE_CONSTANT=0 ELEM:raw16 INDEX:long VEC_COPY=0
// build-check: MODE_REFLECT=1 MODE_CONSTANT=0 ELEM:raw2 INDEX:int VEC_COPY=0
// build-check: MODE_REFLECT=0 MODE_CONSTANT=0 ELEM:raw8 INDEX:int VEC_COPY=1
// build-check: MODE_REFLECT=1 MODE_CONSTANT=0 ELEM:raw4 INDEX:int VEC_COPY=0 ROW_ELEMS=4
// build-check: MODE_REFLECT=0 MODE_CONSTANT=0 ELEM:raw16 INDEX:long VEC_COPY=0 ROW_ELEMS=8
// build-check: MODE_REFLECT=1 MODE_CONSTANT=0 ELEM:raw1 INDEX:int VEC_COPY=0 ROW_ELEMS=1
// build-check: MODE_REFLECT=0 MODE_CONSTANT=1 ELEM:raw4 INDEX:int VEC_COPY=1
// build-check: MODE_REFLECT=0 MODE_CONSTANT=1 ELEM:raw16 INDEX:long VEC_COPY=0
// build-check: MODE_REFLECT=0 MODE_CONSTANT=1 ELEM:raw1 INDEX:int VEC_COPY=0 ROW_ELEMS=4
// build-check: MODE_REFLECT=0 MODE_CONSTANT=1 ELEM:raw16 INDEX:int VEC_COPY=0 ROW_ELEMS=2

inline INDEX_T pad_source(INDEX_T o, INDEX_T pad, INDEX_T size) {
    INDEX_T i = o - pad;
#if MODE_REFLECT
    // OpenCL's abs(), not a negating select: LLVM folds the select into llvm.abs, which Oclgrind's
    // interpreter does not implement (the kernel would not be created there).
    i = (INDEX_T)abs(i);
    i = i >= size ? 2 * (size - 1) - i : i;
#endif
    return max(min(i, size - 1), (INDEX_T)0);
}

// Constant mode: whether out index o maps inside self (i = o - pad in [0, size)).
inline bool pad_inside(INDEX_T o, INDEX_T pad, INDEX_T size) {
    const INDEX_T i = o - pad;
    return i >= 0 && i < size;
}

#ifdef ROW_ELEMS
__kernel void pad2d_fwd_stream(__global const ELEM_RAW_T *in, ulong in_off, __global ELEM_RAW_T *out, ulong out_off,
                               long H_, long W_, long OH_, long OW_, long top_, long left_, long C_, long planes_,
                               long in_sn, long in_sc, long in_sh, long in_sw, long out_sn, long out_sc, long out_sh,
                               long out_sw, ELEM_RAW_T fill_, long chunks_) {
    ROW_STREAM_IDS(chunk, oh, plane);
    const INDEX_T chunks = (INDEX_T)chunks_, OW = (INDEX_T)OW_, W = (INDEX_T)W_, left = (INDEX_T)left_;
    if (chunk >= chunks || oh >= (INDEX_T)OH_ || plane >= (INDEX_T)planes_) return;
    const INDEX_T n = plane / (INDEX_T)C_;
    const INDEX_T c = plane - n * (INDEX_T)C_;
    const INDEX_T ih = pad_source(oh, (INDEX_T)top_, (INDEX_T)H_);
    const INDEX_T isw = (INDEX_T)in_sw, osw = (INDEX_T)out_sw;
    __global const ELEM_RAW_T *src =
        in + in_off + (ulong)(n * (INDEX_T)in_sn + c * (INDEX_T)in_sc + ih * (INDEX_T)in_sh);
    __global ELEM_RAW_T *dst =
        out + out_off + (ulong)(n * (INDEX_T)out_sn + c * (INDEX_T)out_sc + oh * (INDEX_T)out_sh);
#if MODE_CONSTANT
    const bool rowInside = pad_inside(oh, (INDEX_T)top_, (INDEX_T)H_);
#endif
    ELEM_RAW_T v[ROW_ELEMS];
    ROW_STREAM_EACH(j) {
        const INDEX_T ow = ROW_STREAM_COLUMN(chunk, chunks, j);
#if MODE_CONSTANT
        if (ow < OW) v[j] = rowInside && pad_inside(ow, left, W) ? src[(ow - left) * isw] : fill_;
#else
        if (ow < OW) v[j] = src[pad_source(ow, left, W) * isw];
#endif
    }
    ROW_STREAM_EACH(j) {
        const INDEX_T ow = ROW_STREAM_COLUMN(chunk, chunks, j);
        if (ow < OW) dst[ow * osw] = v[j];
    }
}
#endif

// One out row of pad2d_fwd_rows.
inline void pad2d_fwd_row(__global const ELEM_RAW_T *in, ulong in_off, __global ELEM_RAW_T *out, ulong out_off,
                          long H_, long W_, long OW_, long top_, long left_, long C_, long in_sn, long in_sc,
                          long in_sh, long in_sw, long out_sn, long out_sc, long out_sh, long out_sw,
                          ELEM_RAW_T fill_, INDEX_T oh, INDEX_T plane) {
    const INDEX_T W = (INDEX_T)W_, OW = (INDEX_T)OW_, left = (INDEX_T)left_;
    const INDEX_T isw = (INDEX_T)in_sw, osw = (INDEX_T)out_sw;
    const INDEX_T n = plane / (INDEX_T)C_;
    const INDEX_T c = plane - n * (INDEX_T)C_;
    const INDEX_T ih = pad_source(oh, (INDEX_T)top_, (INDEX_T)H_);
    __global const ELEM_RAW_T *src =
        in + in_off + (ulong)(n * (INDEX_T)in_sn + c * (INDEX_T)in_sc + ih * (INDEX_T)in_sh);
    __global ELEM_RAW_T *dst =
        out + out_off + (ulong)(n * (INDEX_T)out_sn + c * (INDEX_T)out_sc + oh * (INDEX_T)out_sh);
#if MODE_CONSTANT
    if (!pad_inside(oh, (INDEX_T)top_, (INDEX_T)H_)) {  // a row of the fill value
        if (osw == 1) {
            for (INDEX_T ow = 0; ow < OW; ++ow) dst[ow] = fill_;
        } else {
            for (INDEX_T ow = 0; ow < OW; ++ow) dst[ow * osw] = fill_;
        }
        return;
    }
#endif
    // Interior: iw = ow - left lies in [0, W).
    const INDEX_T ib = min(max(left, (INDEX_T)0), OW);
    const INDEX_T ie = max(min(OW, W + left), ib);
    if (isw == 1 && osw == 1) {
        __global const ELEM_RAW_T *s = src - left;
        INDEX_T ow = ib;
#if VEC_COPY
        for (; ow + 8 <= ie; ow += 8) {
            vstore4(vload4(0, s + ow), 0, dst + ow);
            vstore4(vload4(1, s + ow), 1, dst + ow);
        }
#endif
        for (; ow < ie; ++ow) dst[ow] = s[ow];
    } else {
        for (INDEX_T ow = ib; ow < ie; ++ow) dst[ow * osw] = src[(ow - left) * isw];
    }
#if MODE_CONSTANT
    for (INDEX_T ow = 0; ow < ib; ++ow) dst[ow * osw] = fill_;
    for (INDEX_T ow = ie; ow < OW; ++ow) dst[ow * osw] = fill_;
#else
    for (INDEX_T ow = 0; ow < ib; ++ow) dst[ow * osw] = src[pad_source(ow, left, W) * isw];
    for (INDEX_T ow = ie; ow < OW; ++ow) dst[ow * osw] = src[pad_source(ow, left, W) * isw];
#endif
}

__kernel void pad2d_fwd_rows(__global const ELEM_RAW_T *in, ulong in_off, __global ELEM_RAW_T *out, ulong out_off,
                             long H_, long W_, long OH_, long OW_, long top_, long left_, long C_, long planes_,
                             long in_sn, long in_sc, long in_sh, long in_sw, long out_sn, long out_sc, long out_sh,
                             long out_sw, ELEM_RAW_T fill_, long rows_) {
    const INDEX_T first = (INDEX_T)get_global_id(0) * (INDEX_T)rows_;
    const INDEX_T plane = (INDEX_T)get_global_id(1);
    if (first >= (INDEX_T)OH_ || plane >= (INDEX_T)planes_) return;
    const INDEX_T last = min(first + (INDEX_T)rows_, (INDEX_T)OH_);
    for (INDEX_T oh = first; oh < last; ++oh) pad2d_fwd_row(in, in_off, out, out_off, H_, W_, OW_, top_, left_, C_,
                                                           in_sn, in_sc, in_sh, in_sw, out_sn, out_sc, out_sh,
                                                           out_sw, fill_, oh, plane);
}
