// GroupNormSwishGrad: the gradient of swish(group_norm(x) * gamma + beta), swish(z) = z * sigmoid(s * z),
// with mean and rstd given. No atomics; every sum runs in a fixed order. Kernels:
//   gnsg_plane_sums     reads x and dy: per (plane, chunk) the sums of g and g * xhat (a plane is the
//                       HxW elements of one (n, c))
//   gnsg_group_coef     per (n, group): c1 = sum gamma * sum g / M, c2 = sum gamma * sum g * xhat / M
//   gnsg_channel_grads  per channel: dbeta = sum g, dgamma = sum g * xhat over n and the plane
//   gnsg_dx             reads x and dy again and writes dx = rstd * (g * gamma - xhat * c2 - c1)
//   gnsg_plane_sums_tiny, gnsg_dx_tiny   the same two passes for HxW < 16 on CPUs, 16 planes per work-item
//   gnsg_fused_group    on CPUs: plane sums, c1/c2 and dx of one (n, group) in one work-item
// where g = dy * sg * (1 + s * z * (1 - sg)), sg = sigmoid(s * z), z = xhat * gamma + beta,
// xhat = (x - mean) * rstd; M = (C / G) * HxW. All arithmetic in fp32, one rounding on store.
//
// Macros the host defines:
//   IO_T, IO_LOAD, IO_STORE  the one dtype of all nine tensors (common.cl conventions), IO_VLOADn and
//                            IO_VSTOREn their vector forms
//   INDEX_T                  int when every element index fits in 31 bits, else long
//   VEC                      1, 2, 4, 8 or 16: consecutive elements a work-item handles per step
//   LOCAL, LANES             work-group size of the plane kernels; LANES work-items share a plane
//                            (powers of two, LANES divides LOCAL); a work-group covers LOCAL / LANES
//                            consecutive planes, all at the same chunk
//   COEF_LOCAL, COEF_LANES   the same for gnsg_group_coef (lanes per (n, group))
//   CHAN_LOCAL, CHAN_LANES   the same for gnsg_channel_grads (lanes per channel)
//   WANT_DGAMMA, WANT_DBETA  1 when that output is written
//   GROUP_CACHE              floats of local memory gnsg_fused_group keeps g in (0: none)
//   SWISH                    0: plain GroupNorm's gradient (aclnnGroupNormBackward), g = dy and beta
//                            unread; default 1
//   HAS_GAMMA                0: no gamma (aclnnGroupNormBackward's optional gamma): gamma is 1; default 1
//
// Plane geometry: work-group w covers chunk (w % chunks) of planes (w / chunks) * (LOCAL / LANES) + ...;
// a chunk is chunk_len elements (a multiple of LANES * VEC; the last chunk of a plane may be shorter).
// Lane l of a plane takes the VEC-element runs l, l + LANES, ... of its chunk, then single elements of
// the chunk's tail (fewer than VEC). Each work-item's sum runs in that order; then a tree over lanes.
//
// No 64-byte vector (float16) passes through a call, a builtin's included: without AVX-512 that changes
// the x86-64 ABI (-Wpsabi). A run of VEC = 16 is two float8 parts, 16 planes of the tiny kernels likewise.
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: IO:float32 INDEX:int VEC=16 LOCAL=64 LANES=1 COEF_LOCAL=1 COEF_LANES=1 CHAN_LOCAL=1 CHAN_LANES=1 WANT_DGAMMA=1 WANT_DBETA=1 GROUP_CACHE=4096
// build-check: IO:float16 INDEX:long VEC=16 LOCAL=16 LANES=1 COEF_LOCAL=1 COEF_LANES=1 CHAN_LOCAL=1 CHAN_LANES=1 WANT_DGAMMA=0 WANT_DBETA=1 GROUP_CACHE=0
// build-check: IO:bfloat16 INDEX:int VEC=16 LOCAL=16 LANES=1 COEF_LOCAL=1 COEF_LANES=1 CHAN_LOCAL=1 CHAN_LANES=1 WANT_DGAMMA=1 WANT_DBETA=0 GROUP_CACHE=2048
// build-check: IO:bfloat16 INDEX:long VEC=8 LOCAL=64 LANES=1 COEF_LOCAL=1 COEF_LANES=1 CHAN_LOCAL=1 CHAN_LANES=1 WANT_DGAMMA=1 WANT_DBETA=1 GROUP_CACHE=0
// build-check: IO:float32 INDEX:int VEC=4 LOCAL=64 LANES=16 COEF_LOCAL=64 COEF_LANES=8 CHAN_LOCAL=64 CHAN_LANES=4 WANT_DGAMMA=1 WANT_DBETA=1 GROUP_CACHE=0
// build-check: IO:float16 INDEX:int VEC=1 LOCAL=64 LANES=64 COEF_LOCAL=64 COEF_LANES=64 CHAN_LOCAL=64 CHAN_LANES=2 WANT_DGAMMA=1 WANT_DBETA=1 GROUP_CACHE=0
// build-check: IO:float32 INDEX:int VEC=16 LOCAL=64 LANES=1 COEF_LOCAL=1 COEF_LANES=1 CHAN_LOCAL=1 CHAN_LANES=1 WANT_DGAMMA=1 WANT_DBETA=1 GROUP_CACHE=4096 SWISH=0 HAS_GAMMA=0
// build-check: IO:bfloat16 INDEX:long VEC=4 LOCAL=64 LANES=16 COEF_LOCAL=64 COEF_LANES=8 CHAN_LOCAL=64 CHAN_LANES=4 WANT_DGAMMA=1 WANT_DBETA=0 GROUP_CACHE=0 SWISH=0 HAS_GAMMA=1

#ifndef SWISH
#define SWISH 1
#endif
#ifndef HAS_GAMMA
#define HAS_GAMMA 1
#endif

#define PLANES_PER_GROUP (LOCAL / LANES)

// Every kernel taking the six inputs applies their element offsets first.
#define GNSG_OFFSET_INPUTS  \
    dy += dy_off;           \
    mean += mean_off;       \
    rstd += rstd_off;       \
    x += x_off;             \
    GNSG_OFFSET_GAMMA;      \
    GNSG_OFFSET_BETA

// gamma and beta, or their stand-ins: an absent gamma is 1; beta is read only for the swish.
#if HAS_GAMMA
#define GNSG_OFFSET_GAMMA gamma += gamma_off
#define GAMMA_AT(c) IO_LOAD(gamma, c)
#define GAMMA_AT8(c) IO_VLOAD8(gamma, c)
#else
#define GNSG_OFFSET_GAMMA (void)gamma_off
#define GAMMA_AT(c) 1.0f
#define GAMMA_AT8(c) ((float8)1.0f)
#endif
#if SWISH
#define GNSG_OFFSET_BETA beta += beta_off
#define BETA_AT(c) IO_LOAD(beta, c)
#define BETA_AT8(c) IO_VLOAD8(beta, c)
#else
#define GNSG_OFFSET_BETA (void)beta_off
#define BETA_AT(c) 0.0f
#define BETA_AT8(c) ((float8)0.0f)
#endif

// ---- vector access to the IO dtype -------------------------------------------------------------------
// A run of VEC elements is PARTS parts of VW (VEC = 16: two float8): element e of the run is lane e % VW
// of part e / VW.
#if VEC == 16
#define VW 8
#else
#define VW VEC
#endif
#define PARTS (VEC / VW)
#define PARTS_EACH(h) _Pragma("unroll") for (int h = 0; h < PARTS; ++h)
#if VW == 1
#define VT float
#define VLOAD_IO(p, i) IO_LOAD(p, i)
#define VSTORE_IO(p, i, v) IO_STORE(p, i, v)
#else
#define VT ACL_CAT(float, VW)
#define VLOAD_IO(p, i) ACL_CAT(IO_VLOAD, VW)(p, i)
#define VSTORE_IO(p, i, v) ACL_CAT(IO_VSTORE, VW)(p, i, v)
#endif

// Sum of a part's elements in a fixed order (pairwise).
inline float gnsg_hsum(VT v) {
#if VW == 1
    return v;
#elif VW == 2
    return v.s0 + v.s1;
#elif VW == 4
    return (v.s0 + v.s1) + (v.s2 + v.s3);
#else
    float4 h = v.lo + v.hi;
    return (h.s0 + h.s1) + (h.s2 + h.s3);
#endif
}

// Sum of a run's elements from its parts' accumulators acc[PARTS]: for VEC = 16, elements e and e + 8
// first, then the float8 pairwise.
#if PARTS == 2
#define GNSG_HSUM_RUN(acc) gnsg_hsum((acc)[0] + (acc)[1])
#else
#define GNSG_HSUM_RUN(acc) gnsg_hsum((acc)[0])
#endif

// ---- the math ------------------------------------------------------------------------------------------
// g (dy times the swish derivative) for one element; xhat handed back for the second sum. The scalar and
// vector forms are the same expression.
// Without SWISH (aclnnGroupNormBackward), g = dy.
#if SWISH
#define GNSG_GRAD_BODY(T)                                       \
    T xhat, z, sz, sg, g;                                       \
    xhat = (x - mean) * rstd;                                   \
    z = xhat * gamma + beta;                                    \
    sz = scale * z;                                             \
    sg = 1.0f / (1.0f + exp(-sz));                              \
    g = dy * sg * (1.0f + sz * (1.0f - sg));
#else
#define GNSG_GRAD_BODY(T)                                       \
    T xhat = (x - mean) * rstd, g = dy;                         \
    (void)gamma;                                                \
    (void)beta;                                                 \
    (void)scale;
#endif

inline float gnsg_grad1(float x, float dy, float mean, float rstd, float gamma, float beta, float scale,
                        float *xhat_out) {
    GNSG_GRAD_BODY(float)
    *xhat_out = xhat;
    return g;
}

inline VT gnsg_gradv(VT x, VT dy, float mean, float rstd, float gamma, float beta, float scale, VT *xhat_out) {
    GNSG_GRAD_BODY(VT)
    *xhat_out = xhat;
    return g;
}

inline float8 gnsg_grad8(float8 x, float8 dy, float8 mean, float8 rstd, float8 gamma, float8 beta, float scale,
                         float8 *xhat_out) {
    GNSG_GRAD_BODY(float8)
    *xhat_out = xhat;
    return g;
}

// ---- one work-item's share of a plane ------------------------------------------------------------------
// Elements [begin, end) of the plane at base; this work-item is lane `lane` of `lanes`: it takes the
// VEC-element runs lane, lane + lanes, ... of [begin, vec_end), then the single elements lane,
// lane + lanes, ... of the tail [vec_end, end), in that order.

// Sums of g and g * xhat over this work-item's share (vector lanes added pairwise before the tail).
inline void gnsg_sum_share(__global const IO_T *x, __global const IO_T *dy, INDEX_T base, INDEX_T begin,
                           INDEX_T end, int lane, int lanes, float m, float r, float ga, float be, float scale,
                           float *sum_g, float *sum_gx) {
    const INDEX_T vec_end = begin + (end - begin) / VEC * VEC;
    VT vacc_g[PARTS], vacc_gx[PARTS];
    PARTS_EACH(h) {
        vacc_g[h] = 0.0f;
        vacc_gx[h] = 0.0f;
    }
    ORDERED_LOOP for (INDEX_T i = begin + lane * VEC; i < vec_end; i += lanes * VEC) {
        PARTS_EACH(h) {
            const INDEX_T at = base + i + h * VW;
            VT xhat;
            VT gv = gnsg_gradv(VLOAD_IO(x, at), VLOAD_IO(dy, at), m, r, ga, be, scale, &xhat);
            vacc_g[h] += gv;
            vacc_gx[h] += gv * xhat;
        }
    }
    float acc_g = GNSG_HSUM_RUN(vacc_g), acc_gx = GNSG_HSUM_RUN(vacc_gx);
    ORDERED_LOOP for (INDEX_T i = vec_end + lane; i < end; i += lanes) {
        float xhat;
        float gv = gnsg_grad1(IO_LOAD(x, base + i), IO_LOAD(dy, base + i), m, r, ga, be, scale, &xhat);
        acc_g += gv;
        acc_gx += gv * xhat;
    }
    *sum_g = acc_g;
    *sum_gx = acc_gx;
}

// dx = rstd * (g * gamma - xhat * c2 - c1) over this work-item's share.
inline void gnsg_dx_share(__global const IO_T *x, __global const IO_T *dy, __global IO_T *dx, INDEX_T base,
                          INDEX_T begin, INDEX_T end, int lane, int lanes, float m, float r, float ga, float be,
                          float scale, float c1, float c2) {
    const INDEX_T vec_end = begin + (end - begin) / VEC * VEC;
    for (INDEX_T i = begin + lane * VEC; i < vec_end; i += lanes * VEC) {
        PARTS_EACH(h) {
            const INDEX_T at = base + i + h * VW;
            VT xhat;
            VT gv = gnsg_gradv(VLOAD_IO(x, at), VLOAD_IO(dy, at), m, r, ga, be, scale, &xhat);
            VSTORE_IO(dx, at, r * (gv * ga - xhat * c2 - c1));
        }
    }
    for (INDEX_T i = vec_end + lane; i < end; i += lanes) {
        float xhat;
        float gv = gnsg_grad1(IO_LOAD(x, base + i), IO_LOAD(dy, base + i), m, r, ga, be, scale, &xhat);
        IO_STORE(dx, base + i, r * (gv * ga - xhat * c2 - c1));
    }
}

// ---- pass 1 ---------------------------------------------------------------------------------------------
// partial_g[plane * chunks + chunk] = sum of g over the chunk; partial_gx likewise for g * xhat.
__kernel __attribute__((reqd_work_group_size(LOCAL, 1, 1))) void gnsg_plane_sums(
    __global const IO_T *dy, ulong dy_off, __global const IO_T *mean, ulong mean_off, __global const IO_T *rstd,
    ulong rstd_off, __global const IO_T *x, ulong x_off, __global const IO_T *gamma, ulong gamma_off,
    __global const IO_T *beta, ulong beta_off, __global float *partial_g, ulong partial_g_off,
    __global float *partial_gx, ulong partial_gx_off, int planes, int channels, int channels_per_group,
    long plane_len_arg, long chunk_len_arg, int chunks, float scale) {
    const INDEX_T plane_len = (INDEX_T)plane_len_arg, chunk_len = (INDEX_T)chunk_len_arg;
#if LANES > 1
    __local float sum_g[LOCAL];
    __local float sum_gx[LOCAL];
#endif
    GNSG_OFFSET_INPUTS;
    partial_g += partial_g_off;
    partial_gx += partial_gx_off;

    const int lid = (int)get_local_id(0);
    const int lane = lid % LANES;
    const int w = (int)get_group_id(0);
    const int chunk = w % chunks;
    const int plane = (w / chunks) * PLANES_PER_GROUP + lid / LANES;
    const bool live = plane < planes;
    const int p = live ? plane : 0;  // idle work-items still take part in the barriers
    const int c = p % channels;
    const int ng = (p / channels) * (channels / channels_per_group) + c / channels_per_group;
    const float m = IO_LOAD(mean, ng), r = IO_LOAD(rstd, ng);
    const float ga = GAMMA_AT(c), be = BETA_AT(c);

    const INDEX_T begin = (INDEX_T)chunk * chunk_len;
    const INDEX_T end = min(begin + chunk_len, plane_len);
    float acc_g = 0.0f, acc_gx = 0.0f;
    if (live) {
        gnsg_sum_share(x, dy, (INDEX_T)p * plane_len, begin, end, lane, LANES, m, r, ga, be, scale, &acc_g,
                       &acc_gx);
    }
#if LANES > 1
    sum_g[lid] = acc_g;
    sum_gx[lid] = acc_gx;
    for (int stride = LANES / 2; stride > 0; stride >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lane < stride) {
            sum_g[lid] += sum_g[lid + stride];
            sum_gx[lid] += sum_gx[lid + stride];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    acc_g = sum_g[lid];
    acc_gx = sum_gx[lid];
#endif
    if (lane == 0 && live) {
        partial_g[(INDEX_T)plane * chunks + chunk] = acc_g;
        partial_gx[(INDEX_T)plane * chunks + chunk] = acc_gx;
    }
}

// ---- pass 2 ---------------------------------------------------------------------------------------------
// Tree over the LANES_ lanes of each segment of a work-group; afterwards lane 0 of a segment holds the sum.
#define GNSG_SEGMENT_TREE(LANES_, sa, sb, lid, lane, a, b)           \
    sa[lid] = a;                                                     \
    sb[lid] = b;                                                     \
    for (int stride = (LANES_) / 2; stride > 0; stride >>= 1) {      \
        barrier(CLK_LOCAL_MEM_FENCE);                                \
        if (lane < stride) {                                         \
            sa[lid] += sa[lid + stride];                             \
            sb[lid] += sb[lid + stride];                             \
        }                                                            \
    }                                                                \
    barrier(CLK_LOCAL_MEM_FENCE);                                    \
    a = sa[lid];                                                     \
    b = sb[lid];

// coef[2 * ng] = c1, coef[2 * ng + 1] = c2 of (n, group) ng = n * groups + group. Lane l sums the
// chunks of channels l, l + COEF_LANES, ... of the group, each weighted by gamma[channel], in that order.
__kernel __attribute__((reqd_work_group_size(COEF_LOCAL, 1, 1))) void gnsg_group_coef(
    __global const float *partial_g, ulong partial_g_off, __global const float *partial_gx, ulong partial_gx_off,
    __global const IO_T *gamma, ulong gamma_off, __global float *coef, ulong coef_off, int batch, int channels,
    int channels_per_group, int chunks, float inv_group_size) {
#if COEF_LANES > 1
    __local float sum_g[COEF_LOCAL];
    __local float sum_gx[COEF_LOCAL];
#endif
    partial_g += partial_g_off;
    partial_gx += partial_gx_off;
    GNSG_OFFSET_GAMMA;
    coef += coef_off;
    const int lid = (int)get_local_id(0);
    const int lane = lid % COEF_LANES;
    const int groups = channels / channels_per_group;
    const int ng = (int)get_group_id(0) * (COEF_LOCAL / COEF_LANES) + lid / COEF_LANES;
    const bool live = ng < batch * groups;
    float acc_g = 0.0f, acc_gx = 0.0f;
    if (live) {
        const int n = ng / groups, c0 = (ng % groups) * channels_per_group;
        ORDERED_LOOP for (int c = c0 + lane; c < c0 + channels_per_group; c += COEF_LANES) {
            const INDEX_T at = ((INDEX_T)n * channels + c) * chunks;
            const float ga = GAMMA_AT(c);
            ORDERED_LOOP for (int k = 0; k < chunks; ++k) {
                acc_g += ga * partial_g[at + k];
                acc_gx += ga * partial_gx[at + k];
            }
        }
    }
#if COEF_LANES > 1
    GNSG_SEGMENT_TREE(COEF_LANES, sum_g, sum_gx, lid, lane, acc_g, acc_gx)
#endif
    if (lane == 0 && live) {
        coef[2 * ng] = acc_g * inv_group_size;
        coef[2 * ng + 1] = acc_gx * inv_group_size;
    }
}

// dbeta[c] = sum g, dgamma[c] = sum g * xhat. Lane l sums the chunks of samples l, l + CHAN_LANES, ...
__kernel __attribute__((reqd_work_group_size(CHAN_LOCAL, 1, 1))) void gnsg_channel_grads(
    __global const float *partial_g, ulong partial_g_off, __global const float *partial_gx, ulong partial_gx_off,
    __global IO_T *dgamma, ulong dgamma_off, __global IO_T *dbeta, ulong dbeta_off, int batch, int channels,
    int chunks) {
#if CHAN_LANES > 1
    __local float sum_g[CHAN_LOCAL];
    __local float sum_gx[CHAN_LOCAL];
#endif
    partial_g += partial_g_off;
    partial_gx += partial_gx_off;
    const int lid = (int)get_local_id(0);
    const int lane = lid % CHAN_LANES;
    const int c = (int)get_group_id(0) * (CHAN_LOCAL / CHAN_LANES) + lid / CHAN_LANES;
    const bool live = c < channels;
    float acc_g = 0.0f, acc_gx = 0.0f;
    if (live) {
        ORDERED_LOOP for (int n = lane; n < batch; n += CHAN_LANES) {
            const INDEX_T at = ((INDEX_T)n * channels + c) * chunks;
            ORDERED_LOOP for (int k = 0; k < chunks; ++k) {
                acc_g += partial_g[at + k];
                acc_gx += partial_gx[at + k];
            }
        }
    }
#if CHAN_LANES > 1
    GNSG_SEGMENT_TREE(CHAN_LANES, sum_g, sum_gx, lid, lane, acc_g, acc_gx)
#endif
    if (lane == 0 && live) {
#if WANT_DBETA
        IO_STORE(dbeta, dbeta_off + c, acc_g);
#endif
#if WANT_DGAMMA
        IO_STORE(dgamma, dgamma_off + c, acc_gx);
#endif
    }
}

// ---- pass 3 ---------------------------------------------------------------------------------------------
// dx = rstd * (g * gamma - xhat * c2 - c1), with the geometry of gnsg_plane_sums.
__kernel __attribute__((reqd_work_group_size(LOCAL, 1, 1))) void gnsg_dx(
    __global const IO_T *dy, ulong dy_off, __global const IO_T *mean, ulong mean_off, __global const IO_T *rstd,
    ulong rstd_off, __global const IO_T *x, ulong x_off, __global const IO_T *gamma, ulong gamma_off,
    __global const IO_T *beta, ulong beta_off, __global const float *coef, ulong coef_off, __global IO_T *dx,
    ulong dx_off, int planes, int channels, int channels_per_group, long plane_len_arg, long chunk_len_arg,
    int chunks, float scale) {
    const INDEX_T plane_len = (INDEX_T)plane_len_arg, chunk_len = (INDEX_T)chunk_len_arg;
    GNSG_OFFSET_INPUTS;
    coef += coef_off;
    dx += dx_off;

    const int lid = (int)get_local_id(0);
    const int lane = lid % LANES;
    const int w = (int)get_group_id(0);
    const int chunk = w % chunks;
    const int plane = (w / chunks) * PLANES_PER_GROUP + lid / LANES;
    if (plane >= planes) return;
    const int c = plane % channels;
    const int ng = (plane / channels) * (channels / channels_per_group) + c / channels_per_group;
    const float m = IO_LOAD(mean, ng), r = IO_LOAD(rstd, ng);
    const float ga = GAMMA_AT(c), be = BETA_AT(c);
    const float c1 = coef[2 * ng], c2 = coef[2 * ng + 1];

    const INDEX_T begin = (INDEX_T)chunk * chunk_len;
    const INDEX_T end = min(begin + chunk_len, plane_len);
    gnsg_dx_share(x, dy, dx, (INDEX_T)plane * plane_len, begin, end, lane, LANES, m, r, ga, be, scale, c1, c2);
}

// ---- passes 1 to 3 fused, for CPUs ---------------------------------------------------------------------
// Work-item ng takes the whole (n, group) ng: the plane sums of its channels (stored for
// gnsg_channel_grads), c1 and c2, then dx, while the group's x and dy are still in the core's cache.
// Its sums run in the order of gnsg_plane_sums + gnsg_group_coef with LANES = COEF_LANES = 1 and one
// chunk per plane. With GROUP_CACHE > 0 (at least (C / G) * HxW) pass 1 also keeps every g in local
// memory, so that pass 3 neither reads dy nor evaluates exp again; without it pass 3 recomputes g.
#if GROUP_CACHE > 0
#if VW == 1
#define VLOAD_F(p, i) ((p)[i])
#define VSTORE_F(p, i, v) ((p)[i] = (v))
#else
#define VLOAD_F(p, i) ACL_CAT(vload, VW)(0, (p) + (i))
#define VSTORE_F(p, i, v) ACL_CAT(vstore, VW)((v), 0, (p) + (i))
#endif
#endif

__kernel void gnsg_fused_group(
    __global const IO_T *dy, ulong dy_off, __global const IO_T *mean, ulong mean_off, __global const IO_T *rstd,
    ulong rstd_off, __global const IO_T *x, ulong x_off, __global const IO_T *gamma, ulong gamma_off,
    __global const IO_T *beta, ulong beta_off, __global float *partial_g, ulong partial_g_off,
    __global float *partial_gx, ulong partial_gx_off, __global IO_T *dx, ulong dx_off, int batch, int channels,
    int channels_per_group, long plane_len_arg, float scale, float inv_group_size) {
#if GROUP_CACHE > 0
    __local float g_cache[GROUP_CACHE];
#endif
    const INDEX_T plane_len = (INDEX_T)plane_len_arg;
    GNSG_OFFSET_INPUTS;
    partial_g += partial_g_off;
    partial_gx += partial_gx_off;
    dx += dx_off;
    const int groups = channels / channels_per_group;
    const int ng = (int)get_global_id(0);
    if (ng >= batch * groups) return;
    const int c0 = (ng % groups) * channels_per_group;
    const int plane0 = (ng / groups) * channels + c0;
    const float m = IO_LOAD(mean, ng), r = IO_LOAD(rstd, ng);
    if (plane_len == 1) {
        // (N, C) inputs (HxW = 1): each plane is one element, so the group's planes are one run of
        // channels_per_group elements, taken 16 at a time as two float8 with gamma and beta beside them
        // (the loops below would take one channel per step, in scalar math). The sums are theirs: each
        // plane's two sums are 0 plus its one term, and c1 and c2 add the channels in order.
        const int full = channels_per_group / 16 * 16;
        float c1 = 0.0f, c2 = 0.0f;
        ORDERED_LOOP for (int k = 0; k < full; k += 16) {
            float gav[16], a[16], b[16];
#pragma unroll
            for (int h = 0; h < 2; ++h) {
                const int kh = k + 8 * h;
                const INDEX_T e = (INDEX_T)(plane0 + kh);
                const float8 ga = GAMMA_AT8(c0 + kh);
                float8 xhat;
                const float8 g = gnsg_grad8(IO_VLOAD8(x, e), IO_VLOAD8(dy, e), (float8)m, (float8)r, ga,
                                            BETA_AT8(c0 + kh), scale, &xhat);
                const float8 sg = 0.0f + g, sgx = 0.0f + g * xhat;
                vstore8(sg, 0, partial_g + e);
                vstore8(sgx, 0, partial_gx + e);
#if GROUP_CACHE > 0
                vstore8(g, 0, g_cache + kh);
#endif
                vstore8(ga, h, gav);
                vstore8(sg, h, a);
                vstore8(sgx, h, b);
            }
            ORDERED_LOOP for (int j = 0; j < 16; ++j) {
                c1 += gav[j] * a[j];
                c2 += gav[j] * b[j];
            }
        }
        ORDERED_LOOP for (int k = full; k < channels_per_group; ++k) {
            const INDEX_T e = (INDEX_T)(plane0 + k);
            const float ga = GAMMA_AT(c0 + k);
            float xhat;
            const float g = gnsg_grad1(IO_LOAD(x, e), IO_LOAD(dy, e), m, r, ga, BETA_AT(c0 + k), scale, &xhat);
            const float sg = 0.0f + g, sgx = 0.0f + g * xhat;
            partial_g[e] = sg;
            partial_gx[e] = sgx;
#if GROUP_CACHE > 0
            g_cache[k] = g;
#endif
            c1 += ga * sg;
            c2 += ga * sgx;
        }
        c1 *= inv_group_size;
        c2 *= inv_group_size;
        for (int k = 0; k < full; k += 8) {  // the same 16-element runs, a float8 at a time
            const INDEX_T e = (INDEX_T)(plane0 + k);
            const float8 ga = GAMMA_AT8(c0 + k), xv = IO_VLOAD8(x, e);
#if GROUP_CACHE > 0
            const float8 g = vload8(0, g_cache + k);
            const float8 xhat = (xv - m) * r;
#else
            float8 xhat;
            const float8 g =
                gnsg_grad8(xv, IO_VLOAD8(dy, e), (float8)m, (float8)r, ga, BETA_AT8(c0 + k), scale, &xhat);
#endif
            IO_VSTORE8(dx, e, r * (g * ga - xhat * c2 - c1));
        }
        for (int k = full; k < channels_per_group; ++k) {
            const INDEX_T e = (INDEX_T)(plane0 + k);
            const float ga = GAMMA_AT(c0 + k), xv = IO_LOAD(x, e);
#if GROUP_CACHE > 0
            const float g = g_cache[k];
            const float xhat = (xv - m) * r;
#else
            float xhat;
            const float g = gnsg_grad1(xv, IO_LOAD(dy, e), m, r, ga, BETA_AT(c0 + k), scale, &xhat);
#endif
            IO_STORE(dx, e, r * (g * ga - xhat * c2 - c1));
        }
        return;
    }
    const INDEX_T vec_end = plane_len / VEC * VEC;
    float c1 = 0.0f, c2 = 0.0f;
    ORDERED_LOOP for (int k = 0; k < channels_per_group; ++k) {
        const float ga = GAMMA_AT(c0 + k), be = BETA_AT(c0 + k);
        const INDEX_T base = (INDEX_T)(plane0 + k) * plane_len;
        float sum_g, sum_gx;
#if GROUP_CACHE > 0
        __local float *cache = g_cache + (INDEX_T)k * plane_len;
        VT vacc_g[PARTS], vacc_gx[PARTS];
        PARTS_EACH(h) {
            vacc_g[h] = 0.0f;
            vacc_gx[h] = 0.0f;
        }
        ORDERED_LOOP for (INDEX_T i = 0; i < vec_end; i += VEC) {
            PARTS_EACH(h) {
                const INDEX_T at = i + h * VW;
                VT xhat;
                VT gv = gnsg_gradv(VLOAD_IO(x, base + at), VLOAD_IO(dy, base + at), m, r, ga, be, scale, &xhat);
                VSTORE_F(cache, at, gv);
                vacc_g[h] += gv;
                vacc_gx[h] += gv * xhat;
            }
        }
        sum_g = GNSG_HSUM_RUN(vacc_g);
        sum_gx = GNSG_HSUM_RUN(vacc_gx);
        ORDERED_LOOP for (INDEX_T i = vec_end; i < plane_len; ++i) {
            float xhat;
            float gv = gnsg_grad1(IO_LOAD(x, base + i), IO_LOAD(dy, base + i), m, r, ga, be, scale, &xhat);
            cache[i] = gv;
            sum_g += gv;
            sum_gx += gv * xhat;
        }
#else
        gnsg_sum_share(x, dy, base, 0, plane_len, 0, 1, m, r, ga, be, scale, &sum_g, &sum_gx);
#endif
        partial_g[plane0 + k] = sum_g;
        partial_gx[plane0 + k] = sum_gx;
        c1 += ga * sum_g;
        c2 += ga * sum_gx;
    }
    c1 *= inv_group_size;
    c2 *= inv_group_size;
    for (int k = 0; k < channels_per_group; ++k) {
        const float ga = GAMMA_AT(c0 + k), be = BETA_AT(c0 + k);
        const INDEX_T base = (INDEX_T)(plane0 + k) * plane_len;
#if GROUP_CACHE > 0
        __local const float *cache = g_cache + (INDEX_T)k * plane_len;
        for (INDEX_T i = 0; i < vec_end; i += VW) {  // VEC-element runs, a part at a time
            VT xhat = (VLOAD_IO(x, base + i) - m) * r;
            VSTORE_IO(dx, base + i, r * (VLOAD_F(cache, i) * ga - xhat * c2 - c1));
        }
        for (INDEX_T i = vec_end; i < plane_len; ++i) {
            float xhat = (IO_LOAD(x, base + i) - m) * r;
            IO_STORE(dx, base + i, r * (cache[i] * ga - xhat * c2 - c1));
        }
        (void)be;
#else
        gnsg_dx_share(x, dy, dx, base, 0, plane_len, 0, 1, m, r, ga, be, scale, c1, c2);
#endif
    }
}

// ---- tiny planes (HxW below 16) on CPUs -----------------------------------------------------------------
// One work-item takes 16 consecutive planes and computes them as the lanes of two float8 (planes
// 8 h .. 8 h + 7 of its 16 in part h), walking the plane positions in order: the same per-plane order as
// above (one work-item per plane, ascending), but with the vector math of the large-plane path. Partials
// use chunks == 1. Global work-item t covers planes 16 t ... 16 t + 15.
#define TINY 16
#define TINY_PART 8

// Parameters of planes first .. first + 15 (planes past the end repeat the last one; their results are
// never stored), into private arrays of TINY.
inline void gnsg_tiny_params(int first, int planes, int channels, int channels_per_group,
                             __global const IO_T *mean, __global const IO_T *rstd, __global const IO_T *gamma,
                             __global const IO_T *beta, int *ng_out, float *mv, float *rv, float *gv, float *bv) {
    const int groups = channels / channels_per_group;
    // Divide once, then step through (channel, group) as the plane index grows.
    int c = first % channels, in_group = c % channels_per_group;
    int ng = (first / channels) * groups + c / channels_per_group;
    for (int k = 0; k < TINY; ++k) {
        ng_out[k] = ng;
        mv[k] = IO_LOAD(mean, ng);
        rv[k] = IO_LOAD(rstd, ng);
        gv[k] = GAMMA_AT(c);
        bv[k] = BETA_AT(c);
        if (first + k + 1 < planes) {  // past the end: repeat the last plane's parameters
            ++c;
            if (++in_group == channels_per_group) {
                in_group = 0;
                ++ng;  // the next group, or the first group of the next sample
            }
            if (c == channels) c = 0;
        }
    }
}

// Element h of planes first .. first + 7.
inline float8 gnsg_tiny_load(__global const IO_T *p, int first, int planes, INDEX_T plane_len, INDEX_T h) {
    if (plane_len == 1 && first + TINY_PART <= planes) return IO_VLOAD8(p, first);  // 2-D input: one run
    float v[TINY_PART];
    for (int k = 0; k < TINY_PART; ++k) v[k] = IO_LOAD(p, (INDEX_T)min(first + k, planes - 1) * plane_len + h);
    return vload8(0, v);
}

// The tiny kernels' first planes and their parameters (returns for work-items past the last plane).
#define GNSG_TINY_PLANES(first, ng, mv, rv, gav, bev)                                                       \
    const int first = (int)get_global_id(0) * TINY;                                                      \
    if (first >= planes) return;                                                                         \
    int ng[TINY];                                                                                        \
    float mv[TINY], rv[TINY], gav[TINY], bev[TINY];                                                      \
    gnsg_tiny_params(first, planes, channels, channels_per_group, mean, rstd, gamma, beta, ng, mv, rv, gav, bev)

// g and xhat of element h of planes first .. first + 7.
inline float8 gnsg_tiny_grad(__global const IO_T *x, __global const IO_T *dy, int first, int planes,
                             INDEX_T plane_len, INDEX_T h, float8 m, float8 r, float8 ga, float8 be, float scale,
                             float8 *xhat) {
    return gnsg_grad8(gnsg_tiny_load(x, first, planes, plane_len, h), gnsg_tiny_load(dy, first, planes, plane_len, h),
                      m, r, ga, be, scale, xhat);
}

__kernel void gnsg_plane_sums_tiny(
    __global const IO_T *dy, ulong dy_off, __global const IO_T *mean, ulong mean_off, __global const IO_T *rstd,
    ulong rstd_off, __global const IO_T *x, ulong x_off, __global const IO_T *gamma, ulong gamma_off,
    __global const IO_T *beta, ulong beta_off, __global float *partial_g, ulong partial_g_off,
    __global float *partial_gx, ulong partial_gx_off, int planes, int channels, int channels_per_group,
    long plane_len_arg, long chunk_len_arg, int chunks, float scale) {
    const INDEX_T plane_len = (INDEX_T)plane_len_arg;  // chunk_len_arg: unused (one chunk per plane)
    GNSG_OFFSET_INPUTS;
    partial_g += partial_g_off;
    partial_gx += partial_gx_off;
    GNSG_TINY_PLANES(first, ng, mv, rv, gav, bev);
    for (int part = 0; part < TINY / TINY_PART; ++part) {
        const int f = first + part * TINY_PART;
        if (f >= planes) break;
        const float8 m = vload8(part, mv), r = vload8(part, rv), ga = vload8(part, gav), be = vload8(part, bev);
        float8 acc_g = 0.0f, acc_gx = 0.0f;
        ORDERED_LOOP for (INDEX_T h = 0; h < plane_len; ++h) {
            float8 xhat;
            const float8 g = gnsg_tiny_grad(x, dy, f, planes, plane_len, h, m, r, ga, be, scale, &xhat);
            acc_g += g;
            acc_gx += g * xhat;
        }
        float sg[TINY_PART], sgx[TINY_PART];
        vstore8(acc_g, 0, sg);
        vstore8(acc_gx, 0, sgx);
        for (int k = 0; k < TINY_PART && f + k < planes; ++k) {
            partial_g[f + k] = sg[k];
            partial_gx[f + k] = sgx[k];
        }
    }
}

__kernel void gnsg_dx_tiny(
    __global const IO_T *dy, ulong dy_off, __global const IO_T *mean, ulong mean_off, __global const IO_T *rstd,
    ulong rstd_off, __global const IO_T *x, ulong x_off, __global const IO_T *gamma, ulong gamma_off,
    __global const IO_T *beta, ulong beta_off, __global const float *coef, ulong coef_off, __global IO_T *dx,
    ulong dx_off, int planes, int channels, int channels_per_group, long plane_len_arg, long chunk_len_arg,
    int chunks, float scale) {
    const INDEX_T plane_len = (INDEX_T)plane_len_arg;  // chunk_len_arg: unused (one chunk per plane)
    GNSG_OFFSET_INPUTS;
    coef += coef_off;
    dx += dx_off;
    GNSG_TINY_PLANES(first, ng, mv, rv, gav, bev);
    float c1v[TINY], c2v[TINY];
    for (int k = 0; k < TINY; ++k) {
        c1v[k] = coef[2 * ng[k]];
        c2v[k] = coef[2 * ng[k] + 1];
    }
    for (int part = 0; part < TINY / TINY_PART; ++part) {
        const int f = first + part * TINY_PART;
        if (f >= planes) break;
        const float8 m = vload8(part, mv), r = vload8(part, rv), ga = vload8(part, gav), be = vload8(part, bev);
        const float8 c1 = vload8(part, c1v), c2 = vload8(part, c2v);
        const int count = min(TINY_PART, planes - f);
        for (INDEX_T h = 0; h < plane_len; ++h) {
            float8 xhat;
            const float8 g = gnsg_tiny_grad(x, dy, f, planes, plane_len, h, m, r, ga, be, scale, &xhat);
            const float8 result = r * (g * ga - xhat * c2 - c1);
            if (plane_len == 1 && count == TINY_PART) {
                IO_VSTORE8(dx, f, result);
                continue;
            }
            float out[TINY_PART];
            vstore8(result, 0, out);
            for (int k = 0; k < count; ++k) IO_STORE(dx, (INDEX_T)(f + k) * plane_len + h, out[k]);
        }
    }
}
