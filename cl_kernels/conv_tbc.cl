// ConvTbc's non-GEMM part: out starts as bias broadcast over its rows (the GEMMs then add every tap;
// host/ops/conv_tbc.cpp), and is all of out when self is empty (CANN's empty rule).
//
// Needs slots IN (bias) and OUT (out, viewed as a row-major (rows, channels) matrix) and INDEX_T.
//
// bias_rows, NDRange (channels, rows): work-item (c, r) writes dst[r * channels + c] = bias[c], rounded
// once to OUT's dtype. Neighbouring work-items write neighbouring elements of a row, with no division
// (a 1-D grid's g % channels kept PoCL from vectorising it: 0.82 ms for 1 Mi elements, 5 GB/s).
// bias_planes, NDRange (inner, planes): the same for an (outer, channels, inner) out, Convolution's
// (N, C_out, spatial): work-item (l, p) writes dst[p * inner + l] = bias[p % channels], the division once
// per plane row of work-items.
// bias_planes_walk, NDRange (planes), CPU devices: work-item p writes all of plane p, in vectors of 8 and then
// one by one (the host keeps a plane within the walk bound). bias_planes there, one element a work-item, took
// 2.9 ms on PoCL and 0.6-1.0 ms on Intel's runtime for 512 planes of 3248 (8 x 64 x 56 x 58 fp32).
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: IN:float32 OUT:float32 INDEX:int
// build-check: IN:float16 OUT:float16 INDEX:long
// build-check: IN:bfloat16 OUT:bfloat16 INDEX:int

__kernel void bias_rows(__global const IN_T *bias, ulong bias_off, __global OUT_T *dst, ulong dst_off, INDEX_T rows,
                        INDEX_T channels) {
    const INDEX_T c = (INDEX_T)get_global_id(0), r = (INDEX_T)get_global_id(1);
    if (c >= channels || r >= rows) return;
    bias += bias_off;
    dst += dst_off;
    OUT_STORE(dst, r * channels + c, IN_LOAD(bias, c));
}

__kernel void bias_planes(__global const IN_T *bias, ulong bias_off, __global OUT_T *dst, ulong dst_off,
                          INDEX_T planes, INDEX_T channels, INDEX_T inner) {
    const INDEX_T l = (INDEX_T)get_global_id(0), p = (INDEX_T)get_global_id(1);
    if (l >= inner || p >= planes) return;
    bias += bias_off;
    dst += dst_off;
    OUT_STORE(dst, p * inner + l, IN_LOAD(bias, p % channels));
}

__kernel void bias_planes_walk(__global const IN_T *bias, ulong bias_off, __global OUT_T *dst, ulong dst_off,
                               INDEX_T planes, INDEX_T channels, INDEX_T inner) {
    const INDEX_T p = (INDEX_T)get_global_id(0);
    if (p >= planes) return;
    const IN_VAL_T value = IN_LOAD(bias + bias_off, p % channels);
    __global OUT_T *to = dst + dst_off + p * inner;
    INDEX_T l = 0;
    for (; l + 8 <= inner; l += 8) OUT_VSTORE8(to, l, (float8)(value));
    for (; l < inner; ++l) OUT_STORE(to, l, value);
}
