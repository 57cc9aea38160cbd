// The elementwise engine's kernels (host/engines/elementwise.h): out = EW_MATH(a, b, alpha) over the
// broadcast of the operands to out's shape, each value converted to the compute dtype C first, the result
// rounded once to C and stored through out's view with OUT_STORE's rounding (cast on store).
//
// Host defines:
//   slots A (first operand), B (second, when EW_B_TENSOR), C (the compute dtype: C_VAL_T is the type the
//   math runs in: float for fp16 / bf16 / fp32, double, the integer type itself, uchar for bool, float2 /
//   double2 for complex), OUT (stores from C, or from C's real part for a real out)
//   EW_MATH(a, b, alpha)  the row's expression over C_VAL_T values (Defines::expression)
//   EW_BINARY        1 when the row has a second operand; EW_B_TENSOR 1 when it is a tensor (else the
//                    kernel's b_value argument, a scalar already in C)
//   EW_C_WIDE        1 when C is fp64 or complex128
//   EW_C_FLOAT       1 when C is a real floating dtype (fp16, bf16, fp32, fp64)
//   EW_FUSED_ALPHA   1 when alpha * b is not rounded to C before the rest (CANN's fp16 Axpy)
//   EW_CONTIGUOUS    1 for ew_contiguous's build: A_STEP / B_STEP are 1 (a contiguous run) or 0 (one
//                    element broadcast)
//   EW_WALK          1 for ew_walk's build (CPU devices): OUT_STEP / A_STEP / B_STEP are each operand's
//                    step along the innermost dim, 1 or 0, or -1 where the kernel reads it from the strides
//   EW_NT_STORE      1 (ew_walk, OUT_STEP 1, a real out) to write out in aligned units of EW_NT_UNIT (4 or 8)
//                    elements with non-temporal stores
//   ROW_ELEMS, INDEX_T  the row stream's elements per work-item (not ew_walk's) and the index type (common.cl)
// Every work-item loads and computes all its elements before it stores any (ew_walk: each element, or
// unit, before its own store): an out that is exactly an input's view (the Inplace forms) reads
// each element before the one work-item that writes it.
//
// build-check: A:float32 B:float32 C:float32 OUT:float32 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 B_STEP=1 EW_VECTOR=1 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=a+EW_STEP(EW_MUL(alpha,b))
// build-check: A:float16 C:float16 OUT:float16 EW_BINARY=1 EW_B_TENSOR=0 EW_C_WIDE=0 EW_FUSED_ALPHA=1 EW_CONTIGUOUS=1 A_STEP=1 EW_VECTOR=1 ROW_ELEMS=2 INDEX:long EW_MATH(a,b,alpha)=a+EW_STEP(EW_MUL(alpha,b))
// build-check: A:bfloat16 B:float32 C:float32 OUT:bfloat16<float32 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 B_STEP=0 EW_VECTOR=1 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=EW_MUL(a,b)
// build-check: A:float32 B:float64 C:float64 OUT:float64 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 B_STEP=1 EW_VECTOR=1 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=a-EW_STEP(EW_MUL(alpha,b))
// build-check: A:float32 C:float32 OUT:float16<float32 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 EW_VECTOR=1 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=a
// build-check: A:float32 B:float32 C:float32 OUT:float32 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 B_STEP=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=a+EW_STEP(EW_MUL(alpha,b))
// build-check: A:float16 B:float16 C:float16 OUT:float32<float16 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_FUSED_ALPHA=1 EW_CONTIGUOUS=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:long EW_MATH(a,b,alpha)=a+EW_STEP(EW_MUL(alpha,b))
// build-check: A:bfloat16 C:bfloat16 OUT:bfloat16 EW_BINARY=1 EW_B_TENSOR=0 EW_C_WIDE=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 EW_VECTOR=0 ROW_ELEMS=8 INDEX:int EW_MATH(a,b,alpha)=a+EW_STEP(EW_MUL(alpha,b))
// build-check: A:int8 B:uint8 C:int16 OUT:int64<int16 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=a+EW_STEP(EW_MUL(alpha,b))
// build-check: A:bool B:bool C:bool OUT:float32<bool EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=a+EW_STEP(EW_MUL(alpha,b))
// build-check: A:complex64 B:float64 C:complex128 OUT:complex128 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:long EW_MATH(a,b,alpha)=a+EW_STEP(EW_MUL(alpha,b))
// build-check: A:float32 C:float32 OUT:int32<float32 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=a
// build-check: A:float64 C:float64 OUT:bfloat16<float64 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=a
// build-check: A:complex64 C:complex64 OUT:float16<float32 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=a
// build-check: A:complex64 C:complex64 OUT:float32<float32 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_C_FLOAT=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=EW_DIV(EW_EXP(a),EW_ABS(a))
// build-check: A:complex128 B:complex128 C:complex128 OUT:complex128 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=1 EW_C_FLOAT=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 B_STEP=1 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=EW_DIV(a,b)
// build-check: A:int8 C:int8 OUT:int8 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_C_FLOAT=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=EW_ABS(a)
// build-check: A:bfloat16 C:bfloat16 OUT:bfloat16 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 EW_VECTOR=1 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=EW_DIV(EW_EXP(a),EW_ABS(a))
// build-check: A:int64 C:int64 OUT:float32<int64 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=0 EW_VECTOR=0 ROW_ELEMS=2 INDEX:int EW_MATH(a,b,alpha)=a
// build-check: A:float16 B:bfloat16 C:float32 OUT:float16<float32 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 B_STEP=1 EW_VECTOR=1 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=ew_gelu_tanh_backward(b,a)+ew_gelu_erf_backward(b,a)+ew_silu_backward(b,a)+ew_gelu_tanh(a)+ew_gelu_erf(a)
// build-check: A:float64 B:float64 C:float64 OUT:float64 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=1 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:long EW_MATH(a,b,alpha)=ew_gelu_tanh_backward(b,a)+ew_gelu_erf_backward(b,a)+ew_silu_backward(b,a)+EW_SIGMOID(a)+ew_silu(a)+EW_RELU(a)
// build-check: A:complex64 B:float32 C:complex64 OUT:complex64 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_C_FLOAT=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=EW_MUL(EW_MUL(b,EW_ONE_MINUS(a)),a)+EW_SIGMOID(a)
// build-check: A:int8 B:int8 C:int64 OUT:int8<int64 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_C_FLOAT=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 B_STEP=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=a>alpha?b:(C_VAL_T)0
// build-check: A:uint8 C:uint8 OUT:uint8 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_C_FLOAT=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=EW_RELU(a)
// build-check: A:int32 C:complex128 OUT:complex128 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=1 EW_C_FLOAT=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_VECTOR=0 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=EW_SIGMOID(a)
// build-check: A:float32 B:float32 C:float32 OUT:float32 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 OUT_STEP=1 A_STEP=1 B_STEP=0 EW_VECTOR=1 INDEX:int EW_MATH(a,b,alpha)=a+EW_STEP(EW_MUL(alpha,b))
// build-check: A:float16 B:bfloat16 C:float32 OUT:float16<float32 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 OUT_STEP=1 A_STEP=1 B_STEP=1 EW_VECTOR=1 INDEX:long EW_MATH(a,b,alpha)=EW_MUL(a,b)
// build-check: A:float16 C:float16 OUT:float16 EW_BINARY=1 EW_B_TENSOR=0 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=1 EW_CONTIGUOUS=0 EW_WALK=1 OUT_STEP=1 A_STEP=1 EW_VECTOR=1 INDEX:int EW_MATH(a,b,alpha)=a+EW_STEP(EW_MUL(alpha,b))
// build-check: A:float32 C:float32 OUT:int32<float32 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 OUT_STEP=1 A_STEP=-1 EW_VECTOR=0 INDEX:long EW_MATH(a,b,alpha)=a
// build-check: A:complex64 B:float64 C:complex128 OUT:complex128 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=1 EW_C_FLOAT=0 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 OUT_STEP=-1 A_STEP=0 B_STEP=-1 EW_VECTOR=0 INDEX:int EW_MATH(a,b,alpha)=a-EW_STEP(EW_MUL(alpha,b))
// build-check: A:float32 B:float32 C:float32 OUT:float32 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 EW_NT_STORE=1 EW_NT_UNIT=8 OUT_STEP=1 A_STEP=1 B_STEP=0 EW_VECTOR=1 INDEX:int EW_MATH(a,b,alpha)=a+EW_STEP(EW_MUL(alpha,b))
// build-check: A:float32 C:float32 OUT:int32<float32 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 EW_NT_STORE=1 EW_NT_UNIT=4 OUT_STEP=1 A_STEP=-1 EW_VECTOR=0 INDEX:long EW_MATH(a,b,alpha)=a
// build-check: A:float32 C:float32 OUT:float16<float32 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 EW_NT_STORE=1 EW_NT_UNIT=8 OUT_STEP=1 A_STEP=1 EW_VECTOR=1 INDEX:int EW_MATH(a,b,alpha)=a
// build-check: A:bfloat16 B:float32 C:float32 OUT:bfloat16<float32 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 EW_NT_STORE=1 EW_NT_UNIT=8 OUT_STEP=1 A_STEP=1 B_STEP=1 EW_VECTOR=1 INDEX:int EW_MATH(a,b,alpha)=EW_MUL(a,b)
// build-check: A:float64 B:float64 C:float64 OUT:float64 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=1 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 EW_NT_STORE=1 EW_NT_UNIT=4 OUT_STEP=1 A_STEP=1 B_STEP=1 EW_VECTOR=1 INDEX:int EW_MATH(a,b,alpha)=a-EW_STEP(EW_MUL(alpha,b))
// build-check: A:float32 C:float32 OUT:int32<float32 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 EW_NT_STORE=1 EW_NT_UNIT=8 OUT_STEP=1 A_STEP=1 EW_VECTOR=1 INDEX:int EW_MATH(a,b,alpha)=a
// build-check: A:float16 B:float32 C:float32 OUT:int16<float32 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 EW_NT_STORE=1 EW_NT_UNIT=8 OUT_STEP=1 A_STEP=1 B_STEP=0 EW_VECTOR=1 INDEX:int EW_MATH(a,b,alpha)=EW_MUL(a,b)
// build-check: A:float32 C:float32 OUT:int8<float32 EW_BINARY=0 EW_B_TENSOR=0 EW_C_WIDE=0 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=1 A_STEP=1 EW_VECTOR=1 ROW_ELEMS=4 INDEX:int EW_MATH(a,b,alpha)=a
// build-check: A:int8 B:float64 C:float64 OUT:float64 EW_BINARY=1 EW_B_TENSOR=1 EW_C_WIDE=1 EW_C_FLOAT=1 EW_FUSED_ALPHA=0 EW_CONTIGUOUS=0 EW_WALK=1 EW_NT_STORE=1 EW_NT_UNIT=4 OUT_STEP=1 A_STEP=1 B_STEP=-1 EW_VECTOR=0 INDEX:int EW_MATH(a,b,alpha)=EW_MUL(a,b)

#if C_IS_COMPLEX
#if EW_C_WIDE
#define C_REAL_T double
#else
#define C_REAL_T float
#endif
// The rows' products: complex multiplication where C is complex, the plain one otherwise.
#define EW_MUL(x, y) ((C_VAL_T)((x).s0 * (y).s0 - (x).s1 * (y).s1, (x).s0 * (y).s1 + (x).s1 * (y).s0))
#else
#define EW_MUL(x, y) ((x) * (y))
#endif

// The rows' quotients, magnitudes and exponentials (host/engines/elementwise.h), for any C. Real
// quotients are IEEE's (x / 0 is +-inf, 0 / 0 NaN); integer rows compute EW_DIV in a floating C.
// Complex quotients are Smith's scaled form, as NumPy and PyTorch divide (no overflow of c * c + d * d;
// a zero divisor gives inf or NaN parts); |z| is hypot, exp(z) = e^re (cos im, sin im), exactly e^re
// where im is 0.
#if C_IS_COMPLEX
inline C_VAL_T ew_cdiv(C_VAL_T x, C_VAL_T y) {
    const C_REAL_T a = x.s0, b = x.s1, c = y.s0, d = y.s1;
    if (fabs(c) >= fabs(d)) {
        if (c == 0 && d == 0) return (C_VAL_T)(a / fabs(c), b / fabs(d));
        const C_REAL_T rat = d / c, scl = (C_REAL_T)1 / (c + d * rat);
        return (C_VAL_T)((a + b * rat) * scl, (b - a * rat) * scl);
    }
    const C_REAL_T rat = c / d, scl = (C_REAL_T)1 / (d + c * rat);
    return (C_VAL_T)((a * rat + b) * scl, (b * rat - a) * scl);
}
inline C_VAL_T ew_cexp(C_VAL_T x) {
    const C_REAL_T m = exp(x.s0);
    if (x.s1 == 0) return (C_VAL_T)(m, x.s1);
    return (C_VAL_T)(m * cos(x.s1), m * sin(x.s1));
}
#define EW_DIV(x, y) ew_cdiv((x), (y))
#define EW_ABS(x) ((C_VAL_T)(hypot((x).s0, (x).s1), (C_REAL_T)0))
#define EW_EXP(x) ew_cexp(x)
#else
#define EW_DIV(x, y) ((x) / (y))
#if EW_C_FLOAT
#define EW_ABS(x) fabs(x)
#else
#define EW_ABS(x) ((C_VAL_T)abs(x))  // abs of the most negative value wraps to itself, as in two's complement
#endif
#define EW_EXP(x) exp(x)
#endif

// x rounded to the compute dtype, through the slot's own store and load: fp16 and bf16 round to nearest
// even, integers wrap to their width, bool becomes 0 or 1.
inline C_VAL_T ew_round(C_VAL_T x) {
    C_RAW_T bits;
    __private C_T *p = (__private C_T *)&bits;
    C_STORE(p, 0, x);
    return C_LOAD(p, 0);
}

// An intermediate result rounded as CANN's kernels round it (alpha * b before the add), except on the
// fused fp16 path.
#if EW_FUSED_ALPHA
#define EW_STEP(x) ((C_VAL_T)(x))
#else
#define EW_STEP(x) ew_round((C_VAL_T)(x))
#endif

// ---------------------------------------------------------------------------------------------------
// Activations: the math of Sigmoid, Silu, Gelu and their gradients (host/ops/sigmoid*.cpp, silu*.cpp,
// gelu*.cpp), which the rows' expressions call. They run in EW_REAL_T, the compute dtype's real type:
// float for fp16 / bf16 / fp32 (the row's result is then rounded once to C by EW_RESULT), double for
// fp64; in every other program they are compiled over float and never called. Each is written so that
// nothing cancels or overflows on the way to a finite result: sigmoid and 1 - sigmoid both come from
// exp(-|x|) <= 1, the tanh-form GELU is x * sigmoid(2u) (0.5 * (1 + tanh(u)) without the 1 + tanh near
// -1), and the erf form's CDF is 0.5 * erfc(-x / sqrt 2) (accurate in the lower tail, where 1 + erf is
// not). OpenCL's exp, erfc and divide are within 3, 16 and 2.5 ulp (full profile), so every function
// here is within a few tens of ulp of the exact value of its formula (the tests give each bound).
#if EW_C_WIDE
#define EW_REAL_T double
#define EW_K(x) x
#else
#define EW_REAL_T float
#define EW_K(x) x##f
#endif
// sqrt(2 / pi) and 0.044715 of the tanh form, as v = 2u = x * (EW_GELU_V1 + EW_GELU_V3 * x^2); and
// dv/dx = EW_GELU_V1 + EW_GELU_DV3 * x^2.
#define EW_GELU_V1 EW_K(1.5957691216057308)
#define EW_GELU_V3 EW_K(0.07135481627260025)
#define EW_GELU_DV3 EW_K(0.21406444881780076)
#define EW_SQRT1_2 EW_K(0.7071067811865476)
#define EW_INV_SQRT_2PI EW_K(0.3989422804014327)

// sigmoid(x), and 1 - sigmoid(x) in *rest, each to a few ulp: with e = exp(-|x|) in (0, 1],
// sigmoid(|x|) = 1 / (1 + e) and sigmoid(-|x|) = e / (1 + e).
inline EW_REAL_T ew_sigmoid_pair(EW_REAL_T x, EW_REAL_T *rest) {
    const EW_REAL_T e = exp(-fabs(x));
    const EW_REAL_T p = 1 / (1 + e), q = e * p;
    *rest = x >= 0 ? q : p;
    return x >= 0 ? p : q;
}
inline EW_REAL_T ew_sigmoid(EW_REAL_T x) {
    EW_REAL_T rest;
    return ew_sigmoid_pair(x, &rest);
}
// Silu: x * sigmoid(x).
inline EW_REAL_T ew_silu(EW_REAL_T x) { return x * ew_sigmoid(x); }
// Silu's gradient: g * s * (1 + x * (1 - s)), s = sigmoid(x).
inline EW_REAL_T ew_silu_backward(EW_REAL_T g, EW_REAL_T x) {
    EW_REAL_T rest;
    const EW_REAL_T s = ew_sigmoid_pair(x, &rest);
    return g * (s * (1 + x * rest));
}
// The tanh form: 0.5 * x * (1 + tanh(u)) = x * sigmoid(v), u = sqrt(2 / pi) * (x + 0.044715 * x^3), v = 2u.
inline EW_REAL_T ew_gelu_tanh(EW_REAL_T x) { return x * ew_sigmoid(x * (EW_GELU_V1 + EW_GELU_V3 * (x * x))); }
// Its derivative times g: g * (s + x * s * (1 - s) * dv/dx), s = sigmoid(v). Where s * (1 - s) is 0 (|v|
// past exp's range) the second term is 0, also where x^2 would overflow dv/dx (no 0 * inf).
inline EW_REAL_T ew_gelu_tanh_backward(EW_REAL_T g, EW_REAL_T x) {
    const EW_REAL_T x2 = x * x;
    EW_REAL_T rest;
    const EW_REAL_T s = ew_sigmoid_pair(x * (EW_GELU_V1 + EW_GELU_V3 * x2), &rest);
    const EW_REAL_T slope = s * rest;
    return g * (s + (slope == 0 ? 0 : x * slope * (EW_GELU_V1 + EW_GELU_DV3 * x2)));
}
// The erf form: x * Phi(x), Phi(x) = 0.5 * (1 + erf(x / sqrt 2)) = 0.5 * erfc(-x / sqrt 2).
inline EW_REAL_T ew_gelu_erf(EW_REAL_T x) { return x * (EW_K(0.5) * erfc(-x * EW_SQRT1_2)); }
// Its derivative times g: g * (Phi(x) + x * phi(x)), phi(x) = exp(-x^2 / 2) / sqrt(2 pi) (the second
// term 0 where phi is, as at infinite x).
inline EW_REAL_T ew_gelu_erf_backward(EW_REAL_T g, EW_REAL_T x) {
    const EW_REAL_T cdf = EW_K(0.5) * erfc(-x * EW_SQRT1_2);
    const EW_REAL_T pdf = EW_INV_SQRT_2PI * exp(EW_K(-0.5) * (x * x));
    return g * (cdf + (pdf == 0 ? 0 : x * pdf));
}
// ReLU: for a floating C, 0 for x <= 0 and x otherwise, so a NaN stays NaN (as PyTorch's relu) and -0
// gives +0 (the builtin max leaves NaN undefined); for an integer C the builtin max (Mesa llvmpipe's LLVM
// 15 crashes compiling the select on 8-bit integers).
#if EW_C_FLOAT
#define EW_RELU(x) ((x) <= 0 ? (C_VAL_T)0 : (x))
#else
#define EW_RELU(x) max((x), (C_VAL_T)0)
#endif
// 1 - y in C: (1 - re, -im) for a complex y (SigmoidBackward's complex rows); Sigmoid in C: for a
// complex z, 1 / (1 + exp(-z)) with the engine's complex exp and quotient (as PyTorch and NumPy).
#if C_IS_COMPLEX
#define EW_ONE_MINUS(y) ((C_VAL_T)((C_REAL_T)1 - (y).s0, -(y).s1))
#define EW_C_ONE ((C_VAL_T)((C_REAL_T)1, (C_REAL_T)0))
#define EW_SIGMOID(x) EW_DIV(EW_C_ONE, EW_C_ONE + EW_EXP(-(x)))
#else
#define EW_ONE_MINUS(y) ((C_VAL_T)1 - (y))
#define EW_SIGMOID(x) ew_sigmoid(x)
#endif
// ---------------------------------------------------------------------------------------------------

// A slot's value as a C value (exact, or rounded once to C by ew_round at the use).
#if C_IS_COMPLEX && A_IS_COMPLEX
#define A_TO_C(v) ACL_CAT(convert_, C_VAL_T)(v)
#elif C_IS_COMPLEX
#define A_TO_C(v) ((C_VAL_T)((C_REAL_T)(v), (C_REAL_T)0))
#else
#define A_TO_C(v) ((C_VAL_T)(v))
#endif
#if EW_B_TENSOR
#if C_IS_COMPLEX && B_IS_COMPLEX
#define B_TO_C(v) ACL_CAT(convert_, C_VAL_T)(v)
#elif C_IS_COMPLEX
#define B_TO_C(v) ((C_VAL_T)((C_REAL_T)(v), (C_REAL_T)0))
#else
#define B_TO_C(v) ((C_VAL_T)(v))
#endif
#endif

#if C_IS_COMPLEX && !OUT_IS_COMPLEX
#define EW_STORE(p, i, r) OUT_STORE(p, i, (r).s0)
#else
#define EW_STORE(p, i, r) OUT_STORE(p, i, r)
#endif

// The row's result for one element, rounded once to C; b's value at offset i (the scalar b_value when b
// is no tensor, or the row is unary and never reads it).
#define EW_RESULT(av, bv, alpha) ew_round((C_VAL_T)(EW_MATH(ew_round(A_TO_C(av)), bv, alpha)))
#if EW_B_TENSOR
#define EW_B_AT(i) ew_round(B_TO_C(B_LOAD(b, i)))
#else
#define EW_B_AT(i) b_value
#endif

#if EW_CONTIGUOUS && EW_VECTOR
// One run with vector loads and stores (EW_VECTOR 1: the host found S_VLOAD4 / S_VSTORE4 for every tensor
// slot, A_STEP 1, B_STEP 1 or 0, and out's stored values of C's type): the row stream's unit is four
// elements, unit u holding elements 4u .. 4u + 3, so neighbouring work-items load neighbouring vectors in
// every step; the lanes are computed one by one with the scalar math, and the last, partial unit element
// by element.
#define EW_VEC_T ACL_CAT(C_VAL_T, 4)
__kernel void ew_contiguous(__global const A_T *a, ulong a_off,
#if EW_B_TENSOR
                            __global const B_T *b, ulong b_off,
#endif
                            __global OUT_T *out, ulong out_off, C_VAL_T b_value, C_VAL_T alpha, ulong total,
                            ulong chunks) {
    a += a_off;
#if EW_B_TENSOR
    b += b_off;
#endif
    out += out_off;
    const INDEX_T chunk = (INDEX_T)get_global_id(0), n = (INDEX_T)total, step = (INDEX_T)chunks;
    if (chunk >= step) return;
    const INDEX_T whole = n / 4;  // units of four elements; a last partial one holds n % 4
    EW_VEC_T r[ROW_ELEMS];
    ROW_STREAM_EACH(j) {
        const INDEX_T u = ROW_STREAM_COLUMN(chunk, step, j);
        if (u < whole) {
            const ACL_CAT(A_VAL_T, 4) av = A_VLOAD4(a, u * 4);  // each slot's own vector type
#if EW_B_TENSOR && B_STEP
            const ACL_CAT(B_VAL_T, 4) bv = B_VLOAD4(b, u * 4);
#define EW_B_LANE(k) ew_round(B_TO_C(bv.s##k))
#else
#define EW_B_LANE(k) EW_B_AT(0)
#endif
            r[j] = (EW_VEC_T)(EW_RESULT(av.s0, EW_B_LANE(0), alpha), EW_RESULT(av.s1, EW_B_LANE(1), alpha),
                              EW_RESULT(av.s2, EW_B_LANE(2), alpha), EW_RESULT(av.s3, EW_B_LANE(3), alpha));
#undef EW_B_LANE
        } else if (u == whole) {
            for (INDEX_T e = u * 4; e < n; ++e) EW_STORE(out, e, EW_RESULT(A_LOAD(a, e), EW_B_AT(e * B_STEP), alpha));
        }
    }
    ROW_STREAM_EACH(j) {
        const INDEX_T u = ROW_STREAM_COLUMN(chunk, step, j);
        if (u < whole) OUT_VSTORE4(out, u * 4, r[j]);
    }
}
#elif EW_CONTIGUOUS
// One run: element e of out is element e * A_STEP of a (and e * B_STEP of b).
__kernel void ew_contiguous(__global const A_T *a, ulong a_off,
#if EW_B_TENSOR
                            __global const B_T *b, ulong b_off,
#endif
                            __global OUT_T *out, ulong out_off, C_VAL_T b_value, C_VAL_T alpha, ulong total,
                            ulong chunks) {
    a += a_off;
#if EW_B_TENSOR
    b += b_off;
#endif
    out += out_off;
    const INDEX_T chunk = (INDEX_T)get_global_id(0), n = (INDEX_T)total, step = (INDEX_T)chunks;
    // The NDRange is rounded up to whole work-groups: a work-item past the chunks would repeat another's
    // columns.
    if (chunk >= step) return;
    C_VAL_T r[ROW_ELEMS];
    ROW_STREAM_EACH(j) {
        const INDEX_T e = ROW_STREAM_COLUMN(chunk, step, j);
        if (e < n) {
            r[j] = EW_RESULT(A_LOAD(a, e * A_STEP), EW_B_AT(e * B_STEP), alpha);
        }
    }
    ROW_STREAM_EACH(j) {
        const INDEX_T e = ROW_STREAM_COLUMN(chunk, step, j);
        if (e < n) EW_STORE(out, e, r[j]);
    }
}
#elif EW_WALK
// CPU devices (the walking kernels' devices, kernels/launch.h), any views of rank <= 8 (merged and padded
// in front as ew_strided's): work-item i walks out's elements [i * run, (i + 1) * run) in row-major order,
// one row of the innermost dim at a time. A row's offsets in a, b and out come from its index over the
// outer dims, once per row; along the row a, b and out step A_STEP, B_STEP and OUT_STEP (the host's 0 or
// 1, or -1: the innermost strides passed in shape's place). Each element (or unit) is loaded, computed and
// stored in one iteration of one work-item: an out that is exactly an input's view reads each element
// before writing it. With EW_VECTOR (the host found vector forms for every tensor slot, A_STEP and OUT_STEP
// 1, B_STEP 1 or 0) a row runs in units of EW_UNIT elements, its last few element by element; with
// EW_NT_STORE (below) its first few too, up to out's first aligned unit.
#if A_STEP < 0
#define EW_A_STEP a_step
#else
#define EW_A_STEP ((INDEX_T)A_STEP)
#endif
#if B_STEP < 0
#define EW_B_STEP b_step
#else
#define EW_B_STEP ((INDEX_T)B_STEP)
#endif
#if OUT_STEP < 0
#define EW_OUT_STEP out_step
#else
#define EW_OUT_STEP ((INDEX_T)OUT_STEP)
#endif
// b's value at column j of the row (ib: the row's offset in b).
#if EW_B_TENSOR
#define EW_B_ROW(j) EW_B_AT(ib + (j) * EW_B_STEP)
#else
#define EW_B_ROW(j) b_value
#endif
// A row's units: EW_UNIT elements (EW_NT_UNIT with EW_NT_STORE, else 4), EW_UNIT_T(T) the vector of them.
#if EW_NT_STORE
#define EW_UNIT EW_NT_UNIT
#else
#define EW_UNIT 4
#endif
#define EW_UNIT_T(T) ACL_CAT(T, EW_UNIT)
#define EW_LANES4(M) M(0), M(1), M(2), M(3)
#define EW_LANES8(M) M(0), M(1), M(2), M(3), M(4), M(5), M(6), M(7)
#if EW_NT_STORE
// EW_NT_STORE (the host's choice for a launch whose data cannot stay in the device's cache; OUT_STEP 1, a
// real out): out's rows are written in whole units of EW_NT_UNIT raw elements (8 or 4: the host's choice),
// aligned to the unit's size, with stores that bypass the caches where the compiler has them (clang's
// __builtin_nontemporal_store), so the cache lines of out are not first read from memory to be
// overwritten. The values and their order are those of the plain stores.
#if defined(__has_builtin)
#if __has_builtin(__builtin_nontemporal_store)
#define EW_NT_PUT(v, p) __builtin_nontemporal_store((v), (p))
#endif
#endif
#ifndef EW_NT_PUT
#define EW_NT_PUT(v, p) (*(p) = (v))
#endif
#endif
__kernel void ew_walk(__global const A_T *a, ulong a_off,
#if EW_B_TENSOR
                      __global const B_T *b, ulong b_off,
#endif
                      __global OUT_T *out, ulong out_off, C_VAL_T b_value, C_VAL_T alpha, ulong total, ulong run,
                      long8 shape, long8 a_stride,
#if EW_B_TENSOR
                      long8 b_stride,
#endif
                      long8 out_stride) {
    a += a_off;
#if EW_B_TENSOR
    b += b_off;
    const long bs[7] = {b_stride.s0, b_stride.s1, b_stride.s2, b_stride.s3, b_stride.s4, b_stride.s5, b_stride.s6};
#if B_STEP < 0
    const INDEX_T b_step = (INDEX_T)b_stride.s7;
#endif
#endif
    out += out_off;
    const long sh[7] = {shape.s0, shape.s1, shape.s2, shape.s3, shape.s4, shape.s5, shape.s6};
    const long sa[7] = {a_stride.s0, a_stride.s1, a_stride.s2, a_stride.s3, a_stride.s4, a_stride.s5, a_stride.s6};
    const long os[7] = {out_stride.s0, out_stride.s1, out_stride.s2, out_stride.s3,
                        out_stride.s4, out_stride.s5, out_stride.s6};
#if A_STEP < 0
    const INDEX_T a_step = (INDEX_T)a_stride.s7;
#endif
#if OUT_STEP < 0
    const INDEX_T out_step = (INDEX_T)out_stride.s7;
#endif
    const INDEX_T n = (INDEX_T)total, first = (INDEX_T)get_global_id(0) * (INDEX_T)run;
    // The NDRange is rounded up to whole work-groups: work-items past the last element do nothing.
    if (first >= n) return;
    const INDEX_T last = min(first + (INDEX_T)run, n), inner = (INDEX_T)shape.s7;
    INDEX_T row = first / inner, col = first % inner;
    for (INDEX_T e = first; e < last; ++row, col = 0) {
        INDEX_T rest = row, ia = 0, io = 0;
#if EW_B_TENSOR
        INDEX_T ib = 0;
#endif
        for (int k = 6; k >= 0 && rest > 0; --k) {
            const INDEX_T extent = (INDEX_T)sh[k];
            const INDEX_T c = rest % extent;
            rest /= extent;
            ia += c * (INDEX_T)sa[k];
#if EW_B_TENSOR
            ib += c * (INDEX_T)bs[k];
#endif
            io += c * (INDEX_T)os[k];
        }
        const INDEX_T end = min(inner, col + (last - e));
        e += end - col;
#if EW_NT_STORE
        // Out's elements before its first aligned unit, one by one.
        for (; col < end && (ulong)(out + io + col) % sizeof(EW_UNIT_T(OUT_RAW_T)) != 0; ++col) {
            EW_STORE(out, io + col, EW_RESULT(A_LOAD(a, ia + col * EW_A_STEP), EW_B_ROW(col), alpha));
        }
#endif
#if EW_VECTOR || EW_NT_STORE
        for (; col + EW_UNIT <= end; col += EW_UNIT) {
#if EW_VECTOR
            const EW_UNIT_T(A_VAL_T) av = ACL_CAT(A_VLOAD, EW_UNIT)(a, ia + col);
#if EW_B_TENSOR && B_STEP
            const EW_UNIT_T(B_VAL_T) bv = ACL_CAT(B_VLOAD, EW_UNIT)(b, ib + col);
#define EW_B_LANE(k) ew_round(B_TO_C(bv.s##k))
#else
            const C_VAL_T bv = EW_B_ROW(0);
#define EW_B_LANE(k) bv
#endif
#define EW_LANE(k) EW_RESULT(av.s##k, EW_B_LANE(k), alpha)
            const EW_UNIT_T(C_VAL_T) r = (EW_UNIT_T(C_VAL_T))(ACL_CAT(EW_LANES, EW_UNIT)(EW_LANE));
#undef EW_LANE
#undef EW_B_LANE
#endif
#if EW_NT_STORE
            // The unit stored through out's own stores (their rounding) into private memory, then written
            // with one non-temporal store; the union tells the compiler that the two accesses alias.
            union {
                EW_UNIT_T(OUT_RAW_T) whole;
                OUT_RAW_T lanes[EW_UNIT];
            } unit;
#if EW_VECTOR
            ACL_CAT(OUT_VSTORE, EW_UNIT)((__private OUT_T *)unit.lanes, 0, r);
#else
            for (int k = 0; k < EW_UNIT; ++k) {
                EW_STORE((__private OUT_T *)unit.lanes, k,
                         EW_RESULT(A_LOAD(a, ia + (col + k) * EW_A_STEP), EW_B_ROW(col + k), alpha));
            }
#endif
            EW_NT_PUT(unit.whole, (__global EW_UNIT_T(OUT_RAW_T) *)(out + io + col));
#else
            OUT_VSTORE4(out, io + col, r);
#endif
        }
#endif
        for (; col < end; ++col) {
            EW_STORE(out, io + col * EW_OUT_STEP,
                     EW_RESULT(A_LOAD(a, ia + col * EW_A_STEP), EW_B_ROW(col), alpha));
        }
    }
}
#else
// Any views of rank <= 8 (merged and padded in front with size 1, stride 0): each element's offsets in
// a, b and out from its flat index over out's shape; a broadcast dim has stride 0.
__kernel void ew_strided(__global const A_T *a, ulong a_off,
#if EW_B_TENSOR
                         __global const B_T *b, ulong b_off,
#endif
                         __global OUT_T *out, ulong out_off, C_VAL_T b_value, C_VAL_T alpha, ulong total,
                         ulong chunks, long8 shape, long8 a_stride,
#if EW_B_TENSOR
                         long8 b_stride,
#endif
                         long8 out_stride) {
    a += a_off;
#if EW_B_TENSOR
    b += b_off;
#endif
    out += out_off;
    const long sh[8] = {shape.s0, shape.s1, shape.s2, shape.s3, shape.s4, shape.s5, shape.s6, shape.s7};
    const long sa[8] = {a_stride.s0, a_stride.s1, a_stride.s2, a_stride.s3,
                        a_stride.s4, a_stride.s5, a_stride.s6, a_stride.s7};
#if EW_B_TENSOR
    const long bs[8] = {b_stride.s0, b_stride.s1, b_stride.s2, b_stride.s3,
                        b_stride.s4, b_stride.s5, b_stride.s6, b_stride.s7};
#endif
    const long os[8] = {out_stride.s0, out_stride.s1, out_stride.s2, out_stride.s3,
                        out_stride.s4, out_stride.s5, out_stride.s6, out_stride.s7};
    const INDEX_T chunk = (INDEX_T)get_global_id(0), n = (INDEX_T)total, step = (INDEX_T)chunks;
    // The NDRange is rounded up to whole work-groups: a work-item past the chunks would repeat another's
    // columns.
    if (chunk >= step) return;
    C_VAL_T r[ROW_ELEMS];
    INDEX_T where[ROW_ELEMS];
    ROW_STREAM_EACH(j) {
        const INDEX_T e = ROW_STREAM_COLUMN(chunk, step, j);
        where[j] = -1;
        if (e < n) {
            INDEX_T rest = e, ia = 0, io = 0;
#if EW_B_TENSOR
            INDEX_T ib = 0;
#endif
#pragma unroll
            for (int k = 7; k >= 0; --k) {
                const INDEX_T extent = (INDEX_T)sh[k];
                const INDEX_T c = rest % extent;
                rest /= extent;
                ia += c * (INDEX_T)sa[k];
#if EW_B_TENSOR
                ib += c * (INDEX_T)bs[k];
#endif
                io += c * (INDEX_T)os[k];
            }
            r[j] = EW_RESULT(A_LOAD(a, ia), EW_B_AT(ib), alpha);
            where[j] = io;
        }
    }
    ROW_STREAM_EACH(j) {
        if (where[j] >= 0) EW_STORE(out, where[j], r[j]);
    }
}
#endif
