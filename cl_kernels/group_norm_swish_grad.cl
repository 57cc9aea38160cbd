// GroupNormSwishGrad: the gradient of swish(group_norm(x) * gamma + beta), swish(z) = z * sigmoid(s * z),
// with mean and rstd given. Four kernels, no atomics, every sum in a fixed order:
//   gnsg_plane_sums     reads x and dy once: per (plane, chunk) the sums of g and g * xhat (a plane is the
//                       HxW elements of one (n, c))
//   gnsg_group_coef     per (n, group): c1 = sum gamma * sum g / M, c2 = sum gamma * sum g * xhat / M
//   gnsg_channel_grads  per channel: dbeta = sum g, dgamma = sum g * xhat over n and the plane
//   gnsg_dx             reads x and dy again and writes dx = rstd * (g * gamma - xhat * c2 - c1)
// where g = dy * sg * (1 + s * z * (1 - sg)), sg = sigmoid(s * z), z = xhat * gamma + beta,
// xhat = (x - mean) * rstd; M = (C / G) * HxW. All arithmetic in fp32, one rounding on store.
//
// Macros the host defines:
//   IO_T, IO_LOAD, IO_STORE  the one dtype of all nine tensors (common.cl conventions)
//   IO_KIND                  0 fp32, 1 fp16, 2 bf16 (selects the vector loads and stores below)
//   INDEX_T                  int when every element index fits in 31 bits, else long
//   VEC                      1, 2, 4, 8 or 16: consecutive elements a work-item handles per step
//   LOCAL, LANES             work-group size of the plane kernels; LANES work-items share a plane
//                            (powers of two, LANES divides LOCAL); a work-group covers LOCAL / LANES
//                            consecutive planes, all at the same chunk
//   COEF_LOCAL, COEF_LANES   the same for gnsg_group_coef (lanes per (n, group))
//   CHAN_LOCAL, CHAN_LANES   the same for gnsg_channel_grads (lanes per channel)
//   WANT_DGAMMA, WANT_DBETA  1 when that output is written
//
// Plane geometry: work-group w covers chunk (w % chunks) of planes (w / chunks) * (LOCAL / LANES) + ...;
// a chunk is chunk_len elements (a multiple of LANES * VEC; the last chunk of a plane may be shorter).
// Lane l of a plane takes the VEC-element runs l, l + LANES, ... of its chunk, then single elements of
// the chunk's tail (fewer than VEC). Each work-item's sum runs in that order; then a tree over lanes.

#define PLANES_PER_GROUP (LOCAL / LANES)

// ---- vector access to the IO dtype -------------------------------------------------------------------
#define GNSG_CAT2(a, b) a##b
#define GNSG_CAT(a, b) GNSG_CAT2(a, b)
#if VEC == 1
#define VT float
#define VLOAD_IO(p, i) IO_LOAD(p, i)
#define VSTORE_IO(p, i, v) IO_STORE(p, i, v)
#else
#define VT GNSG_CAT(float, VEC)
#define VUINT GNSG_CAT(uint, VEC)
#if IO_KIND == 0
#define VLOAD_IO(p, i) GNSG_CAT(vload, VEC)(0, (p) + (i))
#define VSTORE_IO(p, i, v) GNSG_CAT(vstore, VEC)((v), 0, (p) + (i))
#elif IO_KIND == 1
#define VLOAD_IO(p, i) GNSG_CAT(vload_half, VEC)(0, (p) + (i))
#define VSTORE_IO(p, i, v) GNSG_CAT(GNSG_CAT(vstore_half, VEC), _rte)((v), 0, (p) + (i))
#else
#define VLOAD_IO(p, i) GNSG_CAT(as_float, VEC)(GNSG_CAT(convert_uint, VEC)(GNSG_CAT(vload, VEC)(0, (p) + (i))) << 16)
#define VSTORE_IO(p, i, v) GNSG_CAT(vstore, VEC)(gnsg_to_bf16v(v), 0, (p) + (i))
// Round to nearest even, NaNs kept quiet: the vector form of common.cl's float_to_bf16.
inline GNSG_CAT(ushort, VEC) gnsg_to_bf16v(VT f) {
    VUINT u = GNSG_CAT(as_uint, VEC)(f);
    VUINT rounded = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
    VUINT quiet = (u >> 16) | 0x40u;
    VUINT r = select(rounded, quiet, (u & 0x7fffffffu) > 0x7f800000u);
    return GNSG_CAT(convert_ushort, VEC)(r);
}
#endif
#endif

// Sum of a vector's elements in a fixed order (pairwise).
inline float gnsg_hsum(VT v) {
#if VEC == 1
    return v;
#elif VEC == 2
    return v.s0 + v.s1;
#elif VEC == 4
    return (v.s0 + v.s1) + (v.s2 + v.s3);
#elif VEC == 8
    float4 h = v.lo + v.hi;
    return (h.s0 + h.s1) + (h.s2 + h.s3);
#else
    float8 a = v.lo + v.hi;
    float4 h = a.lo + a.hi;
    return (h.s0 + h.s1) + (h.s2 + h.s3);
#endif
}

// ---- the math ------------------------------------------------------------------------------------------
// g (dy times the swish derivative) for one element; xhat handed back for the second sum. The scalar and
// vector forms are the same expression.
#define GNSG_GRAD_BODY                                          \
    xhat = (x - mean) * rstd;                                   \
    z = xhat * gamma + beta;                                    \
    sz = scale * z;                                             \
    sg = 1.0f / (1.0f + exp(-sz));                              \
    g = dy * sg * (1.0f + sz * (1.0f - sg));

inline float gnsg_grad1(float x, float dy, float mean, float rstd, float gamma, float beta, float scale,
                        float *xhat_out) {
    float xhat, z, sz, sg, g;
    GNSG_GRAD_BODY
    *xhat_out = xhat;
    return g;
}

inline VT gnsg_gradv(VT x, VT dy, float mean, float rstd, float gamma, float beta, float scale, VT *xhat_out) {
    VT xhat, z, sz, sg, g;
    GNSG_GRAD_BODY
    *xhat_out = xhat;
    return g;
}

// ---- pass 1 ---------------------------------------------------------------------------------------------
// partial_g[plane * chunks + chunk] = sum of g over the chunk; partial_gx likewise for g * xhat.
__kernel __attribute__((reqd_work_group_size(LOCAL, 1, 1))) void gnsg_plane_sums(
    __global const IO_T *dy, ulong dy_off, __global const IO_T *mean, ulong mean_off, __global const IO_T *rstd,
    ulong rstd_off, __global const IO_T *x, ulong x_off, __global const IO_T *gamma, ulong gamma_off,
    __global const IO_T *beta, ulong beta_off, __global float *partial_g, ulong partial_g_off,
    __global float *partial_gx, ulong partial_gx_off, int planes, int channels, int channels_per_group,
    INDEX_T plane_len, INDEX_T chunk_len, int chunks, float scale) {
#if LANES > 1
    __local float sum_g[LOCAL];
    __local float sum_gx[LOCAL];
#endif
    dy += dy_off;
    mean += mean_off;
    rstd += rstd_off;
    x += x_off;
    gamma += gamma_off;
    beta += beta_off;
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
    const float ga = IO_LOAD(gamma, c), be = IO_LOAD(beta, c);

    const INDEX_T begin = (INDEX_T)chunk * chunk_len;
    const INDEX_T end = min(begin + chunk_len, plane_len);
    const INDEX_T vec_end = begin + (end - begin) / VEC * VEC;
    const INDEX_T base = (INDEX_T)p * plane_len;
    float acc_g = 0.0f, acc_gx = 0.0f;
    if (live) {
        VT vacc_g = 0.0f, vacc_gx = 0.0f;
        for (INDEX_T i = begin + lane * VEC; i < vec_end; i += LANES * VEC) {
            VT xhat;
            VT gv = gnsg_gradv(VLOAD_IO(x, base + i), VLOAD_IO(dy, base + i), m, r, ga, be, scale, &xhat);
            vacc_g += gv;
            vacc_gx += gv * xhat;
        }
        acc_g = gnsg_hsum(vacc_g);
        acc_gx = gnsg_hsum(vacc_gx);
        for (INDEX_T i = vec_end + lane; i < end; i += LANES) {
            float xhat;
            float gv = gnsg_grad1(IO_LOAD(x, base + i), IO_LOAD(dy, base + i), m, r, ga, be, scale, &xhat);
            acc_g += gv;
            acc_gx += gv * xhat;
        }
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

// coef[2 * ng] = c1, coef[2 * ng + 1] = c2 of (n, group) ng = n * groups + group. Terms: (channel of
// the group, chunk), channel-major, each weighted by gamma[channel].
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
    gamma += gamma_off;
    coef += coef_off;
    const int lid = (int)get_local_id(0);
    const int lane = lid % COEF_LANES;
    const int groups = channels / channels_per_group;
    const int ng = (int)get_group_id(0) * (COEF_LOCAL / COEF_LANES) + lid / COEF_LANES;
    const bool live = ng < batch * groups;
    float acc_g = 0.0f, acc_gx = 0.0f;
    if (live) {
        const int n = ng / groups, c0 = (ng % groups) * channels_per_group;
        const INDEX_T terms = (INDEX_T)channels_per_group * chunks;
        for (INDEX_T t = lane; t < terms; t += COEF_LANES) {
            const int c = c0 + (int)(t / chunks);
            const INDEX_T at = ((INDEX_T)n * channels + c) * chunks + t % chunks;
            const float ga = IO_LOAD(gamma, c);
            acc_g += ga * partial_g[at];
            acc_gx += ga * partial_gx[at];
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

// dbeta[c] = sum g, dgamma[c] = sum g * xhat. Terms: (sample, chunk), sample-major.
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
        const INDEX_T terms = (INDEX_T)batch * chunks;
        for (INDEX_T t = lane; t < terms; t += CHAN_LANES) {
            const INDEX_T at = ((t / chunks) * channels + c) * chunks + t % chunks;
            acc_g += partial_g[at];
            acc_gx += partial_gx[at];
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
    ulong dx_off, int planes, int channels, int channels_per_group, INDEX_T plane_len, INDEX_T chunk_len,
    int chunks, float scale) {
    dy += dy_off;
    mean += mean_off;
    rstd += rstd_off;
    x += x_off;
    gamma += gamma_off;
    beta += beta_off;
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
    const float ga = IO_LOAD(gamma, c), be = IO_LOAD(beta, c);
    const float c1 = coef[2 * ng], c2 = coef[2 * ng + 1];

    const INDEX_T begin = (INDEX_T)chunk * chunk_len;
    const INDEX_T end = min(begin + chunk_len, plane_len);
    const INDEX_T vec_end = begin + (end - begin) / VEC * VEC;
    const INDEX_T base = (INDEX_T)plane * plane_len;
    for (INDEX_T i = begin + lane * VEC; i < vec_end; i += LANES * VEC) {
        VT xhat;
        VT gv = gnsg_gradv(VLOAD_IO(x, base + i), VLOAD_IO(dy, base + i), m, r, ga, be, scale, &xhat);
        VSTORE_IO(dx, base + i, r * (gv * ga - xhat * c2 - c1));
    }
    for (INDEX_T i = vec_end + lane; i < end; i += LANES) {
        float xhat;
        float gv = gnsg_grad1(IO_LOAD(x, base + i), IO_LOAD(dy, base + i), m, r, ga, be, scale, &xhat);
        IO_STORE(dx, base + i, r * (gv * ga - xhat * c2 - c1));
    }
}
