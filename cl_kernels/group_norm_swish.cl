// GroupNormSwish forward: per (n, group) the mean and rstd of x, then
//   y = (x - mean) * rstd * gamma + beta, and, with SWISH, y * sigmoid(scale * y).
// One kernel, gns_group, takes whole (n, group)s: the group's sum, then (with the mean known) its sum
// of squared deviations, then y. No atomics, no partial results in memory.
//
// The one reduction order (both work splits, so their results are bit-identical): a group of L
// consecutive elements is read as rows of ROW = 64 * 4 elements. Virtual lane l (0..63) adds
// elements 4l .. 4l + 3 of each full row into a float4, in row order; then its four sums pairwise
// ((s0 + s1) + (s2 + s3)); then the elements 4l .. 4l + 3 of the partial last row that exist, one by
// one. The 64 lane sums are added as a tree: v[l] += v[l + s] for s = 32, 16, ..., 1.
//   LANES == 64 (GPUs): one work-group of 64 work-items per group, work-item l is virtual lane l, the
//                       tree in local memory with barriers.
//   LANES == 1  (CPUs): one work-item per group runs all 64 virtual lanes (32 float8 accumulators)
//                       and the tree in private memory, while the group stays in the core's cache
//                       for the second and third pass.
// Shifted by the group's first element x0 (0 if that is not finite) so that a large mean does not swamp
// the sums:
// dm = (sum of (x - x0)) / L, mean = x0 + dm; var = (sum of (x - mean)^2) / L; rstd = 1 / sqrt(var + eps),
// in fp32. y: a = rstd * gamma[c], y = ((x - x0) - dm) * a + beta[c] (multiply, then add: no contraction;
// neither x * a + (beta - mean * a) nor x - mean with the rounded mean, which lose |mean| / spread digits
// to cancellation: the CANN precision standard's normal inputs, docs/precision.md),
// then y / (1 + exp(-scale * y)), always as float8 (a partial vector at a plane's end is filled with
// zeros and only its live elements stored), so that each element is computed the same way whatever
// the split. No 64-byte vector (float16) passes through a call: without AVX-512 that changes the
// x86-64 ABI (-Wpsabi).
//
// Macros the host defines:
//   X_T, X_LOAD, X_STORE     x and y (common.cl slot conventions), X_VLOADn / X_VSTOREn their
//                            vector forms
//   P_T, P_LOAD, P_STORE     gamma, beta, meanOut and rstdOut (gamma's dtype)
//   INDEX_T                  int when every element index fits in 31 bits, else long
//   LANES                    1 or 64 (above)
//   SWISH                    1: apply the swish
//   HAS_GAMMA, HAS_BETA      0: that tensor is absent (aclnnGroupNorm's optional gamma and beta): gamma
//                            is 1 (a = rstd exactly) and beta 0; default 1
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: X:float32<float32 P:float32<float32 LANES=1 SWISH=1 INDEX:int
// build-check: X:float16<float32 P:float32<float32 LANES=64 SWISH=0 INDEX:long
// build-check: X:bfloat16<float32 P:bfloat16<float32 LANES=1 SWISH=1 INDEX:int
// build-check: X:float16<float32 P:float16<float32 LANES=1 SWISH=0 INDEX:long
// build-check: X:bfloat16<float32 P:float32<float32 LANES=64 SWISH=1 INDEX:int
// build-check: X:float32<float32 P:float32<float32 LANES=64 SWISH=1 INDEX:long
// build-check: X:float16<float32 P:float16<float32 LANES=1 SWISH=0 HAS_GAMMA=0 HAS_BETA=0 INDEX:int
// build-check: X:bfloat16<float32 P:bfloat16<float32 LANES=64 SWISH=0 HAS_GAMMA=1 HAS_BETA=0 INDEX:long

#ifndef HAS_GAMMA
#define HAS_GAMMA 1
#endif
#ifndef HAS_BETA
#define HAS_BETA 1
#endif
#if HAS_GAMMA
#define GN_GAMMA(c) P_LOAD(gamma, c)
#else
#define GN_GAMMA(c) 1.0f
#endif
#if HAS_BETA
#define GN_BETA(c) P_LOAD(beta, c)
#else
#define GN_BETA(c) 0.0f
#endif

#define VLANES 64
#define ROW (VLANES * 4)

inline float gns_hsum4(float4 v) {
    return (v.s0 + v.s1) + (v.s2 + v.s3);
}

// Virtual lane l's sum over the group at x (L elements): of (x - m) when !square (m is x0 then), of
// (x - m)^2 when square.
inline float gns_lane_sum(__global const X_T *x, INDEX_T L, int l, float m, bool square) {
    const INDEX_T rows = L / ROW;
    float4 acc = 0.0f;
    ORDERED_LOOP for (INDEX_T r = 0; r < rows; ++r) {
        float4 d = X_VLOAD4(x, r * ROW + 4 * l) - m;
        acc += square ? d * d : d;
    }
    float s = gns_hsum4(acc);
    const INDEX_T tail = rows * ROW + 4 * l;
    ORDERED_LOOP for (int k = 0; k < 4; ++k) {
        if (tail + k < L) {
            float d = X_LOAD(x, tail + k) - m;
            s += square ? d * d : d;
        }
    }
    return s;
}

#if LANES == 1
// All 64 virtual lanes in one work-item: the same additions, in the same order, as the LANES == 64 form.
// acc[j] holds virtual lanes 2j and 2j + 1 (elements 8j .. 8j + 7 of each row) as one float8.
inline float gns_group_sum(__global const X_T *x, INDEX_T L, float m, bool square) {
    const INDEX_T rows = L / ROW;
    float8 acc[VLANES / 2];
    for (int j = 0; j < VLANES / 2; ++j) acc[j] = 0.0f;
    ORDERED_LOOP for (INDEX_T r = 0; r < rows; ++r) {
        __global const X_T *row = x + r * ROW;
#pragma unroll
        for (int j = 0; j < VLANES / 2; ++j) {
            float8 d = X_VLOAD8(row, 8 * j) - m;
            acc[j] += square ? d * d : d;
        }
    }
    float lanes[ROW];
    for (int j = 0; j < VLANES / 2; ++j) vstore8(acc[j], j, lanes);
    float v[VLANES];
    for (int l = 0; l < VLANES; ++l) {
        float s = gns_hsum4(vload4(l, lanes));
        const INDEX_T tail = rows * ROW + 4 * l;
        ORDERED_LOOP for (int k = 0; k < 4; ++k) {
            if (tail + k < L) {
                float d = X_LOAD(x, tail + k) - m;
                s += square ? d * d : d;
            }
        }
        v[l] = s;
    }
    for (int stride = VLANES / 2; stride > 0; stride >>= 1) {
        for (int l = 0; l < stride; ++l) v[l] += v[l + stride];
    }
    return v[0];
}
#else
inline float gns_group_sum(__global const X_T *x, INDEX_T L, float m, bool square, __local float *red) {
    const int l = (int)get_local_id(0);
    red[l] = gns_lane_sum(x, L, l, m, square);
    for (int stride = VLANES / 2; stride > 0; stride >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < stride) red[l] += red[l + stride];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const float total = red[0];
    barrier(CLK_LOCAL_MEM_FENCE);  // red is reused by the next sum
    return total;
}
#endif

#define APPLY 16  // elements per apply step, in both splits: two float8 (each element computed alike)

inline float8 gns_apply(float8 v, float x0, float dm, float a, float b, float scale) {
    float8 y = ((v - x0) - dm) * a + b;
#if SWISH
    y = y / (1.0f + exp(-scale * y));
#endif
    return y;
}

// Work-group g (LANES work-items) takes (n, group) ng = g: x[ng * L .. (ng + 1) * L) with L = D * plane_len,
// channels c0 .. c0 + D - 1 (c0 = (ng % groups) * D).
__kernel __attribute__((reqd_work_group_size(LANES, 1, 1))) void gns_group(
    __global const X_T *x, ulong x_off, __global const P_T *gamma, ulong gamma_off, __global const P_T *beta,
    ulong beta_off, __global X_T *y, ulong y_off, __global P_T *mean_out, ulong mean_off, __global P_T *rstd_out,
    ulong rstd_off, int groups, int channels_per_group, long plane_len_arg, float eps, float scale) {
#if LANES > 1
    __local float red[VLANES];
#endif
    const INDEX_T plane_len = (INDEX_T)plane_len_arg;
    const INDEX_T L = (INDEX_T)channels_per_group * plane_len;
    const int ng = (int)get_group_id(0);
    const int lane = (int)get_local_id(0);
    const INDEX_T base = (INDEX_T)ng * L;
    x += x_off + base;
    y += y_off + base;
#if HAS_GAMMA
    gamma += gamma_off;
#endif
#if HAS_BETA
    beta += beta_off;
#endif
    const float inv_count = 1.0f / (float)L;
    // An infinite first element would make every deviation NaN where the plain sum gives the mean +-inf.
    const float first = X_LOAD(x, 0);
    const float x0 = isfinite(first) ? first : 0.0f;
#if LANES == 1
    const float dm = gns_group_sum(x, L, x0, false) * inv_count;
    const float mean = x0 + dm;
    const float var = gns_group_sum(x, L, mean, true) * inv_count;
#else
    const float dm = gns_group_sum(x, L, x0, false, red) * inv_count;
    const float mean = x0 + dm;
    const float var = gns_group_sum(x, L, mean, true, red) * inv_count;
#endif
    const float rstd = 1.0f / sqrt(var + eps);
    if (lane == 0) {
        P_STORE(mean_out, mean_off + ng, mean);
        P_STORE(rstd_out, rstd_off + ng, rstd);
    }
    const int c0 = (ng % groups) * channels_per_group;
    for (int k = 0; k < channels_per_group; ++k) {
        const float a = rstd * GN_GAMMA(c0 + k);
        const float b = GN_BETA(c0 + k);
        __global const X_T *xp = x + (INDEX_T)k * plane_len;
        __global X_T *yp = y + (INDEX_T)k * plane_len;
        const INDEX_T full = plane_len / APPLY * APPLY;
        for (INDEX_T i = APPLY * lane; i < full; i += APPLY * LANES) {
            X_VSTORE8(yp, i, gns_apply(X_VLOAD8(xp, i), x0, dm, a, b, scale));
            X_VSTORE8(yp, i + 8, gns_apply(X_VLOAD8(xp, i + 8), x0, dm, a, b, scale));
        }
        if (lane == 0 && full < plane_len) {
            float t[APPLY];
            const int live = (int)(plane_len - full);
            for (int e = 0; e < APPLY; ++e) t[e] = e < live ? X_LOAD(xp, full + e) : 0.0f;
            float o[APPLY];
            vstore8(gns_apply(vload8(0, t), x0, dm, a, b, scale), 0, o);
            vstore8(gns_apply(vload8(1, t), x0, dm, a, b, scale), 1, o);
            for (int e = 0; e < live; ++e) X_STORE(yp, full + e, o[e]);
        }
    }
}
