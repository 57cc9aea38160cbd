// A TF32 tensor-core GEMM with gemm.cl's interface: C (m x n) = alpha * op(A) * op(B) + beta * C
// (+ bias[col]), row-major, element offsets, 32-bit indices, the same kernel arguments in the same order
// and the same TRANS_A / TRANS_B / CONV_TAPS / BIAS defines as gemm_f32 (read gemm.cl's header for
// their meaning). For FLOAT products with cubeMathType USE_HF32: inputs rounded to TF32 (10-bit
// mantissa), products and sums in fp32 on the tensor cores (PTX mma.sync m16n8k8 .tf32, fp32
// accumulators). bench/gemm_probe times and checks it.
//
// Tiling (compile-time values from the host, or the defaults below):
//   MWG x NWG   the work-group's tile of C; KWG the depth of one step (a multiple of 8)
//   WM x WN     warps per work-group along m and along n; 32 * WM * WN work-items in one dimension
//               (launch: local size 32 * WM * WN, global (ceil(n / NWG) * 32 * WM * WN, ceil(m / MWG)))
//               Each warp (32 consecutive work-items, as NVIDIA groups them) computes a
//               (MWG / WM) x (NWG / WN) block of C as a grid of 16 x 8 mma tiles, (MWG / WM) / 16 by
//               (NWG / WN) / 8 of them, one m16n8k8 product per tile per 8 steps of k.
//
// A and B tiles go through local memory, already rounded to TF32 (each element converted once, as it
// is stored); two local buffers, the next tile loaded into registers while the current one is used,
// one barrier per step, as in gemm.cl. Edge tiles read zeros and write nothing outside C.
//
// Local layouts, chosen so that the stores follow the operand's storage order and the fragment loads
// (32 lanes: g = lane / 4 picks the row of A / column of B, t = lane % 4 the k) hit 32 distinct banks:
//   A not transposed (and CONV_TAPS): m-major, row pitch KWG + 4  -> lane address g * (KWG + 4) + t
//   A transposed:                     k-major, row pitch MWG + 8  -> lane address t * (MWG + 8) + g
//   B not transposed:                 k-major, row pitch NWG + 8  -> lane address t * (NWG + 8) + g
//   B transposed:                     n-major, row pitch KWG + 4  -> lane address g * (KWG + 4) + t
//
// Fragments (PTX ISA, mma.m16n8k8 with .tf32; verified on an H100 by bench/gemm_probe's mma check):
//   A 16 x 8 (row, k):  a0 = (g, t)  a1 = (g + 8, t)  a2 = (g, t + 4)  a3 = (g + 8, t + 4)
//   B 8 x 8 (k, col):   b0 = (t, g)  b1 = (t + 4, g)
//   D 16 x 8:           d0 = (g, 2t)  d1 = (g, 2t + 1)  d2 = (g + 8, 2t)  d3 = (g + 8, 2t + 1)
//
// Rounding to TF32: round to nearest, ties away from zero (PTX cvt.rna.tf32.f32, the one rounding
// cvt offers for .tf32 on sm_80; cuBLAS and CUTLASS also round to nearest rather than truncate, and
// truncation, which the mma does by itself with unconverted inputs, would bias every product towards
// zero). Without ACL_PTX_MMA, or with ACL_TF32_ROUND_IN_C, the same rounding in integer arithmetic.
//
// The mma: with ACL_PTX_MMA (the host defines it only after its compile-and-check probe passed on the
// device) the inline PTX; otherwise an emulation in OpenCL C for any device, slow, for validating the
// tiling, the fragment indexing, the edges, the taps and the epilogue: each warp writes its fragments
// into its own scratch area in local memory at the positions the layout above gives them, a barrier
// (every work-item reaches every mma, so it is uniform), each lane computes its four elements of D as
// one fma chain over k = 0..7 in order, a barrier. Products of TF32 values are exact in fp32, so each
// element of C is then one fp32 fma chain over k = 0, 1, ..., K-1 (and the zeros up to a multiple of
// KWG) of TF32-rounded inputs, whatever the tile parameters: a host model reproduces its bits. The
// hardware's order and rounding inside one k = 8 product are unspecified: compare its results with a
// tolerance.
//
// build-check: MWG=64 NWG=64 KWG=16 WM=2 WN=2 TRANS_A=0 TRANS_B=0 CONV_TAPS=0 BIAS=0
// build-check: MWG=128 NWG=128 KWG=16 WM=2 WN=4 TRANS_A=1 TRANS_B=1 CONV_TAPS=0 BIAS=1
// build-check: MWG=64 NWG=32 KWG=8 WM=4 WN=1 TRANS_A=0 TRANS_B=0 CONV_TAPS=3 BIAS=1

#ifndef MWG
#define MWG 128
#endif
#ifndef NWG
#define NWG 128
#endif
#ifndef KWG
#define KWG 16
#endif
#ifndef WM
#define WM 2
#endif
#ifndef WN
#define WN 4
#endif
#ifndef TRANS_A
#define TRANS_A 0
#endif
#ifndef TRANS_B
#define TRANS_B 0
#endif
#ifndef CONV_TAPS
#define CONV_TAPS 0
#endif
#ifndef BIAS
#define BIAS 0
#endif

#define TC_WARPS (WM * WN)
#define TC_THREADS (32 * TC_WARPS)
#define TC_WTM (MWG / WM)  // a warp's block of C
#define TC_WTN (NWG / WN)
#define TC_MT (TC_WTM / 16)  // its mma tiles
#define TC_NT (TC_WTN / 8)
#define TC_A_PER_WI ((MWG * KWG) / TC_THREADS)
#define TC_B_PER_WI ((NWG * KWG) / TC_THREADS)

#if (MWG % (16 * WM)) || (NWG % (8 * WN)) || (KWG % 8) || ((MWG * KWG) % TC_THREADS) || ((NWG * KWG) % TC_THREADS)
#error "gemm_tc.cl: MWG must be a multiple of 16 * WM, NWG of 8 * WN, KWG of 8, each tile of the work-group size"
#endif

// Local tile layouts (see the header): TC_A_AT(row, k) and TC_B_AT(k, col) index one buffer.
#if TRANS_A && !CONV_TAPS
#define TC_LDA (MWG + 8)
#define TC_A_AT(r, kk) ((kk) * TC_LDA + (r))
#define TC_A_FLOATS (KWG * TC_LDA)
#else
#define TC_LDA (KWG + 4)
#define TC_A_AT(r, kk) ((r) * TC_LDA + (kk))
#define TC_A_FLOATS (MWG * TC_LDA)
#endif
#if TRANS_B
#define TC_LDB (KWG + 4)
#define TC_B_AT(kk, col) ((col) * TC_LDB + (kk))
#define TC_B_FLOATS (NWG * TC_LDB)
#else
#define TC_LDB (NWG + 8)
#define TC_B_AT(kk, col) ((kk) * TC_LDB + (col))
#define TC_B_FLOATS (KWG * TC_LDB)
#endif

// Which element of a tile the i-th load of work-item lid is, so that neighbouring work-items read
// neighbouring addresses of the operand as it is stored (gemm.cl's order).
#if TRANS_A && !CONV_TAPS
#define TC_A_ROW(e) ((e) % MWG)
#define TC_A_K(e) ((e) / MWG)
#else
#define TC_A_ROW(e) ((e) / KWG)
#define TC_A_K(e) ((e) % KWG)
#endif
#if TRANS_B
#define TC_B_COL(e) ((e) / KWG)
#define TC_B_K(e) ((e) % KWG)
#else
#define TC_B_COL(e) ((e) % NWG)
#define TC_B_K(e) ((e) / NWG)
#endif

// Element (row r, column kk) of op(A), 0 outside the matrix (or outside the sequence for CONV_TAPS).
inline float tc_load_a(__global const float *a, uint lda, uint m, uint k, uint r, uint kk, uint cin, uint batch,
                       uint pad) {
    if (r >= m || kk >= k) return 0.0f;
    (void)cin;
    (void)batch;
    (void)pad;
#if CONV_TAPS
    const uint tap = kk / cin, c = kk - tap * cin;
    const int src = (int)r + ((int)tap - (int)pad) * (int)batch;
    return (src >= 0 && src < (int)m + ((int)CONV_TAPS - 1 - 2 * (int)pad) * (int)batch) ? a[(uint)src * lda + c] : 0.0f;
#elif TRANS_A
    return a[kk * lda + r];
#else
    return a[r * lda + kk];
#endif
}

inline float tc_load_b(__global const float *b, uint ldb, uint n, uint k, uint kk, uint col) {
    if (col >= n || kk >= k) return 0.0f;
#if TRANS_B
    return b[col * ldb + kk];
#else
    return b[kk * ldb + col];
#endif
}

// x rounded to TF32 (10 mantissa bits, low 13 bits zero), to nearest with ties away from zero; infinities
// and NaNs as they are. Overflow past the largest TF32 value gives infinity, as cvt.rna does.
inline float tc_to_tf32(float x) {
#if defined(ACL_PTX_MMA) && !defined(ACL_TF32_ROUND_IN_C)
    uint u;
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(u) : "f"(x));
    return as_float(u);
#else
    const uint u = as_uint(x);
    if ((u & 0x7f800000u) == 0x7f800000u) return x;
    return as_float((u + 0x1000u) & 0xffffe000u);
#endif
}

#ifdef ACL_PTX_MMA
// d (float[4]) += A (a: uint[4]) * B (b: uint[2]), in exactly the spelling bench/gemm_probe checked.
#define TC_MMA(d, a, b)                                                                                      \
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, " \
                 "{%0,%1,%2,%3};"                                                                            \
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])                                            \
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]))
#else
// The emulation (see the header). scratch: this warp's 16 * 8 + 8 * 8 floats. Inputs keep their upper 19
// bits, as the hardware reads .tf32 operands.
inline void tc_mma_emulated(__local float *scratch, uint lane, float *d, const uint *a, const uint *b) {
    const uint g = lane >> 2, t = lane & 3;
    __local float *sa = scratch;        // 16 x 8, row-major
    __local float *sb = scratch + 128;  // 8 x 8 (k x col), row-major
    sa[g * 8 + t] = as_float(a[0] & 0xffffe000u);
    sa[(g + 8) * 8 + t] = as_float(a[1] & 0xffffe000u);
    sa[g * 8 + t + 4] = as_float(a[2] & 0xffffe000u);
    sa[(g + 8) * 8 + t + 4] = as_float(a[3] & 0xffffe000u);
    sb[t * 8 + g] = as_float(b[0] & 0xffffe000u);
    sb[(t + 4) * 8 + g] = as_float(b[1] & 0xffffe000u);
    barrier(CLK_LOCAL_MEM_FENCE);
    float d0 = d[0], d1 = d[1], d2 = d[2], d3 = d[3];
    ORDERED_LOOP
    for (uint kk = 0; kk < 8; ++kk) {
        const float b0 = sb[kk * 8 + 2 * t], b1 = sb[kk * 8 + 2 * t + 1];
        const float a0 = sa[g * 8 + kk], a1 = sa[(g + 8) * 8 + kk];
        d0 = fma(a0, b0, d0);
        d1 = fma(a0, b1, d1);
        d2 = fma(a1, b0, d2);
        d3 = fma(a1, b1, d3);
    }
    d[0] = d0;
    d[1] = d1;
    d[2] = d2;
    d[3] = d3;
    barrier(CLK_LOCAL_MEM_FENCE);
}
#define TC_MMA(d, a, b) tc_mma_emulated(mma_scratch + warp * 192, lane, d, a, b)
#endif

__kernel __attribute__((reqd_work_group_size(TC_THREADS, 1, 1))) void gemm_tf32(
    uint m, uint n, uint k, float alpha, __global const float *a, ulong a_off, uint lda, __global const float *b,
    ulong b_off, uint ldb, float beta, __global float *c, ulong c_off, uint ldc, __global const float *bias,
    ulong bias_off, uint cin, uint batch, uint pad) {
    __local float a_tile[2][TC_A_FLOATS];
    __local float b_tile[2][TC_B_FLOATS];
#ifndef ACL_PTX_MMA
    __local float mma_scratch[TC_WARPS * 192];
#endif
    a += a_off;
    b += b_off;
    c += c_off;
    (void)bias;
    (void)bias_off;
    const uint lid = get_local_id(0);
    const uint warp = lid >> 5, lane = lid & 31, g = lane >> 2, t = lane & 3;
    const uint wm = warp / WN, wn = warp % WN;
    const uint row0 = get_group_id(1) * MWG, col0 = get_group_id(0) * NWG;

    float acc[TC_MT][TC_NT][4];
#pragma unroll
    for (int i = 0; i < TC_MT; ++i)
#pragma unroll
        for (int j = 0; j < TC_NT; ++j)
#pragma unroll
            for (int q = 0; q < 4; ++q) acc[i][j][q] = 0.0f;

    float a_next[TC_A_PER_WI], b_next[TC_B_PER_WI];
    // Step 0 straight into buffer 0.
#pragma unroll
    for (int i = 0; i < TC_A_PER_WI; ++i) {
        const uint e = lid + i * TC_THREADS;
        a_tile[0][TC_A_AT(TC_A_ROW(e), TC_A_K(e))] =
            tc_to_tf32(tc_load_a(a, lda, m, k, row0 + TC_A_ROW(e), TC_A_K(e), cin, batch, pad));
    }
#pragma unroll
    for (int i = 0; i < TC_B_PER_WI; ++i) {
        const uint e = lid + i * TC_THREADS;
        b_tile[0][TC_B_AT(TC_B_K(e), TC_B_COL(e))] =
            tc_to_tf32(tc_load_b(b, ldb, n, k, TC_B_K(e), col0 + TC_B_COL(e)));
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // This lane's rows of A and columns of B within the tile, for fragment row / column g.
    const uint arow = wm * TC_WTM + g, bcol = wn * TC_WTN + g;
    const uint steps = (k + KWG - 1) / KWG;
    for (uint s = 0; s < steps; ++s) {
        const uint buf = s & 1;
        const bool more = s + 1 < steps;
        if (more) {
            const uint k0 = (s + 1) * KWG;
#pragma unroll
            for (int i = 0; i < TC_A_PER_WI; ++i) {
                const uint e = lid + i * TC_THREADS;
                a_next[i] = tc_load_a(a, lda, m, k, row0 + TC_A_ROW(e), k0 + TC_A_K(e), cin, batch, pad);
            }
#pragma unroll
            for (int i = 0; i < TC_B_PER_WI; ++i) {
                const uint e = lid + i * TC_THREADS;
                b_next[i] = tc_load_b(b, ldb, n, k, k0 + TC_B_K(e), col0 + TC_B_COL(e));
            }
        }
        __local const float *at = a_tile[buf];
        __local const float *bt = b_tile[buf];
#pragma unroll
        for (int kb = 0; kb < KWG; kb += 8) {
            const uint kk = kb + t;
            uint af[TC_MT][4], bf[TC_NT][2];
#pragma unroll
            for (int i = 0; i < TC_MT; ++i) {
                const uint r = arow + i * 16;
                af[i][0] = as_uint(at[TC_A_AT(r, kk)]);
                af[i][1] = as_uint(at[TC_A_AT(r + 8, kk)]);
                af[i][2] = as_uint(at[TC_A_AT(r, kk + 4)]);
                af[i][3] = as_uint(at[TC_A_AT(r + 8, kk + 4)]);
            }
#pragma unroll
            for (int j = 0; j < TC_NT; ++j) {
                const uint col = bcol + j * 8;
                bf[j][0] = as_uint(bt[TC_B_AT(kk, col)]);
                bf[j][1] = as_uint(bt[TC_B_AT(kk + 4, col)]);
            }
#pragma unroll
            for (int i = 0; i < TC_MT; ++i)
#pragma unroll
                for (int j = 0; j < TC_NT; ++j) TC_MMA(acc[i][j], af[i], bf[j]);
        }
        if (more) {
            __local float *an = a_tile[buf ^ 1];
            __local float *bn = b_tile[buf ^ 1];
#pragma unroll
            for (int i = 0; i < TC_A_PER_WI; ++i) {
                const uint e = lid + i * TC_THREADS;
                an[TC_A_AT(TC_A_ROW(e), TC_A_K(e))] = tc_to_tf32(a_next[i]);
            }
#pragma unroll
            for (int i = 0; i < TC_B_PER_WI; ++i) {
                const uint e = lid + i * TC_THREADS;
                bn[TC_B_AT(TC_B_K(e), TC_B_COL(e))] = tc_to_tf32(b_next[i]);
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // Epilogue: acc[i][j][q] is row row0 + arow + i * 16 + (q >> 1) * 8, column
    // col0 + wn * TC_WTN + j * 8 + 2 * t + (q & 1); as gemm.cl: alpha * acc, then beta * C, then bias.
#pragma unroll
    for (int i = 0; i < TC_MT; ++i) {
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            const uint r = row0 + arow + i * 16 + (q >> 1) * 8;
            if (r >= m) continue;
#pragma unroll
            for (int j = 0; j < TC_NT; ++j) {
                const uint col = col0 + wn * TC_WTN + j * 8 + 2 * t + (q & 1);
                if (col >= n) continue;
                float v = alpha * acc[i][j][q];
                if (beta != 0.0f) v = fma(beta, c[r * ldc + col], v);
#if BIAS
                v += bias[bias_off + col];
#endif
                c[r * ldc + col] = v;
            }
        }
    }
}
