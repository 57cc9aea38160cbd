// The gradient of im2col (col2im, PyTorch fold), as a gather: one work-item per output pixel
// (n, c, h, w) sums every gradOutput element whose column lands on it and stores the sum once
// (overwriting the output). The taps are visited in ascending (ki, kj) order, so the summation
// order is fixed: results are bit-identical run to run. No atomics.
//
// Tap (ki, kj) covers pixel (h, w) when
//     h + PH - ki*DH = oh*SH  with 0 <= oh < L0,   and   w + PW - kj*DW = ow*SW  with 0 <= ow < L1;
// its element is gradOutput[n][c*KH*KW + ki*KW + kj][oh*L1 + ow].
//
// Tensors are addressed through strides, with (n, c) collapsed into one index nc = n*C + c (the host
// packs a tensor whose n and c dimensions cannot be collapsed):
//   gradOutput element (nc, tap t, column l)  at  nc*gsNC + t*gsT + l*GSL
//   out element (nc, h, w)                    at  nc*osNC + h*osH + w*OSW
//
// Kernels (NDRange (w, h, nc) for both: W and H rounded up to the local size, N*C exact):
//   im2col_backward_unrolled  KH, KW, SH, SW, DH, DW are compile-time constants and the taps are
//       unrolled: the rows' conditions are uniform across a work-group row and the columns' are
//       lane masks, so a CPU OpenCL (PoCL, llvmpipe) vectorises across w with plain (masked) loads
//       when GSL is 1.
//   im2col_backward_generic   the geometry is passed at run time (large kernels, where unrolling
//       would not pay); each work-item walks only the taps that cover it: per axis the first valid
//       tap and the step between valid taps are computed arithmetically (see tap_range).
//
// Macros the host defines (host/ops/im2col_backward.cpp):
//   IN_T, IN_LOAD               gradOutput slot (cl_kernels/common.cl)
//   OUT_T, OUT_STORE            out slot; OUT_STORE rounds an ACC_T sum once
//   ACC_T                       float, or double when gradOutput or out is DOUBLE
//   INDEX_T                     int when every offset fits in 31 bits, long otherwise
//   GSL_UNIT, OSW_UNIT          1 when gradOutput's column stride / out's W stride is 1: GSL / OSW are
//                               then the constant 1 (the compiler sees consecutive accesses), else
//                               the kernel argument
//   UNROLLED                    1 for the unrolled kernel, with KH KW SH SW DH DW
//   UNROLLED                    0 for the generic kernel
//
// 64-bit sign tests: Mesa llvmpipe (LLVM 15) miscompiles comparisons of a 64-bit signed value with a
// constant (x < 0 comes out false for negative x); the column arithmetic is unsigned and the
// generic kernel clamps with max() instead.
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: IN:float32 OUT:float32<float32 ACC:float32 INDEX:int GSL_UNIT=1 OSW_UNIT=1 UNROLLED=1 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1
// build-check: IN:float16 OUT:float16<float32 ACC:float32 INDEX:long GSL_UNIT=0 OSW_UNIT=0 UNROLLED=0
// build-check: IN:bfloat16 OUT:float64<float64 ACC:float64 INDEX:int GSL_UNIT=1 OSW_UNIT=0 UNROLLED=1 KH=2 KW=2 SH=2 SW=2 DH=1 DW=1

#if GSL_UNIT
#define GSL 1
#else
#define GSL gsL
#endif
#if OSW_UNIT
#define OSW 1
#else
#define OSW osW
#endif

#if UNROLLED

__kernel void im2col_backward_unrolled(__global const IN_T *grad, ulong grad_off, __global OUT_T *out,
                                       ulong out_off, int H, int W, int L0, int L1, int PH, int PW, long gsNC,
                                       long gsT, long gsL, long osNC, long osH, long osW) {
    // The lane index stays in size_t arithmetic, up to the addresses (the column offsets are added to
    // the pointers, never cast to INDEX_T): a truncated id hides the consecutive accesses from PoCL's
    // vectoriser and from Intel's runtime, which then gathers (speed case 5.0 ms there, 2.1 without).
    const size_t w = get_global_id(0);
    const int h = (int)get_global_id(1);
    const INDEX_T nc = (INDEX_T)get_global_id(2);
    if (w >= (size_t)W || h >= H) return;
    __global const IN_T *g = grad + grad_off + nc * (INDEX_T)gsNC;
    ACC_T acc = 0;
#pragma unroll
    ORDERED_LOOP for (int ki = 0; ki < KH; ++ki) {
        const int hn = h + PH - ki * DH;  // oh * SH when the tap covers row h
        if (hn < 0 || hn % SH != 0 || hn / SH >= L0) continue;
        __global const IN_T *row = g + (INDEX_T)(ki * KW) * (INDEX_T)gsT + (INDEX_T)(hn / SH) * L1 * (INDEX_T)GSL;
#pragma unroll
        ORDERED_LOOP for (int kj = 0; kj < KW; ++kj) {
            // w + PW - kj*DW = ow * SW when the tap covers column w; unsigned, as every term is >= 0
            const size_t reach = w + (size_t)PW;
            if (reach < (size_t)(kj * DW)) continue;
            const size_t wn = reach - (size_t)(kj * DW);
            if (wn % SW != 0 || wn / SW >= (size_t)L1) continue;
            __global const IN_T *tap = row + (INDEX_T)kj * (INDEX_T)gsT;
            acc += IN_LOAD(tap + (wn / SW) * (size_t)GSL, 0);
        }
    }
    __global OUT_T *o = out + out_off + nc * (INDEX_T)osNC + (INDEX_T)h * (INDEX_T)osH;
    OUT_STORE(o + w * (size_t)OSW, 0, acc);
}

#else

// The taps k in [0, K) of one axis that cover coordinate x (x + P - k*D = o*S, 0 <= o < Lo), as an
// arithmetic sequence first, first + step, ... <= last. step = S / gcd(D, S); inv is the inverse of
// D / gcd modulo step (0 when step is 1); gcdDS = gcd(D, S). Returns false when no tap covers x.
inline bool tap_range(int x, int P, int K, int S, int D, int Lo, int step, int inv, int gcdDS, int *first,
                      int *last) {
    const long xp = (long)x + P;  // >= 0
    if (xp % gcdDS != 0) return false;
    // o >= 0  <=>  k <= xp / D;   o <= Lo - 1  <=>  k >= (xp - (Lo - 1) * S) / D, rounded up
    const long hiBound = xp / D;
    const long need = xp - (long)(Lo - 1) * S;
    const long lo = (max(need, 0L) + D - 1) / D;  // max(): see the note on 64-bit sign tests
    const long hi = min(hiBound, (long)K - 1);
    if (lo > hi) return false;
    // k*D = xp (mod S)  <=>  k = (xp / gcd) * inv (mod step)
    const long r = ((xp / gcdDS) % step) * inv % step;
    const long f = lo + (((r - lo) % step) + step) % step;
    if (f > hi) return false;
    *first = (int)f;
    *last = (int)hi;
    return true;
}

__kernel void im2col_backward_generic(__global const IN_T *grad, ulong grad_off, __global OUT_T *out,
                                      ulong out_off, int H, int W, int L0, int L1, int PH, int PW, long gsNC,
                                      long gsT, long gsL, long osNC, long osH, long osW, int KH, int KW, int SH,
                                      int SW, int DH, int DW, int stepH, int invH, int gcdH, int stepW, int invW,
                                      int gcdW) {
    const int w = (int)get_global_id(0);
    const int h = (int)get_global_id(1);
    const INDEX_T nc = (INDEX_T)get_global_id(2);
    if (w >= W || h >= H) return;
    __global const IN_T *g = grad + grad_off + nc * (INDEX_T)gsNC;
    ACC_T acc = 0;
    int kiFirst, kiLast, kjFirst, kjLast;
    if (tap_range(h, PH, KH, SH, DH, L0, stepH, invH, gcdH, &kiFirst, &kiLast) &&
        tap_range(w, PW, KW, SW, DW, L1, stepW, invW, gcdW, &kjFirst, &kjLast)) {
        ORDERED_LOOP for (int ki = kiFirst; ki <= kiLast; ki += stepH) {
            const int oh = (h + PH - ki * DH) / SH;
            __global const IN_T *row = g + (INDEX_T)ki * KW * (INDEX_T)gsT + (INDEX_T)oh * L1 * (INDEX_T)GSL;
            ORDERED_LOOP for (int kj = kjFirst; kj <= kjLast; kj += stepW) {
                const int ow = (w + PW - kj * DW) / SW;
                acc += IN_LOAD(row, (INDEX_T)kj * (INDEX_T)gsT + (INDEX_T)ow * (INDEX_T)GSL);
            }
        }
    }
    __global OUT_T *o = out + out_off + nc * (INDEX_T)osNC + (INDEX_T)h * (INDEX_T)osH;
    OUT_STORE(o, (INDEX_T)w * (INDEX_T)OSW, acc);
}

#endif
