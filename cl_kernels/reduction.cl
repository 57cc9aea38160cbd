// The reduction engine's kernels (host/engines/reduction.h): each output is RD_FINALIZE over the elements of
// self that reduce into it, each converted to the accumulate dtype first, accumulated in a fixed order; the
// result rounded once to the accumulate dtype and stored through out's view with OUT_STORE's conversion.
//
// Host defines:
//   slots IN (self), A (the accumulate dtype, storing from self's dtype or, RD_REAL_PART, from the real part
//   of a complex self: cast(self, dtype)), R (the accumulate dtype, storing its own values: the result's one
//   rounding), OUT (out, storing from the accumulate dtype)
//   RD_INIT(), RD_ACCUMULATE(acc, x), RD_COMBINE(acc, other), RD_FINALIZE(acc, count)  the row's math over
//   RD_ACC_T (Defines::expression)
//   RD_BOOL, RD_INTEGRAL, RD_WIDE  the accumulate dtype is bool; an integer (bool included); fp64 or complex128
//   RD_LANES (64)  the LANES path's lanes an output
//   RD_ALONG  the ALONG form's kernels (rd_along_each, rd_along_lanes) instead of rd_each and rd_lanes; its row's
//   math RD_FIRST_INIT(), RD_FIRST_ACCUMULATE(acc, x, y), RD_FIRST_COMBINE(acc, other), RD_SECOND_INIT(),
//   RD_SECOND_ACCUMULATE(acc, x, y, first), RD_SECOND_COMBINE(acc, other), RD_RESULT(x, y, first, second), and
//   RD_SECOND (0: one accumulation; second is 0)
//   RD_ARG  the ARG form (rd_each, rd_lanes): RD_PREFERS(a, b) (a's value wins over b's) picks each output's
//   element, the first among ties in the reduced dims' row-major order, whose position (long) is stored
//   INDEX_T  the index type (common.cl)
// Arguments (rd_each, rd_lanes): the kept dims' extents, self's and out's strides along them (kshape, kin, kout;
// kept_rank of them, 0..8), the reduced dims' extents and self's strides (rshape, rin; reduced_rank, 1..8),
// outermost first. rd_along_*: x, y and out, the kept dims' extents and the three strides along them (kshape,
// kx, ky, kout; kept_rank, 0..7), the row's length (count) and the three strides along it (rx, ry, rout).
//
// build-check: IN:float32 A:float32 R:float32 OUT:float32 RD_ALONG=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=acc
// build-check: IN:float32 A:float16<float32 R:float16 OUT:float32<float16 RD_ALONG=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:long RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=RD_DIV(acc,count)
// build-check: IN:int8 A:bool<int8 R:bool OUT:bool RD_ALONG=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=1 RD_INTEGRAL=1 RD_WIDE=0 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=acc
// build-check: IN:int32 A:int8<int32 R:int8 OUT:int8 RD_ALONG=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=1 RD_WIDE=0 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=RD_DIV(acc,count)
// build-check: IN:complex64 A:complex128<complex64 R:complex128 OUT:complex128 RD_ALONG=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=1 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=RD_DIV(acc,count)
// build-check: IN:complex64 A:float32 R:float32 OUT:float32 RD_ALONG=0 RD_ARG=0 RD_REAL_PART=1 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=acc
// build-check: IN:float32 A:float32 R:float32 OUT:float16<float32 RD_ALONG=1 RD_ARG=0 RD_SECOND=1 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:int RD_FIRST_INIT()=-INFINITY RD_FIRST_ACCUMULATE(acc,x,y)=fmax(acc,x) RD_FIRST_COMBINE(acc,other)=fmax(acc,other) RD_SECOND_INIT()=0 RD_SECOND_ACCUMULATE(acc,x,y,first)=acc+exp(x-first) RD_SECOND_COMBINE(acc,other)=acc+other RD_RESULT(x,y,first,second)=exp(x-first)/second
// build-check: IN:float16 A:float16 R:float16 OUT:float32<float16 RD_ALONG=1 RD_ARG=0 RD_SECOND=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:long RD_FIRST_INIT()=0 RD_FIRST_ACCUMULATE(acc,x,y)=acc+x*y RD_FIRST_COMBINE(acc,other)=acc+other RD_SECOND_INIT()=0 RD_SECOND_ACCUMULATE(acc,x,y,first)=acc RD_SECOND_COMBINE(acc,other)=acc RD_RESULT(x,y,first,second)=y*(x-first)
// build-check: IN:bfloat16 A:float64<bfloat16 R:float64 OUT:float64 RD_ALONG=1 RD_ARG=0 RD_SECOND=1 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=1 RD_LANES=64 INDEX:int RD_FIRST_INIT()=-INFINITY RD_FIRST_ACCUMULATE(acc,x,y)=fmax(acc,x) RD_FIRST_COMBINE(acc,other)=fmax(acc,other) RD_SECOND_INIT()=0 RD_SECOND_ACCUMULATE(acc,x,y,first)=acc+exp(x-first) RD_SECOND_COMBINE(acc,other)=acc+other RD_RESULT(x,y,first,second)=x-first-log(second)
// build-check: IN:float16 A:float16 R:float16 OUT:int32<int64 RD_ALONG=0 RD_ARG=1 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=acc RD_COMBINE(acc,other)=acc RD_FINALIZE(acc,count)=acc RD_PREFERS(a,b)=RD_ISNAN(a)?!RD_ISNAN(b):(a>b)
// build-check: IN:int8 A:int8 R:int8 OUT:int64 RD_ALONG=0 RD_ARG=1 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=1 RD_WIDE=0 RD_LANES=64 INDEX:long RD_INIT()=0 RD_ACCUMULATE(acc,x)=acc RD_COMBINE(acc,other)=acc RD_FINALIZE(acc,count)=acc RD_PREFERS(a,b)=RD_ISNAN(a)?!RD_ISNAN(b):(a>b)
// build-check: IN:bfloat16 A:float64<bfloat16 R:float64 OUT:float64 RD_ALONG=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=1 RD_LANES=64 INDEX:long RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=RD_DIV(acc,count)

#define RD_ACC_T A_VAL_T

// The rows' sum: a logical OR for bool (ReduceSum's BOOL dtype is ReduceAny), the dtype's addition otherwise
// (integers wrap at their width when the sum is stored back into RD_ACC_T).
#if RD_BOOL
#define RD_SUM(a, b) ((RD_ACC_T)((a) | (b)))
#else
#define RD_SUM(a, b) ((RD_ACC_T)((a) + (b)))
#endif

// An accumulator divided by an element count (ulong, never 0): integers truncate toward zero, computed in 64
// bits (the count may not fit the dtype) and wrapped back; complex values divide each part.
#if RD_INTEGRAL
#define RD_DIV(a, n) ((RD_ACC_T)((long)(a) / (long)(n)))
#elif A_IS_COMPLEX && RD_WIDE
#define RD_DIV(a, n) ((a) / (double)(n))
#elif A_IS_COMPLEX
#define RD_DIV(a, n) ((a) / (float)(n))
#else
#define RD_DIV(a, n) ((a) / (RD_ACC_T)(n))
#endif

// NaN, for an ARG row's preference (integers are never NaN).
#if RD_INTEGRAL
#define RD_ISNAN(x) 0
#else
#define RD_ISNAN(x) isnan(x)
#endif

// Element i of self as a value of the accumulate dtype: cast(self, dtype), rounding once.
inline RD_ACC_T rd_load(__global const IN_T *in, INDEX_T i) {
    A_RAW_T bits;
    __private A_T *p = (__private A_T *)&bits;
#if RD_REAL_PART
    A_STORE(p, 0, IN_LOAD(in, i).s0);
#else
    A_STORE(p, 0, IN_LOAD(in, i));
#endif
    return A_LOAD(p, 0);
}

// A result rounded once to the accumulate dtype (fp16 and bf16 accumulate in float).
inline RD_ACC_T rd_round(RD_ACC_T x) {
    R_RAW_T bits;
    __private R_T *p = (__private R_T *)&bits;
    R_STORE(p, 0, x);
    return R_LOAD(p, 0);
}

#define RD_ARRAY(name, v) const long name[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

// Output o's offsets in self (*in_at) and out (*out_at), from its row-major index over the kept dims.
inline void rd_kept(INDEX_T o, const long *shape, const long *in_stride, const long *out_stride, int rank,
                    INDEX_T *in_at, INDEX_T *out_at) {
    INDEX_T rest = o, ia = 0, io = 0;
    for (int k = rank - 1; k >= 0; --k) {
        const INDEX_T extent = (INDEX_T)shape[k];
        const INDEX_T c = rest % extent;
        rest /= extent;
        ia += c * (INDEX_T)in_stride[k];
        io += c * (INDEX_T)out_stride[k];
    }
    *in_at = ia;
    *out_at = io;
}

// The offset in self of element e of one output's elements (row-major over the first `rank` reduced dims).
inline INDEX_T rd_reduced(INDEX_T e, const long *shape, const long *stride, int rank) {
    INDEX_T rest = e, at = 0;
    for (int k = rank - 1; k >= 0; --k) {
        const INDEX_T extent = (INDEX_T)shape[k];
        at += (rest % extent) * (INDEX_T)stride[k];
        rest /= extent;
    }
    return at;
}

#if !RD_ALONG

// EACH: one work-item per output, its elements in row-major order: the innermost reduced dim as the inner
// loop, the others as the outer one.
__kernel void rd_each(__global const IN_T *in, ulong in_off, __global OUT_T *out, ulong out_off, ulong outputs,
                      ulong count, int kept_rank, long8 kshape, long8 kin, long8 kout, int reduced_rank, long8 rshape,
                      long8 rin) {
    in += in_off;
    out += out_off;
    const INDEX_T o = (INDEX_T)get_global_id(0);
    // The NDRange is rounded up to whole work-groups.
    if (o >= (INDEX_T)outputs) return;
    RD_ARRAY(ks, kshape);
    RD_ARRAY(ki, kin);
    RD_ARRAY(ko, kout);
    RD_ARRAY(rs, rshape);
    RD_ARRAY(ri, rin);
    INDEX_T base, at;
    rd_kept(o, ks, ki, ko, kept_rank, &base, &at);
    const INDEX_T inner = (INDEX_T)rs[reduced_rank - 1], step = (INDEX_T)ri[reduced_rank - 1];
    const INDEX_T outer = (INDEX_T)count / inner;
#if RD_ARG
    RD_ACC_T best = (RD_ACC_T)0;
    long best_at = -1;
    for (INDEX_T q = 0; q < outer; ++q) {
        const INDEX_T from = base + rd_reduced(q, rs, ri, reduced_rank - 1);
        for (INDEX_T i = 0; i < inner; ++i) {
            const RD_ACC_T x = rd_load(in, from + i * step);
            if (best_at < 0 || RD_PREFERS(x, best)) {
                best = x;
                best_at = (long)(q * inner + i);
            }
        }
    }
    OUT_STORE(out, at, best_at);
#else
    RD_ACC_T acc = (RD_ACC_T)(RD_INIT());
    ORDERED_LOOP
    for (INDEX_T q = 0; q < outer; ++q) {
        const INDEX_T from = base + rd_reduced(q, rs, ri, reduced_rank - 1);
        ORDERED_LOOP
        for (INDEX_T i = 0; i < inner; ++i) acc = (RD_ACC_T)(RD_ACCUMULATE(acc, rd_load(in, from + i * step)));
    }
    OUT_STORE(out, at, rd_round((RD_ACC_T)(RD_FINALIZE(acc, count))));
#endif
}

// LANES: one work-group per output, its RD_LANES (64) virtual lanes shared among the group's work-items
// (work-item w runs the lanes w, w + items, ...: the host picks any power of two up to 64 the kernel can run):
// lane l accumulates the elements l, l + RD_LANES, ... in order, then the partials combine in a fixed tree
// (lane l with lane l + 32, then l with l + 16, ...). The bits do not depend on the work-group's size.
__kernel void rd_lanes(__global const IN_T *in, ulong in_off, __global OUT_T *out, ulong out_off, ulong outputs,
                       ulong count, int kept_rank, long8 kshape, long8 kin, long8 kout, int reduced_rank, long8 rshape,
                      long8 rin) {
    __local RD_ACC_T part[RD_LANES];
#if RD_ARG
    __local long part_at[RD_LANES];
#endif
    in += in_off;
    out += out_off;
    const INDEX_T o = (INDEX_T)get_group_id(0);
    const int item = (int)get_local_id(0), items = (int)get_local_size(0);
    RD_ARRAY(ks, kshape);
    RD_ARRAY(ki, kin);
    RD_ARRAY(ko, kout);
    RD_ARRAY(rs, rshape);
    RD_ARRAY(ri, rin);
    INDEX_T base, at;
    rd_kept(o, ks, ki, ko, kept_rank, &base, &at);
#if RD_ARG
    // Each lane's winner and its position (-1: a lane without elements), then the tree: the other lane's
    // winner replaces this one's when it wins, or ties at an earlier position.
    for (int lane = item; lane < RD_LANES; lane += items) {
        RD_ACC_T best = (RD_ACC_T)0;
        long best_at = -1;
        for (INDEX_T e = lane; e < (INDEX_T)count; e += RD_LANES) {
            const RD_ACC_T x = rd_load(in, base + rd_reduced(e, rs, ri, reduced_rank));
            if (best_at < 0 || RD_PREFERS(x, best)) {
                best = x;
                best_at = (long)e;
            }
        }
        part[lane] = best;
        part_at[lane] = best_at;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int span = RD_LANES / 2; span > 0; span >>= 1) {
        for (int lane = item; lane < span; lane += items) {
            const RD_ACC_T a = part[lane], b = part[lane + span];
            const long a_at = part_at[lane], b_at = part_at[lane + span];
            if (b_at >= 0 && (a_at < 0 || RD_PREFERS(b, a) || (!(RD_PREFERS(a, b)) && b_at < a_at))) {
                part[lane] = b;
                part_at[lane] = b_at;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (item == 0) OUT_STORE(out, at, part_at[0]);
#else
    for (int lane = item; lane < RD_LANES; lane += items) {
        RD_ACC_T acc = (RD_ACC_T)(RD_INIT());
        ORDERED_LOOP
        for (INDEX_T e = lane; e < (INDEX_T)count; e += RD_LANES) {
            acc = (RD_ACC_T)(RD_ACCUMULATE(acc, rd_load(in, base + rd_reduced(e, rs, ri, reduced_rank))));
        }
        part[lane] = acc;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int span = RD_LANES / 2; span > 0; span >>= 1) {
        for (int lane = item; lane < span; lane += items) {
            part[lane] = (RD_ACC_T)(RD_COMBINE(part[lane], part[lane + span]));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (item == 0) OUT_STORE(out, at, rd_round((RD_ACC_T)(RD_FINALIZE(part[0], count))));
#endif
}

#else  // RD_ALONG

// Row o's offsets in x, y and out (*x_at, *y_at, *out_at), from its row-major index over the kept dims.
inline void rd_along_row(INDEX_T o, const long *shape, const long *x_stride, const long *y_stride,
                         const long *out_stride, int rank, INDEX_T *x_at, INDEX_T *y_at, INDEX_T *out_at) {
    INDEX_T rest = o, ix = 0, iy = 0, io = 0;
    for (int k = rank - 1; k >= 0; --k) {
        const INDEX_T extent = (INDEX_T)shape[k];
        const INDEX_T c = rest % extent;
        rest /= extent;
        ix += c * (INDEX_T)x_stride[k];
        iy += c * (INDEX_T)y_stride[k];
        io += c * (INDEX_T)out_stride[k];
    }
    *x_at = ix;
    *y_at = iy;
    *out_at = io;
}

#define RD_ALONG_ARGS                                                                                               \
    __global const IN_T *x, ulong x_off, __global const IN_T *y, ulong y_off, __global OUT_T *out, ulong out_off,   \
        ulong rows, ulong count, int kept_rank, long8 kshape, long8 kx, long8 ky, long8 kout, long rx, long ry,     \
        long rout

#define RD_ALONG_SETUP(o)                                                                                           \
    x += x_off;                                                                                                     \
    y += y_off;                                                                                                     \
    out += out_off;                                                                                                 \
    RD_ARRAY(ks, kshape);                                                                                           \
    RD_ARRAY(kxs, kx);                                                                                              \
    RD_ARRAY(kys, ky);                                                                                              \
    RD_ARRAY(kos, kout);                                                                                            \
    INDEX_T xb, yb, ob;                                                                                             \
    rd_along_row(o, ks, kxs, kys, kos, kept_rank, &xb, &yb, &ob);                                                  \
    const INDEX_T xs = (INDEX_T)rx, ys = (INDEX_T)ry, os = (INDEX_T)rout, n = (INDEX_T)count

// Element e of the row: x's and y's values in the accumulate dtype (cast first, rounding once).
#define RD_X(e) rd_load(x, xb + (e) * xs)
#define RD_Y(e) rd_load(y, yb + (e) * ys)
// Element e's result, rounded once to the accumulate dtype, stored through out's view.
#define RD_STORE(e, first, second) \
    OUT_STORE(out, ob + (e) * os, rd_round((RD_ACC_T)(RD_RESULT(RD_X(e), RD_Y(e), first, second))))

// EACH: one work-item per row: the first accumulation over the row in index order, the second likewise, then
// every element's result.
__kernel void rd_along_each(RD_ALONG_ARGS) {
    const INDEX_T o = (INDEX_T)get_global_id(0);
    // The NDRange is rounded up to whole work-groups.
    if (o >= (INDEX_T)rows) return;
    RD_ALONG_SETUP(o);
    RD_ACC_T first = (RD_ACC_T)(RD_FIRST_INIT());
    ORDERED_LOOP
    for (INDEX_T e = 0; e < n; ++e) first = (RD_ACC_T)(RD_FIRST_ACCUMULATE(first, RD_X(e), RD_Y(e)));
    RD_ACC_T second = (RD_ACC_T)(RD_SECOND_INIT());
#if RD_SECOND
    ORDERED_LOOP
    for (INDEX_T e = 0; e < n; ++e) second = (RD_ACC_T)(RD_SECOND_ACCUMULATE(second, RD_X(e), RD_Y(e), first));
#endif
    // A row's result may use neither.
    (void)first;
    (void)second;
    for (INDEX_T e = 0; e < n; ++e) RD_STORE(e, first, second);
}

// LANES: one work-group per row, each accumulation as rd_lanes': lane l takes the elements l, l + RD_LANES, ...
// in order, the partials combine in the fixed tree, every work-item reads the root; then the work-items store
// the elements' results (each its own, in any order). The bits do not depend on the work-group's size.
__kernel void rd_along_lanes(RD_ALONG_ARGS) {
    __local RD_ACC_T part[RD_LANES];
    const INDEX_T o = (INDEX_T)get_group_id(0);
    const int item = (int)get_local_id(0), items = (int)get_local_size(0);
    RD_ALONG_SETUP(o);
    for (int lane = item; lane < RD_LANES; lane += items) {
        RD_ACC_T acc = (RD_ACC_T)(RD_FIRST_INIT());
        ORDERED_LOOP
        for (INDEX_T e = lane; e < n; e += RD_LANES) acc = (RD_ACC_T)(RD_FIRST_ACCUMULATE(acc, RD_X(e), RD_Y(e)));
        part[lane] = acc;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int span = RD_LANES / 2; span > 0; span >>= 1) {
        for (int lane = item; lane < span; lane += items) {
            part[lane] = (RD_ACC_T)(RD_FIRST_COMBINE(part[lane], part[lane + span]));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const RD_ACC_T first = part[0];
    RD_ACC_T second = (RD_ACC_T)(RD_SECOND_INIT());
#if RD_SECOND
    // Every work-item has read the first root before the lanes overwrite it.
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int lane = item; lane < RD_LANES; lane += items) {
        RD_ACC_T acc = (RD_ACC_T)(RD_SECOND_INIT());
        ORDERED_LOOP
        for (INDEX_T e = lane; e < n; e += RD_LANES) {
            acc = (RD_ACC_T)(RD_SECOND_ACCUMULATE(acc, RD_X(e), RD_Y(e), first));
        }
        part[lane] = acc;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int span = RD_LANES / 2; span > 0; span >>= 1) {
        for (int lane = item; lane < span; lane += items) {
            part[lane] = (RD_ACC_T)(RD_SECOND_COMBINE(part[lane], part[lane + span]));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    second = part[0];
#endif
    (void)first;
    (void)second;
    for (INDEX_T e = item; e < n; e += items) RD_STORE(e, first, second);
}

#endif  // RD_ALONG
