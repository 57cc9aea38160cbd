// Strided copy with a dtype conversion: dst[view] = (OUT)src[view] over a view of rank <= 8.
// Needs slots IN (source) and OUT (destination, its stores rounding from IN's dtype), INDEX_T, and
// COPY_FLAT: 1 when the view is one dim (the host merged it: host/kernels/copy_cast.cpp), whose element
// offsets are the work-item's index times the strides. shape/src_stride/dst_stride are padded to 8 entries
// with size 1 / stride 0 in the leading places; the walk stops at the first leading dim it no longer needs.
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: IN:float32 OUT:float16<float32 INDEX:int COPY_FLAT=1
// build-check: IN:bfloat16 OUT:float32<bfloat16 INDEX:long COPY_FLAT=0
// build-check: IN:float64 OUT:bfloat16<float64 INDEX:int COPY_FLAT=0
// build-check: IN:int64 OUT:bfloat16<int64 INDEX:long COPY_FLAT=1
// build-check: IN:float32 OUT:complex64<float32 INDEX:int COPY_FLAT=0

__kernel void copy_cast(__global const IN_T *src, ulong src_off, __global OUT_T *dst, ulong dst_off, long8 shape,
                        long8 src_stride, long8 dst_stride, ulong total) {
    ulong gid = get_global_id(0);
    if (gid >= total) return;
    src += src_off;
    dst += dst_off;
#if COPY_FLAT
    OUT_STORE(dst, (INDEX_T)gid * (INDEX_T)dst_stride.s7, IN_LOAD(src, (INDEX_T)gid * (INDEX_T)src_stride.s7));
#else
    INDEX_T rest = (INDEX_T)gid;
    INDEX_T s = 0, d = 0;
    const long sh[8] = {shape.s0, shape.s1, shape.s2, shape.s3, shape.s4, shape.s5, shape.s6, shape.s7};
    const long ss[8] = {src_stride.s0, src_stride.s1, src_stride.s2, src_stride.s3,
                        src_stride.s4, src_stride.s5, src_stride.s6, src_stride.s7};
    const long ds[8] = {dst_stride.s0, dst_stride.s1, dst_stride.s2, dst_stride.s3,
                        dst_stride.s4, dst_stride.s5, dst_stride.s6, dst_stride.s7};
    for (int k = 7; k >= 0 && rest > 0; --k) {
        INDEX_T ext = (INDEX_T)sh[k];
        INDEX_T c = rest % ext;
        rest /= ext;
        s += c * (INDEX_T)ss[k];
        d += c * (INDEX_T)ds[k];
    }
    OUT_STORE(dst, d, IN_LOAD(src, s));
#endif
}
