// ConvTbcBackward's non-GEMM part: gradBias as column sums of self viewed as a row-major
// (T_out*B, C_out) matrix. (gradInput and gradWeight are GEMMs: host/blas; packing and dtype
// conversions are copy_cast.cl's.)
//
// Needs slots IN (the matrix) and OUT (the sums), ACC_T and INDEX_T.
//
// column_sums: work-item g = chunk * channels + c writes
//     dst[g] = sum of src[r * channels + c] for r in [chunk * chunk_rows, min(rows, (chunk + 1) * chunk_rows))
// adding the rows in ascending order, and rounds once on store. With one chunk that is the whole column
// sum; with several, a second launch (rows = chunks, one chunk) adds the partial sums in chunk order.
// The chunking depends only on the shape, so the result is the same on every run and device.
// Neighbouring work-items read neighbouring elements of a row.
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: IN:float32 OUT:float32 ACC:float32 INDEX:int
// build-check: IN:float16 OUT:float32 ACC:float32 INDEX:long
// build-check: IN:float32 OUT:bfloat16 ACC:float32 INDEX:int

__kernel void column_sums(__global const IN_T *src, ulong src_off, __global OUT_T *dst, ulong dst_off, INDEX_T rows,
                          INDEX_T channels, INDEX_T chunk_rows, INDEX_T chunks) {
    size_t gid = get_global_id(0);
    if (gid >= (size_t)chunks * (size_t)channels) return;
    src += src_off;
    dst += dst_off;
    INDEX_T g = (INDEX_T)gid;
    INDEX_T chunk = g / channels;
    INDEX_T c = g - chunk * channels;
    INDEX_T first = chunk * chunk_rows;
    INDEX_T last = min(rows, first + chunk_rows);
    ACC_T acc = 0;
    ORDERED_LOOP for (INDEX_T r = first; r < last; ++r) acc += IN_LOAD(src, r * channels + c);
    OUT_STORE(dst, g, acc);
}
