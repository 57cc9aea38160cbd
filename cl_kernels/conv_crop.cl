// Convolution's shifted taps (host/ops/convolution.cpp): the products' uncropped output cropped into the
// output with the bias added on the way, in one pass (instead of the bias written into the uncropped buffer
// first and the products adding onto it).
//
// bias_crop, NDRange (planes): work-item p writes plane p,
//   dst[(p * height + h) * width + w] = src[p * src_plane + h * src_row + w] + bias[p % channels],
// the sum in fp32, rounded once to OUT's dtype; each row in vectors of 8, then one by one. The sizes come as
// long and are indexed in INDEX_T. A work-item a plane (the host keeps it within the walk bound): one element
// a work-item, neighbouring work-items on neighbouring elements, took 1.7 ms (Intel's runtime) and 2.7 ms
// (PoCL) for 8 x 64 x 56 x 56, and a work-item a row, one a group on Intel's runtime, 0.97 ms there.
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: IN:float32 B:float32 OUT:float32<float32 INDEX:int
// build-check: IN:float16 B:bfloat16 OUT:float16<float32 INDEX:long

__kernel void bias_crop(__global const IN_T *src, ulong src_off, __global const B_T *bias, ulong bias_off,
                        __global OUT_T *dst, ulong dst_off, long width_, long height_, long planes_, long channels_,
                        long src_row_, long src_plane_) {
    const INDEX_T width = (INDEX_T)width_, height = (INDEX_T)height_, planes = (INDEX_T)planes_,
                  channels = (INDEX_T)channels_, src_row = (INDEX_T)src_row_, src_plane = (INDEX_T)src_plane_;
    const INDEX_T p = (INDEX_T)get_global_id(0);
    if (p >= planes) return;
    const float b = (float)B_LOAD(bias + bias_off, p % channels);
    __global const IN_T *from = src + src_off + p * src_plane;
    __global OUT_T *to = dst + dst_off + p * height * width;
    for (INDEX_T h = 0; h < height; ++h, from += src_row, to += width) {
        INDEX_T w = 0;
        for (; w + 8 <= width; w += 8) OUT_VSTORE8(to, w, IN_VLOAD8(from, w) + b);
        for (; w < width; ++w) OUT_STORE(to, w, (float)IN_LOAD(from, w) + b);
    }
}
