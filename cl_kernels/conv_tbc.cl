// ConvTbc's non-GEMM part: out starts as bias broadcast over its rows (the GEMMs then add every tap;
// host/ops/conv_tbc.cpp), and is all of out when self is empty (CANN's empty rule).
//
// Needs slots IN (bias) and OUT (out, viewed as a row-major (rows, channels) matrix) and INDEX_T.
//
// bias_rows: work-item g < count = rows * channels writes dst[g] = bias[g % channels], rounded once to
// OUT's dtype. Neighbouring work-items write neighbouring elements.

__kernel void bias_rows(__global const IN_T *bias, ulong bias_off, __global OUT_T *dst, ulong dst_off, INDEX_T count,
                        INDEX_T channels) {
    size_t gid = get_global_id(0);
    if (gid >= (size_t)count) return;
    bias += bias_off;
    dst += dst_off;
    INDEX_T g = (INDEX_T)gid;
    OUT_STORE(dst, g, IN_LOAD(bias, g % channels));
}
