// The library's own fp32 GEMM: C (m x n) = alpha * op(A) * op(B) + beta * C (+ bias[col]), row-major,
// every operand at an element offset with its own row pitch. A peer of CLBlast and the host BLAS
// behind host/blas (docs/gemm.md); bench/gemm_probe times it over its parameter space.
//
// Tiling (all compile-time values from the host, the per-device parameter file's or the defaults):
//   MWG x NWG   the work-group's tile of C; KWG the depth of one step along the reduction
//   MDIMC x NDIMC  work-items per work-group (along m, along n); each holds an MWI x NWI register tile,
//                  MWI = MWG / MDIMC and NWI = NWG / NDIMC, both multiples of 4
//   TRANS_A, TRANS_B  0 or 1: A stored k x m, B stored n x k (the seam's Op::Trans)
//   CONV_TAPS   0 for a plain product; T > 0 makes A an implicit matrix of K = T * cin columns for a
//               temporal convolution (ConvTbc): element (r, tap * cin + c) is A's row
//               r + (tap - pad) * batch, column c, where that row exists (A stored m_in x cin with
//               m_in = m + (T - 1 - 2 * pad) * batch rows, not transposed; B is then the
//               (T * cin) x n weight as stored). A tap whose row does not exist is skipped, not
//               multiplied by zero, as torch.conv_tbc skips it: an inf or nan weight reaches only
//               the rows its tap does. CONV_ALIGNED 1 says cin is a multiple of KWG (one tap a step).
//   BIAS        1: bias[col] is added in the epilogue (after alpha * acc, before nothing else)
//   SPLIT_K     1: work-group z sums only k in [z * k_slice, (z + 1) * k_slice) and writes its partial C
//               (alpha 1, beta 0, no bias: the host's) to c + z * m * ldc; gemm_sum_slices then adds the
//               slices in order z = 0, 1, ... (a fixed order, so the bits depend on k_slice alone)
//
// A and B tiles go through local memory, A stored k-major so that both register fragments load as
// float4; two local buffers, the next tile loaded into registers while the current one is used, one
// barrier per step. Edge tiles read zeros and write nothing outside C; no padding copies.
//
// Indices are 32-bit: the host runs this kernel only where every operand's last element index fits.
//
//   GEMM_WALK   1: also gemm_walk, the CPU devices' form (below), WALK_ROWS rows a work-item
//   GEMM_FUSED  1: each multiply-add is fma(); 0: a product rounded, then a sum rounded (never contracted),
//               for devices whose fma is not an instruction (host/blas/own_gemm.cpp says which)
//
// Bits: each element of C is one chain of GEMM_MAC over k = 0, 1, ..., K-1 in order, whatever the tile
// parameters, so every parameter set gives the same bits on a device, and devices that take the same
// GEMM_FUSED agree (OpenCL requires fma() to be exact-then-rounded, and a product and a sum each
// correctly rounded).
//
// build-check: MWG=128 NWG=128 KWG=16 MDIMC=16 NDIMC=16 TRANS_A=0 TRANS_B=0 CONV_TAPS=0 BIAS=0
// build-check: MWG=64 NWG=64 KWG=8 MDIMC=8 NDIMC=16 TRANS_A=1 TRANS_B=1 CONV_TAPS=0 BIAS=1 GEMM_FUSED=0
// build-check: MWG=128 NWG=64 KWG=16 MDIMC=16 NDIMC=16 TRANS_A=0 TRANS_B=0 CONV_TAPS=3 CONV_ALIGNED=1 BIAS=1
// build-check: MWG=64 NWG=64 KWG=16 MDIMC=16 NDIMC=16 TRANS_A=0 TRANS_B=0 CONV_TAPS=2 CONV_ALIGNED=0 BIAS=0
// build-check: MWG=64 NWG=64 KWG=16 MDIMC=16 NDIMC=16 TRANS_A=1 TRANS_B=0 CONV_TAPS=0 BIAS=0 SPLIT_K=1
// build-check: MWG=64 NWG=64 KWG=16 MDIMC=16 NDIMC=16 TRANS_A=0 TRANS_B=0 CONV_TAPS=3 CONV_ALIGNED=0 BIAS=1 GEMM_WALK=1 WALK_ROWS=16 GEMM_FUSED=0
// build-check: MWG=64 NWG=64 KWG=16 MDIMC=16 NDIMC=16 TRANS_A=1 TRANS_B=1 CONV_TAPS=0 BIAS=0 SPLIT_K=1 GEMM_WALK=1 WALK_ROWS=16

#ifndef GEMM_FUSED
#define GEMM_FUSED 1
#endif
#if GEMM_FUSED
#define GEMM_MAC(a, b, c) fma(a, b, c)
#else
// Where fma() is a software routine (Mesa's llvmpipe builds its programs without the CPU's FMA: about 10x
// slower there), two correctly rounded operations; common.cl's FP_CONTRACT OFF keeps a compiler from fusing them.
#define GEMM_MAC(a, b, c) ((a) * (b) + (c))
#endif
#define MWI (MWG / MDIMC)
#define NWI (NWG / NDIMC)
#define WG_SIZE (MDIMC * NDIMC)
// Row pitches of the local tiles: 4 floats of padding keep float4 reads aligned and spread the
// transposed stores of A over the banks.
#define LDA_LOCAL (MWG + 4)
#define LDB_LOCAL (NWG + 4)
// Elements of A's and B's tile each work-item loads per step.
#define A_PER_WI ((MWG * KWG) / WG_SIZE)
#define B_PER_WI ((NWG * KWG) / WG_SIZE)

#if (MWI % 4) || (NWI % 4) || ((MWG * KWG) % WG_SIZE) || ((NWG * KWG) % WG_SIZE)
#error "gemm.cl: MWI and NWI must be multiples of 4, and each tile a multiple of the work-group size"
#endif

#ifndef CONV_ALIGNED
#define CONV_ALIGNED 0
#endif
#ifndef SPLIT_K
#define SPLIT_K 0
#endif
#ifndef GEMM_WALK
#define GEMM_WALK 0
#endif
// CONV_SKIP 0 (the probe's comparison only) multiplies a missing tap's zeros instead of skipping it.
#ifndef CONV_SKIP
#define CONV_SKIP 1
#endif

#if CONV_TAPS
// Whether input row src exists: 0 <= src < m_in, m_in = m + (CONV_TAPS - 1 - 2 * pad) * batch.
inline bool conv_row_exists(int src, uint m, uint batch, uint pad) {
    return src >= 0 && src < (int)m + ((int)CONV_TAPS - 1 - 2 * (int)pad) * (int)batch;
}
#endif

// Element (row r, column kk) of op(A), 0 outside the matrix (or outside the sequence for CONV_TAPS).
inline float gemm_load_a(__global const float *a, uint lda, uint m, uint k, uint r, uint kk, uint cin, uint batch,
                         uint pad) {
    if (r >= m || kk >= k) return 0.0f;
    (void)cin;
    (void)batch;
    (void)pad;
#if CONV_TAPS
    const uint tap = kk / cin, c = kk - tap * cin;
    const int src = (int)r + ((int)tap - (int)pad) * (int)batch;
    return conv_row_exists(src, m, batch, pad) ? a[(uint)src * lda + c] : 0.0f;
#elif TRANS_A
    return a[kk * lda + r];
#else
    return a[r * lda + kk];
#endif
}

#if CONV_TAPS && CONV_ALIGNED
// The same with the step's tap worked out once: column c of A's row r + shift.
inline float gemm_load_a_aligned(__global const float *a, uint lda, uint m, uint k, uint r, uint kk, uint c, int shift,
                                 uint batch, uint pad) {
    if (r >= m || kk >= k) return 0.0f;
    const int src = (int)r + shift;
    return conv_row_exists(src, m, batch, pad) ? a[(uint)src * lda + c] : 0.0f;
}
// A step's loads of A: STEP_SETUP(k0) once, then LOAD_A(k0, e) for each element e of the tile.
#define STEP_SETUP(k0)                                                  \
    const uint tap_ = (k0) / cin, c0_ = (k0) - tap_ * cin;             \
    const int shift_ = ((int)tap_ - (int)pad) * (int)batch
#define LOAD_A(k0, e) \
    gemm_load_a_aligned(a, lda, m, k, row0 + A_TILE_ROW(e), (k0) + A_TILE_K(e), c0_ + A_TILE_K(e), shift_, batch, pad)
#else
#define STEP_SETUP(k0) (void)0
#define LOAD_A(k0, e) gemm_load_a(a, lda, m, k, row0 + A_TILE_ROW(e), (k0) + A_TILE_K(e), cin, batch, pad)
#endif

inline float gemm_load_b(__global const float *b, uint ldb, uint n, uint k, uint kk, uint col) {
    if (col >= n || kk >= k) return 0.0f;
#if TRANS_B
    return b[col * ldb + kk];
#else
    return b[kk * ldb + col];
#endif
}

// Which element of a tile the i-th load of work-item lid is, so that neighbouring work-items read
// neighbouring addresses of the operand as it is stored.
#if TRANS_A && !CONV_TAPS
#define A_TILE_ROW(e) ((e) % MWG)
#define A_TILE_K(e) ((e) / MWG)
#else
#define A_TILE_ROW(e) ((e) / KWG)
#define A_TILE_K(e) ((e) % KWG)
#endif
#if TRANS_B
#define B_TILE_COL(e) ((e) / KWG)
#define B_TILE_K(e) ((e) % KWG)
#else
#define B_TILE_COL(e) ((e) % NWG)
#define B_TILE_K(e) ((e) / NWG)
#endif

// A's and B's register fragments of step column kk: rows ((i / 4) * MDIMC + tm) * 4 + i % 4 and
// columns ((j / 4) * NDIMC + tn) * 4 + j % 4 of the tile, read as float4.
#define GEMM_FRAGMENTS(at, bt, kk, af, bf)                                                      \
    do {                                                                                          \
        _Pragma("unroll") for (int i_ = 0; i_ < MWI / 4; ++i_) {                                 \
            const float4 v_ = vload4(0, (at) + (kk) * LDA_LOCAL + (i_ * MDIMC + tm) * 4);          \
            (af)[4 * i_] = v_.x;                                                                  \
            (af)[4 * i_ + 1] = v_.y;                                                              \
            (af)[4 * i_ + 2] = v_.z;                                                              \
            (af)[4 * i_ + 3] = v_.w;                                                              \
        }                                                                                         \
        _Pragma("unroll") for (int j_ = 0; j_ < NWI / 4; ++j_) {                                 \
            const float4 v_ = vload4(0, (bt) + (kk) * LDB_LOCAL + (j_ * NDIMC + tn) * 4);          \
            (bf)[4 * j_] = v_.x;                                                                  \
            (bf)[4 * j_ + 1] = v_.y;                                                              \
            (bf)[4 * j_ + 2] = v_.z;                                                              \
            (bf)[4 * j_ + 3] = v_.w;                                                              \
        }                                                                                         \
    } while (0)

// The start of both kernels: the operands at their offsets, and the reduction range [k_lo, k) of slice `z`, k the
// end (the loads' bound); SPLIT_K: the slice's partial C at c + z * m * ldc.
#if SPLIT_K
#define GEMM_RANGE(z)                                                  \
    const uint k_lo = (z) * k_slice, k = min(k_all, k_lo + k_slice); \
    c += (ulong)(z) * m * ldc
#else
#define GEMM_RANGE(z)                 \
    const uint k_lo = 0, k = k_all; \
    (void)k_slice
#endif
#define GEMM_PROLOGUE(z) \
    a += a_off;          \
    b += b_off;          \
    c += c_off;          \
    (void)bias;          \
    (void)bias_off;      \
    GEMM_RANGE(z)

__kernel __attribute__((reqd_work_group_size(NDIMC, MDIMC, 1))) void gemm_f32(
    uint m, uint n, uint k_all, float alpha, __global const float *a, ulong a_off, uint lda, __global const float *b,
    ulong b_off, uint ldb, float beta, __global float *c, ulong c_off, uint ldc, __global const float *bias,
    ulong bias_off, uint cin, uint batch, uint pad, uint k_slice) {
    __local float a_tile[2][KWG * LDA_LOCAL];
    __local float b_tile[2][KWG * LDB_LOCAL];
    GEMM_PROLOGUE(get_group_id(2));
    const uint tn = get_local_id(0), tm = get_local_id(1);
    const uint lid = tm * NDIMC + tn;
    const uint row0 = get_group_id(1) * MWG, col0 = get_group_id(0) * NWG;

    float acc[MWI][NWI];
#pragma unroll
    for (int i = 0; i < MWI; ++i)
#pragma unroll
        for (int j = 0; j < NWI; ++j) acc[i][j] = 0.0f;

    float a_next[A_PER_WI], b_next[B_PER_WI];
    // Step 0 straight into buffer 0.
    {
        STEP_SETUP(k_lo);
#pragma unroll
        for (int i = 0; i < A_PER_WI; ++i) {
            const uint e = lid + i * WG_SIZE;
            a_tile[0][A_TILE_K(e) * LDA_LOCAL + A_TILE_ROW(e)] = LOAD_A(k_lo, e);
        }
    }
#pragma unroll
    for (int i = 0; i < B_PER_WI; ++i) {
        const uint e = lid + i * WG_SIZE;
        b_tile[0][B_TILE_K(e) * LDB_LOCAL + B_TILE_COL(e)] =
            gemm_load_b(b, ldb, n, k, k_lo + B_TILE_K(e), col0 + B_TILE_COL(e));
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    const uint steps = (k - k_lo + KWG - 1) / KWG;
    for (uint s = 0; s < steps; ++s) {
        const uint buf = s & 1;
        const bool more = s + 1 < steps;
        if (more) {
            const uint k0 = k_lo + (s + 1) * KWG;
            STEP_SETUP(k0);
#pragma unroll
            for (int i = 0; i < A_PER_WI; ++i) {
                const uint e = lid + i * WG_SIZE;
                a_next[i] = LOAD_A(k0, e);
            }
#pragma unroll
            for (int i = 0; i < B_PER_WI; ++i) {
                const uint e = lid + i * WG_SIZE;
                b_next[i] = gemm_load_b(b, ldb, n, k, k0 + B_TILE_K(e), col0 + B_TILE_COL(e));
            }
        }
        __local const float *at = a_tile[buf];
        __local const float *bt = b_tile[buf];
#if CONV_TAPS && CONV_SKIP
        // Whether every row of the work-group's tile has its tap's input row for the whole step (the
        // usual case away from the sequence's ends): then the plain loop, else each product only where
        // it does. The rows and taps that have it form a convex set (r + (tap - pad) * batch within the
        // input), so the tile's first and last rows at the step's first and last taps decide, the same
        // for every work-item of the group.
        const uint k_first = k_lo + s * KWG, k_last = min(k_first + KWG, k) - 1;
        const int shift_first = ((int)(k_first / cin) - (int)pad) * (int)batch;
        const int shift_last = ((int)(k_last / cin) - (int)pad) * (int)batch;
        const int r_first = (int)row0, r_last = (int)min(row0 + MWG, m) - 1;
        const bool whole = conv_row_exists(r_first + shift_first, m, batch, pad) &&
                           conv_row_exists(r_last + shift_first, m, batch, pad) &&
                           conv_row_exists(r_first + shift_last, m, batch, pad) &&
                           conv_row_exists(r_last + shift_last, m, batch, pad);
        if (!whole) {
            for (int kk = 0; kk < KWG; ++kk) {
                const int shift = ((int)((k_first + kk) / cin) - (int)pad) * (int)batch;
                float af[MWI], bf[NWI];
                GEMM_FRAGMENTS(at, bt, kk, af, bf);
#pragma unroll
                for (int i = 0; i < MWI; ++i) {
                    const bool exists = conv_row_exists((int)(row0 + ((i / 4) * MDIMC + tm) * 4 + i % 4) + shift, m,
                                                        batch, pad);
#pragma unroll
                    for (int j = 0; j < NWI; ++j) acc[i][j] = exists ? GEMM_MAC(af[i], bf[j], acc[i][j]) : acc[i][j];
                }
            }
        } else
#endif
        {
#pragma unroll
            for (int kk = 0; kk < KWG; ++kk) {
                float af[MWI], bf[NWI];
                GEMM_FRAGMENTS(at, bt, kk, af, bf);
#pragma unroll
                for (int i = 0; i < MWI; ++i)
#pragma unroll
                    for (int j = 0; j < NWI; ++j) acc[i][j] = GEMM_MAC(af[i], bf[j], acc[i][j]);
            }
        }
        if (more) {
            __local float *an = a_tile[buf ^ 1];
            __local float *bn = b_tile[buf ^ 1];
#pragma unroll
            for (int i = 0; i < A_PER_WI; ++i) {
                const uint e = lid + i * WG_SIZE;
                an[A_TILE_K(e) * LDA_LOCAL + A_TILE_ROW(e)] = a_next[i];
            }
#pragma unroll
            for (int i = 0; i < B_PER_WI; ++i) {
                const uint e = lid + i * WG_SIZE;
                bn[B_TILE_K(e) * LDB_LOCAL + B_TILE_COL(e)] = b_next[i];
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // Epilogue: register element (i, j) is row row0 + ((i / 4) * MDIMC + tm) * 4 + i % 4, column
    // col0 + ((j / 4) * NDIMC + tn) * 4 + j % 4.
#pragma unroll
    for (int i = 0; i < MWI; ++i) {
        const uint r = row0 + ((i / 4) * MDIMC + tm) * 4 + i % 4;
        if (r >= m) continue;
#pragma unroll
        for (int j = 0; j < NWI; ++j) {
            const uint col = col0 + ((j / 4) * NDIMC + tn) * 4 + j % 4;
            if (col >= n) continue;
            float v = alpha * acc[i][j];
            if (beta != 0.0f) v = GEMM_MAC(beta, c[r * ldc + col], v);
#if BIAS
            v += bias[bias_off + col];
#endif
            c[r * ldc + col] = v;
        }
    }
}

#if GEMM_WALK
// The walking form, for CPU devices (no local memory, no barrier; host/blas/own_gemm.cpp says where): work-item
// (x, y, z) computes C's rows y * WALK_ROWS .. + WALK_ROWS - 1 at columns 8x .. 8x + 7, one float8 a row, over
// the reduction range of slice z as gemm_f32 splits it. Each element is the same GEMM_MAC chain over k in order
// (a missing tap's row skipped) and the same epilogue, so the bits are gemm_f32's on the same device.
// NDRange (ceil(n / 8), ceil(m / WALK_ROWS), slices).

// B's row kk at columns col0 .. col0 + 7 (0 past n). VEC (a constant at each call, so that the compiler makes two
// loops of the caller): one vector load, for a whole block of B stored k x n.
inline float8 gemm_walk_load_b(__global const float *b, uint ldb, uint n, uint kk, uint col0, const bool vec) {
    if (vec) return vload8(0, b + kk * ldb + col0);
    float v[8];
#pragma unroll
    for (int j = 0; j < 8; ++j) v[j] = gemm_load_b(b, ldb, n, kk + 1, kk, col0 + j);
    return vload8(0, v);
}

// The chains of rows row0 .. + WALK_ROWS - 1 over [k_lo, k) into acc, written out in the kernel (through a helper
// taking acc by pointer llvmpipe ran 1.5x slower). VEC: gemm_walk_load_b's.
#if CONV_TAPS
// One tap at a time: its rows' existence (bit i of `exists`) is fixed for all of its channels.
#define GEMM_WALK_CHAINS(VEC)                                                                                     \
    for (uint kk = k_lo; kk < k;) {                                                                                \
        const uint tap = kk / cin, end = min(k, (tap + 1) * cin);                                                  \
        const int shift = ((int)tap - (int)pad) * (int)batch;                                                      \
        uint exists = 0;                                                                                           \
        _Pragma("unroll") for (int i = 0; i < WALK_ROWS; ++i) {                                                   \
            if (row0 + i < m && conv_row_exists((int)(row0 + i) + shift, m, batch, pad)) exists |= 1u << i;        \
        }                                                                                                          \
        ORDERED_LOOP                                                                                               \
        for (; kk < end; ++kk) {                                                                                   \
            const float8 bv = gemm_walk_load_b(b, ldb, n, kk, col0, (VEC) && !TRANS_B);                            \
            const uint ch = kk - tap * cin;                                                                        \
            _Pragma("unroll") for (int i = 0; i < WALK_ROWS; ++i) {                                               \
                if ((exists >> i) & 1u) {                                                                          \
                    acc[i] = GEMM_MAC((float8)(a[(uint)((int)(row0 + i) + shift) * lda + ch]), bv, acc[i]);        \
                }                                                                                                  \
            }                                                                                                      \
        }                                                                                                          \
    }
#else
#if TRANS_A
#define GEMM_WALK_A(r, kk) a[(kk) * lda + (r)]
#else
#define GEMM_WALK_A(r, kk) a[(r) * lda + (kk)]
#endif
// One step kk of every row's chain with B's row bv; a row past m is computed from row m - 1 and never stored.
#define GEMM_WALK_STEP(kk, bv)                                                                                     \
    _Pragma("unroll") for (int i = 0; i < WALK_ROWS; ++i) {                                                       \
        acc[i] = GEMM_MAC((float8)(GEMM_WALK_A(min(row0 + i, m - 1), kk)), bv, acc[i]);                            \
    }
#if TRANS_B
// B stored n x k, a whole block of columns: 8 steps at a time, each column's 8 elements one vector load, the 8 x 8
// block transposed in registers (component moves with constant indices) so that step t takes B's row kk + t.
#define GEMM_WALK_COLUMN(j) const float8 bcol##j = vload8(0, b + (col0 + j) * ldb + kk);
#define GEMM_WALK_ROW_OF(t) \
    (float8)(bcol0.s##t, bcol1.s##t, bcol2.s##t, bcol3.s##t, bcol4.s##t, bcol5.s##t, bcol6.s##t, bcol7.s##t)
#define GEMM_WALK_TSTEP(t) GEMM_WALK_STEP(kk + t, GEMM_WALK_ROW_OF(t))
#define GEMM_WALK_BLOCKS(VEC)                                                                                     \
    if (VEC) {                                                                                                     \
        ORDERED_LOOP                                                                                               \
        for (; kk + 8 <= k; kk += 8) {                                                                             \
            GEMM_WALK_COLUMN(0) GEMM_WALK_COLUMN(1) GEMM_WALK_COLUMN(2) GEMM_WALK_COLUMN(3)                        \
            GEMM_WALK_COLUMN(4) GEMM_WALK_COLUMN(5) GEMM_WALK_COLUMN(6) GEMM_WALK_COLUMN(7)                        \
            GEMM_WALK_TSTEP(0) GEMM_WALK_TSTEP(1) GEMM_WALK_TSTEP(2) GEMM_WALK_TSTEP(3)                            \
            GEMM_WALK_TSTEP(4) GEMM_WALK_TSTEP(5) GEMM_WALK_TSTEP(6) GEMM_WALK_TSTEP(7)                            \
        }                                                                                                          \
    }
#else
#define GEMM_WALK_BLOCKS(VEC)
#endif
#define GEMM_WALK_CHAINS(VEC)                                                                                     \
    uint kk = k_lo;                                                                                                \
    GEMM_WALK_BLOCKS(VEC)                                                                                          \
    ORDERED_LOOP                                                                                                   \
    for (; kk < k; ++kk) {                                                                                         \
        const float8 bv = gemm_walk_load_b(b, ldb, n, kk, col0, (VEC) && !TRANS_B);                                \
        GEMM_WALK_STEP(kk, bv)                                                                                     \
    }
#endif

// C's row r at columns col0 .. col0 + 7 from one accumulator, as gemm_f32's epilogue: alpha, beta, the bias;
// vector loads and stores for a whole block, the components one by one past n.
inline void gemm_walk_store(float8 acc, uint r, uint col0, uint m, uint n, float alpha, float beta, __global float *c,
                            uint ldc, __global const float *bias) {
    if (r >= m) return;
    (void)bias;
    __global float *cr = c + r * ldc + col0;
    float8 v = alpha * acc;
    if (col0 + 8 <= n) {
        if (beta != 0.0f) v = GEMM_MAC(beta, vload8(0, cr), v);
#if BIAS
        v += vload8(0, bias + col0);
#endif
        vstore8(v, 0, cr);
        return;
    }
#if BIAS
#define GEMM_WALK_BIAS(j) x += bias[col0 + j];
#else
#define GEMM_WALK_BIAS(j)
#endif
#define GEMM_WALK_STORE(j)                              \
    if (col0 + j < n) {                                 \
        float x = v.s##j;                               \
        if (beta != 0.0f) x = GEMM_MAC(beta, cr[j], x); \
        GEMM_WALK_BIAS(j)                               \
        cr[j] = x;                                      \
    }
    GEMM_WALK_STORE(0) GEMM_WALK_STORE(1) GEMM_WALK_STORE(2) GEMM_WALK_STORE(3)
    GEMM_WALK_STORE(4) GEMM_WALK_STORE(5) GEMM_WALK_STORE(6) GEMM_WALK_STORE(7)
#undef GEMM_WALK_STORE
#undef GEMM_WALK_BIAS
}

#if WALK_ROWS == 16
#define GEMM_WALK_EACH_ROW(f) f(0) f(1) f(2) f(3) f(4) f(5) f(6) f(7) f(8) f(9) f(10) f(11) f(12) f(13) f(14) f(15)
#else
#error "gemm.cl: gemm_walk is written for WALK_ROWS 16"
#endif

__kernel void gemm_walk(uint m, uint n, uint k_all, float alpha, __global const float *a, ulong a_off, uint lda,
                        __global const float *b, ulong b_off, uint ldb, float beta, __global float *c, ulong c_off,
                        uint ldc, __global const float *bias, ulong bias_off, uint cin, uint batch, uint pad,
                        uint k_slice) {
    GEMM_PROLOGUE(get_global_id(2));
    const uint col0 = get_global_id(0) * 8, row0 = get_global_id(1) * WALK_ROWS;
    if (col0 >= n || row0 >= m) return;
    float8 acc[WALK_ROWS];
#pragma unroll
    for (int i = 0; i < WALK_ROWS; ++i) acc[i] = (float8)(0.0f);
#if !CONV_TAPS
    (void)cin;
    (void)batch;
    (void)pad;
#endif
    if (col0 + 8 <= n) {
        GEMM_WALK_CHAINS(true)
    } else {
        GEMM_WALK_CHAINS(false)
    }
    // The epilogue, row by row with constant indices (the whole of acc stays in registers: indexed at run time
    // anywhere, llvmpipe keeps it in memory and runs 10x slower).
#define GEMM_WALK_ROW(i) \
    gemm_walk_store(acc[i], row0 + i, col0, m, n, alpha, beta, c, ldc, bias + bias_off);
    GEMM_WALK_EACH_ROW(GEMM_WALK_ROW)
#undef GEMM_WALK_ROW
}
#endif  // GEMM_WALK

// C = alpha * (the slices' partial Cs summed in order z = 0, 1, ...) + beta * C, after a SPLIT_K product:
// slice z of element (r, col) at part[(z * m + r) * n + col]. NDRange (n, m).
__kernel void gemm_sum_slices(uint m, uint n, uint slices, __global const float *part, ulong part_off, float alpha,
                              float beta, __global float *c, ulong c_off, uint ldc) {
    const uint col = get_global_id(0), r = get_global_id(1);
    if (col >= n || r >= m) return;
    part += part_off;
    c += c_off;
    float sum = part[r * n + col];
    ORDERED_LOOP
    for (uint z = 1; z < slices; ++z) sum += part[(z * m + r) * n + col];
    float v = alpha * sum;
    if (beta != 0.0f) v = GEMM_MAC(beta, c[r * ldc + col], v);
    c[r * ldc + col] = v;
}
