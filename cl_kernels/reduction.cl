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
//   RD_SECOND (0: one accumulation; second is 0); RD_TERM_EXPR(x, y, first), where the expressions name the second
//   accumulation's per-element term RD_TERM(x, y, first); RD_STASH (walking, blocked): that term is kept in out by
//   the second pass and read back by the results' pass
//   RD_ARG  the ARG form (rd_each, rd_lanes): RD_PREFERS(a, b) (a's value wins over b's) picks each output's
//   element, the first among ties in the reduced dims' row-major order, whose position (long) is stored
//   INDEX_T  the index type (common.cl)
// Arguments (rd_each, rd_lanes): the kept dims' extents, self's and out's strides along them (kshape, kin, kout;
// kept_rank of them, 0..8), the reduced dims' extents and self's strides (rshape, rin; reduced_rank, 1..8),
// outermost first. rd_along_*: x, y and out, the kept dims' extents and the three strides along them (kshape,
// kx, ky, kout; kept_rank, 0..7), the row's length (count) and the three strides along it (rx, ry, rout).
//
// build-check: IN:float32 A:float32 R:float32 OUT:float32 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=acc
// build-check: IN:float32 A:float16<float32 R:float16 OUT:float32<float16 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:long RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=RD_DIV(acc,count)
// build-check: IN:int8 A:bool<int8 R:bool OUT:bool RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=1 RD_INTEGRAL=1 RD_WIDE=0 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=acc
// build-check: IN:int32 A:int8<int32 R:int8 OUT:int8 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=1 RD_WIDE=0 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=RD_DIV(acc,count)
// build-check: IN:complex64 A:complex128<complex64 R:complex128 OUT:complex128 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=1 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=RD_DIV(acc,count)
// build-check: IN:complex64 A:float32 R:float32 OUT:float32 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=1 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=acc
// build-check: IN:float32 A:float32 R:float32 OUT:float16<float32 RD_ALONG=1 RD_ARG=0 RD_SECOND=1 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:int RD_FIRST_INIT()=-INFINITY RD_FIRST_ACCUMULATE(acc,x,y)=fmax(acc,x) RD_FIRST_COMBINE(acc,other)=fmax(acc,other) RD_SECOND_INIT()=0 RD_SECOND_ACCUMULATE(acc,x,y,first)=acc+exp(x-first) RD_SECOND_COMBINE(acc,other)=acc+other RD_RESULT(x,y,first,second)=exp(x-first)/second
// build-check: IN:float16 A:float16 R:float16 OUT:float32<float16 RD_ALONG=1 RD_ARG=0 RD_SECOND=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:long RD_FIRST_INIT()=0 RD_FIRST_ACCUMULATE(acc,x,y)=acc+x*y RD_FIRST_COMBINE(acc,other)=acc+other RD_SECOND_INIT()=0 RD_SECOND_ACCUMULATE(acc,x,y,first)=acc RD_SECOND_COMBINE(acc,other)=acc RD_RESULT(x,y,first,second)=y*(x-first)
// build-check: IN:bfloat16 A:float64<bfloat16 R:float64 OUT:float64 RD_ALONG=1 RD_ARG=0 RD_SECOND=1 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=1 RD_LANES=64 INDEX:int RD_FIRST_INIT()=-INFINITY RD_FIRST_ACCUMULATE(acc,x,y)=fmax(acc,x) RD_FIRST_COMBINE(acc,other)=fmax(acc,other) RD_SECOND_INIT()=0 RD_SECOND_ACCUMULATE(acc,x,y,first)=acc+exp(x-first) RD_SECOND_COMBINE(acc,other)=acc+other RD_RESULT(x,y,first,second)=x-first-log(second)
// build-check: IN:float16 A:float16 R:float16 OUT:int32<int64 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=1 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_LANES=64 INDEX:int RD_INIT()=0 RD_ACCUMULATE(acc,x)=acc RD_COMBINE(acc,other)=acc RD_FINALIZE(acc,count)=acc RD_PREFERS(a,b)=RD_ISNAN(a)?!RD_ISNAN(b):(a>b)
// build-check: IN:int8 A:int8 R:int8 OUT:int64 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=1 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=1 RD_WIDE=0 RD_LANES=64 INDEX:long RD_INIT()=0 RD_ACCUMULATE(acc,x)=acc RD_COMBINE(acc,other)=acc RD_FINALIZE(acc,count)=acc RD_PREFERS(a,b)=RD_ISNAN(a)?!RD_ISNAN(b):(a>b)
// build-check: IN:bfloat16 A:float64<bfloat16 R:float64 OUT:float64 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=1 RD_LANES=64 INDEX:long RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_FINALIZE(acc,count)=RD_DIV(acc,count)
// build-check: IN:float16 A:float16 R:float16 OUT:float32 RD_ALONG=0 RD_PARTIAL=1 RD_ARG=0 RD_REAL_PART=0 RD_LANES=64 RD_WALK=1 RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_V=8 RD_VLOAD=1 RD_VLOAD_HALF=1 RD_VLOAD_HALF_ALIGNED=1 RD_WALK_LANES=64 RD_TILE_VECS=1 INDEX:int RD_FINALIZE(acc,count)=RD_DIV(acc,count)
// build-check: IN:float32 A:float32 R:float32 OUT:float32 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=0 RD_LANES=64 RD_WALK=1 RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_V=8 RD_VLOAD=1 RD_VLOAD_HALF=0 RD_VLOAD_HALF_ALIGNED=0 RD_WALK_LANES=32 RD_TILE_VECS=32 INDEX:int RD_FINALIZE(acc,count)=RD_DIV(acc,count)
// build-check: IN:float16 A:float16 R:float16 OUT:float16 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=0 RD_LANES=64 RD_WALK=1 RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=0 RD_V=8 RD_VLOAD=1 RD_VLOAD_HALF=1 RD_VLOAD_HALF_ALIGNED=0 RD_WALK_LANES=8 RD_TILE_VECS=2 INDEX:long RD_FINALIZE(acc,count)=acc
// build-check: IN:int32 A:int64<int32 R:int64 OUT:int64 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=0 RD_LANES=64 RD_WALK=1 RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_BOOL=0 RD_INTEGRAL=1 RD_WIDE=0 RD_V=4 RD_VLOAD=0 RD_VLOAD_HALF=0 RD_VLOAD_HALF_ALIGNED=0 RD_WALK_LANES=64 RD_TILE_VECS=8 INDEX:int RD_FINALIZE(acc,count)=RD_DIV(acc,count)
// build-check: IN:float32 A:bool<float32 R:bool OUT:bool RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=0 RD_LANES=64 RD_WALK=1 RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_BOOL=1 RD_INTEGRAL=1 RD_WIDE=0 RD_V=8 RD_VLOAD=0 RD_VLOAD_HALF=0 RD_VLOAD_HALF_ALIGNED=0 RD_WALK_LANES=16 RD_TILE_VECS=3 INDEX:int RD_FINALIZE(acc,count)=acc
// build-check: IN:float64 A:float64 R:float64 OUT:float32<float64 RD_ALONG=0 RD_PARTIAL=0 RD_ARG=0 RD_REAL_PART=0 RD_LANES=64 RD_WALK=1 RD_INIT()=0 RD_ACCUMULATE(acc,x)=RD_SUM(acc,x) RD_COMBINE(acc,other)=RD_SUM(acc,other) RD_BOOL=0 RD_INTEGRAL=0 RD_WIDE=1 RD_V=4 RD_VLOAD=1 RD_VLOAD_HALF=0 RD_VLOAD_HALF_ALIGNED=0 RD_WALK_LANES=64 RD_TILE_VECS=1 INDEX:long RD_FINALIZE(acc,count)=acc
// build-check: IN:float32 A:float32 R:float32 OUT:float32 RD_ALONG=1 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_LANES=64 RD_WALK=1 RD_STASH=1 RD_SECOND=1 RD_WIDE=0 RD_V=8 RD_ALONG_BLOCKED=1 RD_VLOAD=1 RD_VLOAD_HALF=0 RD_VLOAD_HALF_ALIGNED=0 RD_OUT_VSTORE=1 INDEX:int RD_FIRST_INIT()=-INFINITY RD_FIRST_ACCUMULATE(acc,x,y)=fmax(acc,x) RD_FIRST_COMBINE(acc,other)=fmax(acc,other) RD_SECOND_INIT()=0 RD_SECOND_ACCUMULATE(acc,x,y,first)=acc+RD_TERM(x,y,first) RD_SECOND_COMBINE(acc,other)=acc+other RD_RESULT(x,y,first,second)=RD_TERM(x,y,first)*(1/second) RD_TERM_EXPR(x,y,first)=exp(x-first)
// build-check: IN:bfloat16 A:bfloat16 R:bfloat16 OUT:float32<bfloat16 RD_ALONG=1 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_LANES=64 RD_WALK=1 RD_STASH=0 RD_SECOND=0 RD_WIDE=0 RD_V=8 RD_ALONG_BLOCKED=1 RD_VLOAD=1 RD_VLOAD_HALF=0 RD_VLOAD_HALF_ALIGNED=0 RD_OUT_VSTORE=0 INDEX:long RD_FIRST_INIT()=0 RD_FIRST_ACCUMULATE(acc,x,y)=acc+x*y RD_FIRST_COMBINE(acc,other)=acc+other RD_SECOND_INIT()=0 RD_SECOND_ACCUMULATE(acc,x,y,first)=acc RD_SECOND_COMBINE(acc,other)=acc RD_RESULT(x,y,first,second)=y*(x-first)
// build-check: IN:float16 A:float16 R:float16 OUT:float16 RD_ALONG=1 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_LANES=64 RD_WALK=1 RD_STASH=0 RD_SECOND=1 RD_WIDE=0 RD_V=8 RD_ALONG_BLOCKED=0 RD_VLOAD=1 RD_VLOAD_HALF=1 RD_VLOAD_HALF_ALIGNED=0 RD_OUT_VSTORE=0 INDEX:int RD_FIRST_INIT()=-INFINITY RD_FIRST_ACCUMULATE(acc,x,y)=fmax(acc,x) RD_FIRST_COMBINE(acc,other)=fmax(acc,other) RD_SECOND_INIT()=0 RD_SECOND_ACCUMULATE(acc,x,y,first)=acc+exp(x-first) RD_SECOND_COMBINE(acc,other)=acc+other RD_RESULT(x,y,first,second)=x-first-log(second)
// build-check: IN:float64 A:float64 R:float64 OUT:float64 RD_ALONG=1 RD_ARG=0 RD_REAL_PART=0 RD_BOOL=0 RD_INTEGRAL=0 RD_LANES=64 RD_WALK=1 RD_STASH=0 RD_SECOND=1 RD_WIDE=1 RD_V=4 RD_ALONG_BLOCKED=0 RD_VLOAD=1 RD_VLOAD_HALF=0 RD_VLOAD_HALF_ALIGNED=0 RD_OUT_VSTORE=1 INDEX:int RD_FIRST_INIT()=-INFINITY RD_FIRST_ACCUMULATE(acc,x,y)=fmax(acc,x) RD_FIRST_COMBINE(acc,other)=fmax(acc,other) RD_SECOND_INIT()=0 RD_SECOND_ACCUMULATE(acc,x,y,first)=acc+exp(x-first) RD_SECOND_COMBINE(acc,other)=acc+other RD_RESULT(x,y,first,second)=x-first-log(second)

#define RD_ACC_T A_VAL_T

// The rows' sum: a logical OR for bool (ReduceSum's BOOL dtype is ReduceAny), the dtype's addition otherwise
// (integers wrap at their width when the sum is stored back into RD_ACC_T).
// RD_T is the type the sum is wrapped back to: RD_ACC_T, or the walking kernels' vector of RD_V accumulators
// where they accumulate RD_V outputs or lanes at once (below).
#define RD_T RD_ACC_T
#if RD_BOOL
#define RD_SUM(a, b) ((RD_T)((a) | (b)))
#else
#define RD_SUM(a, b) ((RD_T)((a) + (b)))
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

#if RD_WALK
// The walking kernels (CPU devices; host/engines/reduction.h, "Walking"): the EACH and LANES orders above,
// computed RD_V at a time in one vector per work-item: RD_V neighbouring outputs (or rows) in EACH, each still
// accumulated in its own order, or RD_V neighbouring lanes of one output in LANES. The vector's lanes never mix:
// each accumulator sees exactly the elements, in exactly the order, that the scalar kernels give it, so the bits
// are theirs. RD_V: 8, or 4 for an 8-byte accumulator (32 bytes at most, common.cl).
#define RD_VEC_T ACL_CAT(RD_ACC_T, RD_V)
#define RD_VSTORE ACL_CAT(vstore, RD_V)
// Inside a walking kernel's accumulations RD_T is redefined to RD_VEC_T (and back to RD_ACC_T after them), so
// that the rows' sums wrap to the vector type.
// The vector of RD_V lanes whose lane j is LANE(j).
#if RD_V == 8
#define RD_VECTOR_OF(LANE) ((RD_VEC_T)(LANE(0), LANE(1), LANE(2), LANE(3), LANE(4), LANE(5), LANE(6), LANE(7)))
#else
#define RD_VECTOR_OF(LANE) ((RD_VEC_T)(LANE(0), LANE(1), LANE(2), LANE(3)))
#endif
// Lane j's element at `at` + (first + j) * step, lanes from `valid` on repeating the last valid one (their results
// are never stored).
inline RD_VEC_T rd_gather(__global const IN_T *in, INDEX_T at, INDEX_T step, int first, int valid) {
    const INDEX_T last = (INDEX_T)(valid - 1);
#define RD_LANE(j) rd_load(in, at + min((INDEX_T)(first + j), last) * step)
    return RD_VECTOR_OF(RD_LANE);
#undef RD_LANE
}
// RD_V neighbouring elements from i: a vector load where self's dtype is the accumulate dtype and has one (RD_VLOAD).
#if RD_VLOAD && RD_VLOAD_HALF && !RD_VLOAD_HALF_ALIGNED
// FLOAT16: the runtime's vload_half8 (a conversion instruction where the CPU has one), which OpenCL allows at any
// 2-byte aligned address.
#define rd_vload_half8(p, i) vload_half8(0, (p) + (i))
#elif RD_VLOAD && RD_VLOAD_HALF
// FLOAT16 where the device's vload_half8 compiles to 16-byte aligned moves (RD_VLOAD_HALF_ALIGNED: PoCL,
// Device::compilerBugs.alignedHalfVectors): vload_half8 at a 16-byte aligned address; elsewhere read as bits and
// widened exactly (sign, exponent rebased by 112, mantissa; subnormals through a float product; infinities and NaNs
// kept). Both are exact, so which one runs never changes a bit.
inline float8 rd_vload_half8(__global const IN_T *p, INDEX_T i) {
    if (((ulong)(p + i) & 15) == 0) return vload_half8(0, p + i);
    const uint8 u = convert_uint8(vload8(0, (__global const ushort *)(p + i)));
    const uint8 e = u & 0x7c00u, m = u & 0x3ffu;
    const uint8 normal = ((u & 0x7fffu) << 13) + 0x38000000u;
    const uint8 special = 0x7f800000u | (m << 13);
    const uint8 small = as_uint8(convert_float8(m) * 0x1p-24f);
    const uint8 bits = e == 0u ? small : (e == 0x7c00u ? special : normal);
    return as_float8(bits | ((u & 0x8000u) << 16));
}
#endif
#if RD_VLOAD && RD_VLOAD_HALF
#define RD_VLOADV(p, i) rd_vload_half8(p, i)
#elif RD_VLOAD
#define RD_VLOADV(p, i) ACL_CAT(IN_VLOAD, RD_V)(p, i)
#else
#define RD_VLOADV(p, i) rd_gather(p, i, 1, 0, RD_V)
#endif
#endif  // RD_WALK

#if !RD_ALONG

// What an output stores from its accumulator: the row's finalize over the output's count, rounded once to the
// accumulate dtype; with RD_PARTIAL (the CHUNKS path's first pass, host/engines/reduction.h) the accumulator
// itself, into an out of the accumulator's own dtype, for rd_chunks.
#if RD_PARTIAL
#define RD_OUTPUT(acc, count) (acc)
#else
#define RD_OUTPUT(acc, count) rd_round((RD_ACC_T)(RD_FINALIZE(acc, count)))
#endif

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
    OUT_STORE(out, at, RD_OUTPUT(acc, count));
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
    if (item == 0) OUT_STORE(out, at, RD_OUTPUT(part[0], count));
#endif
}

// The start of a kernel over the partials of rd_walk_tree and rd_chunks, one work-item an output: parts and out
// moved to their offsets, o the output (work-items past the last return: the NDRange is rounded up to whole
// work-groups), at its offset in out.
#define RD_PARTS_OUTPUT                                                                                             \
    parts += parts_off;                                                                                             \
    out += out_off;                                                                                                 \
    const INDEX_T o = (INDEX_T)get_global_id(0);                                                                    \
    if (o >= (INDEX_T)outputs) return;                                                                              \
    RD_ARRAY(ks, kshape);                                                                                           \
    RD_ARRAY(ki, kin);                                                                                              \
    RD_ARRAY(ko, kout);                                                                                             \
    INDEX_T base, at;                                                                                               \
    rd_kept(o, ks, ki, ko, kept_rank, &base, &at)

// CHUNKS, the second pass (host/engines/reduction.h): output o's partials, one a chunk of its elements (the first
// pass's RD_PARTIAL results, `chunks` of them an output, consecutive), combined one after another in chunk order,
// then the row's finalize over the output's count, rounded once, stored through out's view.
__kernel void rd_chunks(__global const RD_ACC_T *parts, ulong parts_off, __global OUT_T *out, ulong out_off,
                        ulong outputs, ulong chunks, ulong count, int kept_rank, long8 kshape, long8 kin, long8 kout) {
    RD_PARTS_OUTPUT;
    __global const RD_ACC_T *p = parts + o * (INDEX_T)chunks;
    RD_ACC_T acc = p[0];
    ORDERED_LOOP
    for (INDEX_T j = 1; j < (INDEX_T)chunks; ++j) acc = (RD_ACC_T)(RD_COMBINE(acc, p[j]));
    OUT_STORE(out, at, rd_round((RD_ACC_T)(RD_FINALIZE(acc, count))));
}

#if RD_WALK
// An output's result from its 64 lane partials in a work-item's own array: rd_lanes' fixed tree, then RD_OUTPUT.
inline RD_ACC_T rd_tree_result(RD_ACC_T *part, ulong count) {
    for (int span = RD_LANES / 2; span > 0; span >>= 1) {
        for (int lane = 0; lane < span; ++lane) part[lane] = (RD_ACC_T)(RD_COMBINE(part[lane], part[lane + span]));
    }
    return RD_OUTPUT(part[0], count);
}

// EACH, walking: work-item w takes tile w, RD_TILE = RD_V * RD_TILE_VECS neighbouring outputs along the innermost
// kept dim, which self steps through one element at a time (the last tile of a row fewer), each accumulated in
// rd_each's order, one vector lane an output: every element of self a tile reads is a whole run of RD_TILE.
#define RD_TILE (RD_V * RD_TILE_VECS)
__kernel void rd_walk_each(__global const IN_T *in, ulong in_off, __global OUT_T *out, ulong out_off, ulong tiles,
                           ulong count, int kept_rank, long8 kshape, long8 kin, long8 kout, int reduced_rank,
                           long8 rshape, long8 rin) {
    in += in_off;
    out += out_off;
    const INDEX_T w = (INDEX_T)get_global_id(0);
    if (w >= (INDEX_T)tiles) return;
    RD_ARRAY(ks, kshape);
    RD_ARRAY(ki, kin);
    RD_ARRAY(ko, kout);
    RD_ARRAY(rs, rshape);
    RD_ARRAY(ri, rin);
    const INDEX_T row_len = (INDEX_T)ks[kept_rank - 1], per_row = (row_len + RD_TILE - 1) / RD_TILE;
    const INDEX_T t = w % per_row, first = (w / per_row) * row_len + t * RD_TILE;
    const int valid = (int)min((INDEX_T)RD_TILE, row_len - t * RD_TILE);
    INDEX_T base, at;
    rd_kept(first, ks, ki, ko, kept_rank, &base, &at);
    const INDEX_T ostep = (INDEX_T)ko[kept_rank - 1];
    const INDEX_T inner = (INDEX_T)rs[reduced_rank - 1], step = (INDEX_T)ri[reduced_rank - 1];
    const INDEX_T outer = (INDEX_T)count / inner;
    RD_VEC_T acc[RD_TILE_VECS];
    for (int v = 0; v < RD_TILE_VECS; ++v) acc[v] = (RD_VEC_T)(RD_INIT());
#undef RD_T
#define RD_T RD_VEC_T
    if (valid == RD_TILE) {
        ORDERED_LOOP
        for (INDEX_T q = 0; q < outer; ++q) {
            const INDEX_T from = base + rd_reduced(q, rs, ri, reduced_rank - 1);
            ORDERED_LOOP
            for (INDEX_T i = 0; i < inner; ++i) {
#pragma unroll
                for (int v = 0; v < RD_TILE_VECS; ++v) {
                    acc[v] = (RD_VEC_T)(RD_ACCUMULATE(acc[v], RD_VLOADV(in, from + i * step + v * RD_V)));
                }
            }
        }
    } else {
        ORDERED_LOOP
        for (INDEX_T q = 0; q < outer; ++q) {
            const INDEX_T from = base + rd_reduced(q, rs, ri, reduced_rank - 1);
            ORDERED_LOOP
            for (INDEX_T i = 0; i < inner; ++i) {
#pragma unroll
                for (int v = 0; v < RD_TILE_VECS; ++v) {
                    acc[v] = (RD_VEC_T)(RD_ACCUMULATE(acc[v], rd_gather(in, from + i * step, 1, v * RD_V, valid)));
                }
            }
        }
    }
#undef RD_T
#define RD_T RD_ACC_T
    RD_ACC_T part[RD_TILE];
    for (int v = 0; v < RD_TILE_VECS; ++v) RD_VSTORE(acc[v], v, part);
    for (int j = 0; j < valid; ++j) OUT_STORE(out, at + j * ostep, RD_OUTPUT(part[j], count));
}

// LANES, walking, over one reduced dim (stride rstep, rinner = count), or two (the inner one of rinner elements and
// stride rstep, the outer one of stride rostep): work-item w runs the RD_WALK_LANES lanes s * RD_WALK_LANES, ... of
// output w / slices (s = w % slices), RD_V neighbouring lanes a vector, each lane's elements in rd_lanes' order (the
// reduced dims' row-major order). With one slice it runs the tree and stores; with several it leaves its lanes'
// partials in parts (64 an output) for rd_walk_tree.
// Element e of an output, from its first element: the outer dim's e / rinner, the inner dim's e % rinner.
#define RD_AT2(e) (((e) / inner) * ostep + ((e) % inner) * step)
// The RD_V lanes' elements e .. e + RD_V - 1 of two reduced dims, each placed on its own.
inline RD_VEC_T rd_gather2(__global const IN_T *in, INDEX_T base, INDEX_T e, INDEX_T inner, INDEX_T step,
                           INDEX_T ostep) {
#define RD_LANE(j) rd_load(in, base + RD_AT2(e + j))
    return RD_VECTOR_OF(RD_LANE);
#undef RD_LANE
}
__kernel void rd_walk_lanes(__global const IN_T *in, ulong in_off, __global OUT_T *out, ulong out_off,
                            __global RD_ACC_T *parts, ulong parts_off, ulong outputs, ulong count, int kept_rank,
                            long8 kshape, long8 kin, long8 kout, long rstep, long rinner, long rostep, int slices) {
    in += in_off;
    out += out_off;
    parts += parts_off;
    const INDEX_T w = (INDEX_T)get_global_id(0), o = w / slices;
    if (o >= (INDEX_T)outputs) return;
    RD_ARRAY(ks, kshape);
    RD_ARRAY(ki, kin);
    RD_ARRAY(ko, kout);
    INDEX_T base, at;
    rd_kept(o, ks, ki, ko, kept_rank, &base, &at);
    const INDEX_T step = (INDEX_T)rstep, inner = (INDEX_T)rinner, ostep = (INDEX_T)rostep;
    const INDEX_T first_lane = (w % slices) * RD_WALK_LANES;
    const INDEX_T blocks = (INDEX_T)count / RD_LANES;
    RD_VEC_T acc[RD_WALK_LANES / RD_V];
    for (int v = 0; v < RD_WALK_LANES / RD_V; ++v) acc[v] = (RD_VEC_T)(RD_INIT());
#undef RD_T
#define RD_T RD_VEC_T
    // A block's lanes inside one inner run (every block, with one reduced dim) read it as vectors (unit stride) or a
    // strided gather; a block across the end of a run places each element on its own. (row, col): the block's first
    // element, outer and inner.
    INDEX_T row = first_lane / inner, col = first_lane % inner;
    ORDERED_LOOP
    for (INDEX_T b = 0; b < blocks; ++b) {
        const INDEX_T from = base + row * ostep + col * step;
        if (col + RD_WALK_LANES <= inner && step == 1) {
#pragma unroll
            for (int v = 0; v < RD_WALK_LANES / RD_V; ++v) {
                acc[v] = (RD_VEC_T)(RD_ACCUMULATE(acc[v], RD_VLOADV(in, from + v * RD_V)));
            }
        } else if (col + RD_WALK_LANES <= inner) {
#pragma unroll
            for (int v = 0; v < RD_WALK_LANES / RD_V; ++v) {
                acc[v] = (RD_VEC_T)(RD_ACCUMULATE(acc[v], rd_gather(in, from, step, v * RD_V, RD_WALK_LANES)));
            }
        } else {
            const INDEX_T e = b * RD_LANES + first_lane;
#pragma unroll
            for (int v = 0; v < RD_WALK_LANES / RD_V; ++v) {
                acc[v] = (RD_VEC_T)(RD_ACCUMULATE(acc[v], rd_gather2(in, base, e + v * RD_V, inner, step, ostep)));
            }
        }
        col += RD_LANES;
        if (col >= inner) {
            row += col / inner;
            col %= inner;
        }
    }
#undef RD_T
#define RD_T RD_ACC_T
    RD_ACC_T part[RD_LANES];
    for (int v = 0; v < RD_WALK_LANES / RD_V; ++v) RD_VSTORE(acc[v], v, part);
    // The lanes' last elements: lane l's at blocks * 64 + l, where that is inside the output's elements.
    for (int l = 0; l < RD_WALK_LANES; ++l) {
        const INDEX_T e = blocks * RD_LANES + first_lane + l;
        if (e < (INDEX_T)count) part[l] = (RD_ACC_T)(RD_ACCUMULATE(part[l], rd_load(in, base + RD_AT2(e))));
    }
    if (slices == 1) {
        OUT_STORE(out, at, rd_tree_result(part, count));
    } else {
        for (int l = 0; l < RD_WALK_LANES; ++l) parts[o * RD_LANES + first_lane + l] = part[l];
    }
}
#undef RD_AT2

// The tree of rd_walk_lanes' partials, an output a work-item, then its result stored.
__kernel void rd_walk_tree(__global const RD_ACC_T *parts, ulong parts_off, __global OUT_T *out, ulong out_off,
                           ulong outputs, ulong count, int kept_rank, long8 kshape, long8 kin, long8 kout) {
    RD_PARTS_OUTPUT;
    RD_ACC_T part[RD_LANES];
    for (int l = 0; l < RD_LANES; ++l) part[l] = parts[o * RD_LANES + l];
    OUT_STORE(out, at, rd_tree_result(part, count));
}
#endif  // RD_WALK

#else  // RD_ALONG

// A row's per-element term of the second accumulation (RD_TERM_EXPR, where the host gives one): the host's
// expressions name it RD_TERM, so that with RD_STASH the walk can keep it in out and read it back.
#define RD_TERM(x, y, first) RD_TERM_EXPR(x, y, first)

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

#if RD_WALK
// EACH, walking: work-item w takes tile w, RD_V rows that are neighbours along the innermost kept dim (the last tile
// of a row of rows fewer, read element by element), one vector lane a row: each accumulation over every row in
// rd_along_each's order, then every element's result. RD_ALONG_BLOCKED 0: x and y step through a tile's rows one
// element at a time, so a row's element e of the tile's rows is one vector load. RD_ALONG_BLOCKED 1 (RD_V 8: rows
// of a tensor contiguous along its last dim): each row's own elements are neighbours, and the tile reads 8 of each
// of its rows at once and transposes them in registers (rd_transpose8), still taking every row's elements one by
// one in order.
// RD_OUT_VSTORE: out's results go out as vectors too (out in the accumulate dtype, stepping through the tile's
// rows, or with RD_ALONG_BLOCKED through each row's elements, one element at a time).
#if RD_ALONG_BLOCKED
// The 8 x 8 transpose of eight vectors: c[k] = (r[0].sk, r[1].sk, ..., r[7].sk), data movement only. Where clang
// compiles the kernel (PoCL, Intel's runtime, rusticl, Oclgrind), 24 two-source shuffles: element pairs, then pairs
// of pairs, then halves; elsewhere 64 element moves.
#if defined(__clang__)
#define RD_SHUF(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
inline void rd_transpose8(const RD_VEC_T *r, RD_VEC_T *c) {
    RD_VEC_T t[8], u[8];
#pragma unroll
    for (int i = 0; i < 8; i += 2) {
        t[i] = RD_SHUF(r[i], r[i + 1], 0, 8, 1, 9, 4, 12, 5, 13);
        t[i + 1] = RD_SHUF(r[i], r[i + 1], 2, 10, 3, 11, 6, 14, 7, 15);
    }
#pragma unroll
    for (int h = 0; h < 8; h += 4) {
        u[h] = RD_SHUF(t[h], t[h + 2], 0, 1, 8, 9, 4, 5, 12, 13);
        u[h + 1] = RD_SHUF(t[h], t[h + 2], 2, 3, 10, 11, 6, 7, 14, 15);
        u[h + 2] = RD_SHUF(t[h + 1], t[h + 3], 0, 1, 8, 9, 4, 5, 12, 13);
        u[h + 3] = RD_SHUF(t[h + 1], t[h + 3], 2, 3, 10, 11, 6, 7, 14, 15);
    }
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        c[k] = RD_SHUF(u[k], u[k + 4], 0, 1, 2, 3, 8, 9, 10, 11);
        c[k + 4] = RD_SHUF(u[k], u[k + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    }
}
#undef RD_SHUF
#else
inline void rd_transpose8(const RD_VEC_T *r, RD_VEC_T *c) {
#define RD_COLUMN(k) \
    c[k] = (RD_VEC_T)(r[0].s##k, r[1].s##k, r[2].s##k, r[3].s##k, r[4].s##k, r[5].s##k, r[6].s##k, r[7].s##k);
    RD_COLUMN(0) RD_COLUMN(1) RD_COLUMN(2) RD_COLUMN(3) RD_COLUMN(4) RD_COLUMN(5) RD_COLUMN(6) RD_COLUMN(7)
#undef RD_COLUMN
}
#endif
#define RD_EIGHT(f) f(0) f(1) f(2) f(3) f(4) f(5) f(6) f(7)
// The eight rows' elements e0 .. e0 + 7 of x and y, one vector a row, and transposed: xc[k] and yc[k] hold element
// e0 + k of each row, one lane a row.
#define RD_BLOCK(e0)                                                                                                \
    RD_VEC_T xr[8], yr[8], xc[8], yc[8];                                                                           \
    _Pragma("unroll") for (int j = 0; j < 8; ++j) {                                                               \
        xr[j] = RD_VLOADV(x, xb + j * xstep + (e0));                                                               \
        yr[j] = RD_VLOADV(y, yb + j * ystep + (e0));                                                               \
    }                                                                                                              \
    rd_transpose8(xr, xc);                                                                                         \
    rd_transpose8(yr, yc)
// Element e of each row of the tile (the elements after the last whole block, or a tile of fewer rows).
#define RD_WALK_XY(e, xv, yv)                                                                                     \
    const RD_VEC_T xv = rd_gather(x, xb + (e), xstep, 0, valid);                                                  \
    const RD_VEC_T yv = rd_gather(y, yb + (e), ystep, 0, valid)
#else
#define RD_WALK_XY(e, xv, yv)                                                                                     \
    const RD_VEC_T xv = whole ? RD_VLOADV(x, xb + (e) * xs) : rd_gather(x, xb + (e) * xs, 1, 0, valid);           \
    const RD_VEC_T yv = whole ? RD_VLOADV(y, yb + (e) * ys) : rd_gather(y, yb + (e) * ys, 1, 0, valid)
#endif
__kernel void rd_along_walk(RD_ALONG_ARGS, ulong tiles) {
    const INDEX_T w = (INDEX_T)get_global_id(0);
    if (w >= (INDEX_T)tiles) return;
    x += x_off;
    y += y_off;
    out += out_off;
    RD_ARRAY(ks, kshape);
    RD_ARRAY(kxs, kx);
    RD_ARRAY(kys, ky);
    RD_ARRAY(kos, kout);
    const INDEX_T row_len = (INDEX_T)ks[kept_rank - 1], per_row = (row_len + RD_V - 1) / RD_V;
    const INDEX_T t = w % per_row, first_row = (w / per_row) * row_len + t * RD_V;
    const int valid = (int)min((INDEX_T)RD_V, row_len - t * RD_V);
    const bool whole = valid == RD_V;
    INDEX_T xb, yb, ob;
    rd_along_row(first_row, ks, kxs, kys, kos, kept_rank, &xb, &yb, &ob);
    const INDEX_T xs = (INDEX_T)rx, ys = (INDEX_T)ry, os = (INDEX_T)rout, n = (INDEX_T)count;
    const INDEX_T xstep = (INDEX_T)kxs[kept_rank - 1], ystep = (INDEX_T)kys[kept_rank - 1];
    const INDEX_T ostep = (INDEX_T)kos[kept_rank - 1];
    (void)xs;
    (void)ys;
#if RD_ALONG_BLOCKED
    const INDEX_T blocked = whole ? n / 8 * 8 : 0;  // the elements taken in blocks of 8
#endif
#undef RD_T
#define RD_T RD_VEC_T
    RD_VEC_T first = (RD_VEC_T)(RD_FIRST_INIT());
    INDEX_T e = 0;
#if RD_ALONG_BLOCKED
    ORDERED_LOOP
    for (; e < blocked; e += 8) {
        RD_BLOCK(e);
#define RD_FIRST_K(k) first = (RD_VEC_T)(RD_FIRST_ACCUMULATE(first, xc[k], yc[k]));
        RD_EIGHT(RD_FIRST_K)
#undef RD_FIRST_K
    }
#endif
    ORDERED_LOOP
    for (; e < n; ++e) {
        RD_WALK_XY(e, xv, yv);
        first = (RD_VEC_T)(RD_FIRST_ACCUMULATE(first, xv, yv));
    }
    RD_VEC_T second = (RD_VEC_T)(RD_SECOND_INIT());
#if RD_ALONG_BLOCKED
    // Each row's first, one vector a row (fb[j]: row j's first in every lane), for the per-element expressions
    // computed in the rows' own layout below.
    RD_VEC_T fb[8];
#define RD_SPLAT_FIRST(j) fb[j] = (RD_VEC_T)(first.s##j);
    RD_EIGHT(RD_SPLAT_FIRST)
#undef RD_SPLAT_FIRST
#endif
#if RD_SECOND
    e = 0;
#if RD_ALONG_BLOCKED
    ORDERED_LOOP
    for (; e < blocked; e += 8) {
#if RD_STASH
        // Each element's term (the expression the sum takes, computed once) in its row's layout, stored to out as it
        // is, then transposed for the sum, which reads x only through it (ReductionAlongRow::term).
        RD_VEC_T xr[8], yr[8], yc[8], terms[8], tc[8];
        _Pragma("unroll") for (int j = 0; j < 8; ++j) {
            xr[j] = RD_VLOADV(x, xb + j * xstep + e);
            yr[j] = RD_VLOADV(y, yb + j * ystep + e);
            terms[j] = (RD_VEC_T)(RD_TERM_EXPR(xr[j], yr[j], fb[j]));
            ACL_CAT(OUT_VSTORE, RD_V)(out, ob + j * ostep + e, terms[j]);
        }
        rd_transpose8(terms, tc);
        rd_transpose8(yr, yc);
#undef RD_TERM
#define RD_TERM(x, y, first) (x)
#define RD_SECOND_K(k) second = (RD_VEC_T)(RD_SECOND_ACCUMULATE(second, tc[k], yc[k], first));
        RD_EIGHT(RD_SECOND_K)
#undef RD_SECOND_K
#undef RD_TERM
#define RD_TERM(x, y, first) RD_TERM_EXPR(x, y, first)
#else
        RD_BLOCK(e);
#define RD_SECOND_K(k) second = (RD_VEC_T)(RD_SECOND_ACCUMULATE(second, xc[k], yc[k], first));
        RD_EIGHT(RD_SECOND_K)
#undef RD_SECOND_K
#endif
    }
#endif
    ORDERED_LOOP
    for (; e < n; ++e) {
        RD_WALK_XY(e, xv, yv);
        second = (RD_VEC_T)(RD_SECOND_ACCUMULATE(second, xv, yv, first));
    }
#endif
    (void)first;
    (void)second;
    // The results.
    e = 0;
#if RD_ALONG_BLOCKED
    // Every element's result is elementwise in its own x, y and its row's first and second, so it is computed in the
    // rows' layout (row j's elements e .. e + 7 in one vector, with fb[j] and sb[j]), with no transpose: the same
    // operations on the same values as the accumulations' layout would give, the same bits.
    RD_VEC_T sb[8];
#define RD_SPLAT_SECOND(j) sb[j] = (RD_VEC_T)(second.s##j);
    RD_EIGHT(RD_SPLAT_SECOND)
#undef RD_SPLAT_SECOND
    for (; e < blocked; e += 8) {
        _Pragma("unroll") for (int j = 0; j < 8; ++j) {
#if RD_STASH
            // The term the second pass left in out, read back in place of computing it again.
#undef RD_TERM
#define RD_TERM(x, y, first) (x)
            const RD_VEC_T xj = ACL_CAT(vload, RD_V)(0, out + ob + j * ostep + e);
#else
            const RD_VEC_T xj = RD_VLOADV(x, xb + j * xstep + e);
#endif
            const RD_VEC_T r = (RD_VEC_T)(RD_RESULT(xj, RD_VLOADV(y, yb + j * ystep + e), fb[j], sb[j]));
#if RD_STASH
#undef RD_TERM
#define RD_TERM(x, y, first) RD_TERM_EXPR(x, y, first)
#endif
#if RD_OUT_VSTORE
            ACL_CAT(OUT_VSTORE, RD_V)(out, ob + j * ostep + e, r);
#else
            RD_ACC_T rs[8];
            RD_VSTORE(r, 0, rs);
            for (int k = 0; k < 8; ++k) OUT_STORE(out, ob + j * ostep + (e + k) * os, rd_round(rs[k]));
#endif
        }
    }
#elif RD_OUT_VSTORE
    if (whole) {
        for (; e < n; ++e) {
            RD_WALK_XY(e, xv, yv);
            ACL_CAT(OUT_VSTORE, RD_V)(out, ob + e * os, (RD_VEC_T)(RD_RESULT(xv, yv, first, second)));
        }
    }
#endif
    for (; e < n; ++e) {
        RD_WALK_XY(e, xv, yv);
        RD_ACC_T r[RD_V];
        RD_VSTORE((RD_VEC_T)(RD_RESULT(xv, yv, first, second)), 0, r);
        for (int j = 0; j < valid; ++j) OUT_STORE(out, ob + j * ostep + e * os, rd_round(r[j]));
    }
#undef RD_T
#define RD_T RD_ACC_T
}

// LANES, walking: work-item w takes row w, whose elements are neighbours in x and y, and holds its 64 lanes RD_V a
// vector (lane l in vector l / RD_V, at its lane l % RD_V), so that a block of 64 elements is RD_LANES / RD_V vector
// loads: rd_along_lanes' order exactly (lane l takes the elements l, l + 64, ... in turn, then the fixed tree, whose
// spans of RD_V lanes and more combine whole vectors), the same bits. In the last, partial block of a row, a
// vector's lanes past the row's end read its last element and keep their accumulators (select), and their results
// are not stored.
#define RD_LANE_VECS (RD_LANES / RD_V)
#if RD_STASH && !RD_SECOND
#error "RD_STASH keeps the second accumulation's term: it needs RD_SECOND"
#endif
// The fixed tree over n partials in a work-item's own array p (n a power of two): p[l] with p[l + n / 2], then with
// p[l + n / 4], ..., the root left in p[0]; every index a constant once unrolled.
#define RD_TREE(p, n, COMBINE)                                                                                      \
    _Pragma("unroll") for (int span = (n) / 2; span > 0; span >>= 1) {                                             \
        _Pragma("unroll") for (int l = 0; l < span; ++l) p[l] = (RD_ACC_T)(COMBINE(p[l], p[l + span]));            \
    }
// The tree's spans below RD_V, inside the one vector left, then the root (RD_T is RD_ACC_T here).
#define RD_LANES_ROOT(name, COMBINE)                                                                                \
    inline RD_ACC_T name(RD_VEC_T v) {                                                                              \
        RD_ACC_T p[RD_V];                                                                                           \
        RD_VSTORE(v, 0, p);                                                                                         \
        RD_TREE(p, RD_V, COMBINE)                                                                                   \
        return p[0];                                                                                                \
    }
RD_LANES_ROOT(rd_lanes_root_first, RD_FIRST_COMBINE)
#if RD_SECOND
RD_LANES_ROOT(rd_lanes_root_second, RD_SECOND_COMBINE)
#endif
#undef RD_LANES_ROOT
// The tree's spans of whole vectors, over acc (RD_T is RD_VEC_T there): each span's loop of a constant count, so
// that every index into acc is a constant once unrolled (Mesa's llvmpipe keeps an array indexed otherwise anywhere
// in a kernel in memory, docs/devices.md).
#define RD_LANES_HALVE(acc, COMBINE, h) \
    _Pragma("unroll") for (int v = 0; v < (h); ++v) acc[v] = (RD_VEC_T)(COMBINE(acc[v], acc[v + (h)]));
#if RD_LANE_VECS == 16
#define RD_LANES_VECTOR_TREE(acc, COMBINE) \
    RD_LANES_HALVE(acc, COMBINE, 8) RD_LANES_HALVE(acc, COMBINE, 4) RD_LANES_HALVE(acc, COMBINE, 2) \
    RD_LANES_HALVE(acc, COMBINE, 1)
#else
#define RD_LANES_VECTOR_TREE(acc, COMBINE) \
    RD_LANES_HALVE(acc, COMBINE, 4) RD_LANES_HALVE(acc, COMBINE, 2) RD_LANES_HALVE(acc, COMBINE, 1)
#endif
// Lane j's index, as a value (the partial block's masks).
#define RD_LANE_INDEX(j) ((RD_ACC_T)(j))
// Vector v of the whole block from element e0 of p (x or y; its row at pb); vector v of the partial block, whose
// `live` elements end the row at `whole`, lanes past them reading its last; which of that vector's lanes are live.
#define RD_LANES_AT(p, pb, e0, v) RD_VLOADV(p, (pb) + (e0) + (v) * RD_V)
#define RD_LANES_PART(p, pb, v) rd_gather(p, (pb) + whole, 1, (v) * RD_V, live)
#define RD_LIVE(v) (lane_index + (RD_ACC_T)((v) * RD_V) < (RD_ACC_T)live)
// Lane k of a vector's results (`values`, in RD_ACC_T), rounded once, as out's element e of the row.
#define RD_LANES_STORE(e, values, k) OUT_STORE(out, ob + (e) * os, rd_round(values[k]))
__kernel void rd_along_walk_lanes(RD_ALONG_ARGS) {
    const INDEX_T o = (INDEX_T)get_global_id(0);
    if (o >= (INDEX_T)rows) return;
    RD_ALONG_SETUP(o);
    (void)xs;
    (void)ys;
    const INDEX_T whole = n / RD_LANES * RD_LANES;  // the elements in whole blocks
    const int live = (int)(n - whole);              // the partial block's (0: none)
    const RD_VEC_T lane_index = RD_VECTOR_OF(RD_LANE_INDEX);
    (void)lane_index;
#undef RD_T
#define RD_T RD_VEC_T
    RD_VEC_T acc[RD_LANE_VECS];
#pragma unroll
    for (int v = 0; v < RD_LANE_VECS; ++v) acc[v] = (RD_VEC_T)(RD_FIRST_INIT());
    ORDERED_LOOP
    for (INDEX_T e = 0; e < whole; e += RD_LANES) {
#pragma unroll
        for (int v = 0; v < RD_LANE_VECS; ++v) {
            acc[v] = (RD_VEC_T)(RD_FIRST_ACCUMULATE(acc[v], RD_LANES_AT(x, xb, e, v), RD_LANES_AT(y, yb, e, v)));
        }
    }
    if (live > 0) {
#pragma unroll
        for (int v = 0; v < RD_LANE_VECS; ++v) {
            const RD_VEC_T next =
                (RD_VEC_T)(RD_FIRST_ACCUMULATE(acc[v], RD_LANES_PART(x, xb, v), RD_LANES_PART(y, yb, v)));
            acc[v] = select(acc[v], next, RD_LIVE(v));
        }
    }
    RD_LANES_VECTOR_TREE(acc, RD_FIRST_COMBINE)
    const RD_ACC_T first = rd_lanes_root_first(acc[0]);
    const RD_VEC_T fv = (RD_VEC_T)(first);
    RD_ACC_T second = (RD_ACC_T)(RD_SECOND_INIT());
#if RD_SECOND
#pragma unroll
    for (int v = 0; v < RD_LANE_VECS; ++v) acc[v] = (RD_VEC_T)(RD_SECOND_INIT());
#if RD_STASH
    // Each element's term computed once, stored to out as it is, and summed; the sum reads x only through it.
#undef RD_TERM
#define RD_TERM(x, y, first) (x)
#define RD_LANES_TERM(xv, yv) (RD_VEC_T)(RD_TERM_EXPR(xv, yv, fv))
#else
#define RD_LANES_TERM(xv, yv) (xv)
#endif
    ORDERED_LOOP
    for (INDEX_T e = 0; e < whole; e += RD_LANES) {
#pragma unroll
        for (int v = 0; v < RD_LANE_VECS; ++v) {
            const RD_VEC_T yv = RD_LANES_AT(y, yb, e, v);
            const RD_VEC_T xv = RD_LANES_TERM(RD_LANES_AT(x, xb, e, v), yv);
#if RD_STASH
            ACL_CAT(OUT_VSTORE, RD_V)(out, ob + e + v * RD_V, xv);
#endif
            acc[v] = (RD_VEC_T)(RD_SECOND_ACCUMULATE(acc[v], xv, yv, fv));
        }
    }
    if (live > 0) {
#pragma unroll
        for (int v = 0; v < RD_LANE_VECS; ++v) {
            const RD_VEC_T yv = RD_LANES_PART(y, yb, v);
            const RD_VEC_T xv = RD_LANES_TERM(RD_LANES_PART(x, xb, v), yv);
#if RD_STASH
            RD_ACC_T terms[RD_V];
            RD_VSTORE(xv, 0, terms);
#pragma unroll
            for (int k = 0; k < RD_V; ++k) {
                if (v * RD_V + k < live) OUT_STORE(out, ob + whole + v * RD_V + k, terms[k]);
            }
#endif
            acc[v] = select(acc[v], (RD_VEC_T)(RD_SECOND_ACCUMULATE(acc[v], xv, yv, fv)), RD_LIVE(v));
        }
    }
#undef RD_LANES_TERM
    RD_LANES_VECTOR_TREE(acc, RD_SECOND_COMBINE)
    second = rd_lanes_root_second(acc[0]);
#endif
    const RD_VEC_T sv = (RD_VEC_T)(second);
    (void)fv;
    (void)sv;
    // The results: x, or with RD_STASH the term the second pass left in out, read back in its place.
#if RD_STASH
#define RD_LANES_X_AT(e0, v) ACL_CAT(vload, RD_V)(0, out + ob + (e0) + (v) * RD_V)
#define RD_OUT_LANE(j) out[ob + whole + min((v) * RD_V + (j), live - 1)]
#define RD_LANES_X_PART(v) RD_VECTOR_OF(RD_OUT_LANE)
#else
#define RD_LANES_X_AT(e0, v) RD_LANES_AT(x, xb, e0, v)
#define RD_LANES_X_PART(v) RD_LANES_PART(x, xb, v)
#endif
    for (INDEX_T e = 0; e < whole; e += RD_LANES) {
#pragma unroll
        for (int v = 0; v < RD_LANE_VECS; ++v) {
            const RD_VEC_T r = (RD_VEC_T)(RD_RESULT(RD_LANES_X_AT(e, v), RD_LANES_AT(y, yb, e, v), fv, sv));
#if RD_OUT_VSTORE
            ACL_CAT(OUT_VSTORE, RD_V)(out, ob + e + v * RD_V, r);
#else
            RD_ACC_T rs[RD_V];
            RD_VSTORE(r, 0, rs);
#pragma unroll
            for (int k = 0; k < RD_V; ++k) RD_LANES_STORE(e + v * RD_V + k, rs, k);
#endif
        }
    }
    if (live > 0) {
#pragma unroll
        for (int v = 0; v < RD_LANE_VECS; ++v) {
            const RD_VEC_T r = (RD_VEC_T)(RD_RESULT(RD_LANES_X_PART(v), RD_LANES_PART(y, yb, v), fv, sv));
            RD_ACC_T rs[RD_V];
            RD_VSTORE(r, 0, rs);
#pragma unroll
            for (int k = 0; k < RD_V; ++k) {
                if (v * RD_V + k < live) RD_LANES_STORE(whole + v * RD_V + k, rs, k);
            }
        }
    }
#if RD_STASH
#undef RD_OUT_LANE
#undef RD_TERM
#define RD_TERM(x, y, first) RD_TERM_EXPR(x, y, first)
#endif
#undef RD_LANES_X_AT
#undef RD_LANES_X_PART
#undef RD_T
#define RD_T RD_ACC_T
}
#endif  // RD_WALK

#endif  // RD_ALONG
