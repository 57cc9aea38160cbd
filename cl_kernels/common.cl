// Prepended to every program after the host's generated dtype macros (host/kernels/dtype_defines.cpp).
//
// Macros the host defines for each tensor slot S (IN, OUT, ...; see docs/architecture.md):
//   S_T              storage type of one element (half, ushort for bf16, float2 for complex64, ...)
//   S_VAL_T          type S_LOAD yields: float for fp16/bf16, the storage type otherwise
//   S_LOAD(p, i)     element i of pointer p as S_VAL_T
//   S_STORE(p, i, v) store v, a value of the slot's "from" dtype (the host says which: the source
//                    slot's or ACC_T's), with one rounding; a real v into a complex slot gets an
//                    imaginary part of 0
//   S_IS_COMPLEX     1 for complex slots
//   S_RAW_T          the unsigned integer type of one element's bytes (uchar, ushort, uint, ulong, or
//                    ulong2 for complex128), for kernels that move elements as bits. A raw slot
//                    (Defines::raw) defines S_RAW_T alone, from an element size: for programs that
//                    only copy bits and are built once per size (float32 and int32 share one)
//   S_VLOADn(p, i)   n = 2, 4, 8: elements i .. i + n - 1 of p as a vector of S_VAL_T (floatn for
//                    fp16 / bf16 / fp32, doublen for fp64; no double8)
//   S_VSTOREn(p, i, v) store such a vector with S_STORE's rounding, lane by lane
//                    (the vector forms exist for fp32, fp64, fp16 and bf16 slots whose stored values
//                    are of S_VAL_T's dtype, the slot's own or float into fp16 / bf16)
// No vector form is 64 bytes wide: a call that passes or returns a 64-byte vector (float16, double8,
// long8, a helper's argument or a builtin's such as vload16) changes the ABI on x86-64 without
// AVX-512, and clang warns (-Wpsabi, printed by PoCL on such a CPU). Kernels keep every value that
// crosses a call, builtins included, at 32 bytes or less (two float8 instead of a float16).
// and, per program: ACLNN_FP64 (defined, with cl_khr_fp64 enabled, when some slot or ACC_T is fp64),
// ACC_T (float, or double for fp64/complex128 work), INDEX_T (int when every
// extent fits in 31 bits, long otherwise).

// Floating-point rules every kernel relies on (docs/devices.md, "Same bits on every device"):
//
// - No contraction: a * b + c is a multiply and an add, each rounded, never an fma. OpenCL C lets a
//   compiler contract unless told otherwise (FP_CONTRACT is ON by default), and whether it does
//   differs between compilers, which would make the same kernel round differently per device.
#pragma OPENCL FP_CONTRACT OFF
// - Sums run in program order. OpenCL C gives a compiler no licence to reorder float additions
//   (only -cl-unsafe-math-optimizations or -cl-fast-relaxed-math would, and the library passes
//   neither), yet Intel's CPU compiler (runtime 2026.2) vectorizes a loop that adds into one float
//   as eight or sixteen partial sums added together at the end. ORDERED_LOOP in front of every
//   loop that accumulates floats tells clang-based compilers (Intel's, PoCL, rusticl, Oclgrind) not
//   to vectorize that loop; other compilers do not reorder and get nothing.
#ifdef __clang__
#define ORDERED_LOOP _Pragma("clang loop vectorize(disable)")
#else
#define ORDERED_LOOP
#endif

#define ACL_CAT2(a, b) a##b
#define ACL_CAT(a, b) ACL_CAT2(a, b)

// Row streaming: the pattern of memory-bound kernels on GPUs (docs/architecture.md, "Row streaming";
// the host's half is host/kernels/row_stream.h). NDRange (chunks rounded up to the work-group's x,
// rows, planes); work-item (chunk, row, plane) owns ROW_ELEMS elements of its row, the columns
// chunk + j * chunks for j < ROW_ELEMS, where chunks = ceil(width / ROW_ELEMS) (the host passes it):
// in every step j neighbouring work-items touch neighbouring columns, so each step is coalesced. A
// kernel first loads (or computes) all its elements into a private array of ROW_ELEMS, then stores
// them, and indexes in INDEX_T (int wherever the host's index check allows). Which work-item owns a
// column changes with ROW_ELEMS and the work-group shape, what each column holds does not: every
// parameter set gives the same bits.
//   ROW_ELEMS                      defined by the host: elements per work-item (1, 2, 4, 8)
//   ROW_STREAM_IDS(chunk, row, plane)  declares the work-item's three ids as const INDEX_T
//   ROW_STREAM_COLUMN(chunk, chunks, j)  the column of step j
//   ROW_STREAM_EACH(j)             for (int j = 0; j < ROW_ELEMS; ++j), unrolled
#ifdef ROW_ELEMS
#define ROW_STREAM_IDS(chunk, row, plane)                                                          \
    const INDEX_T chunk = (INDEX_T)get_global_id(0), row = (INDEX_T)get_global_id(1),               \
                  plane = (INDEX_T)get_global_id(2)
#define ROW_STREAM_COLUMN(chunk, chunks, j) ((chunk) + (INDEX_T)(j) * (chunks))
#define ROW_STREAM_EACH(j) _Pragma("unroll") for (int j = 0; j < ROW_ELEMS; ++j)
#endif

// bf16 is the upper half of an fp32; stores round to nearest even and keep NaNs quiet. The one
// rounding, on the bits u of a float (scalar uint or a uintN vector): the bf16 bits, not yet narrowed.
#define ACL_BF16_ROUNDED(u) (((u) + 0x7fffu + (((u) >> 16) & 1u)) >> 16)
#define ACL_BF16_QUIET_NAN(u) (((u) >> 16) | 0x40u)
#define ACL_IS_NAN_BITS(u) (((u) & 0x7fffffffu) > 0x7f800000u)

inline float bf16_to_float(ushort b) { return as_float((uint)b << 16); }

inline ushort float_to_bf16(float f) {
    uint u = as_uint(f);
    return (ushort)(ACL_IS_NAN_BITS(u) ? ACL_BF16_QUIET_NAN(u) : ACL_BF16_ROUNDED(u));
}

// The same lane by lane: float_to_bf16_v2 .. float_to_bf16_v8 (the bf16 slots' S_VSTOREn).
#define ACL_BF16_VECTOR_ROUND(W)                                                                     \
    inline ushort##W float_to_bf16_v##W(float##W f) {                                                \
        uint##W u = as_uint##W(f);                                                                   \
        return convert_ushort##W(select(ACL_BF16_ROUNDED(u), ACL_BF16_QUIET_NAN(u), ACL_IS_NAN_BITS(u))); \
    }
ACL_BF16_VECTOR_ROUND(2)
ACL_BF16_VECTOR_ROUND(4)
ACL_BF16_VECTOR_ROUND(8)
// Rounding to odd at float's 24 bits and then to nearest even at bf16's 8 bits rounds once: the
// stores from double and from 32/64-bit integers into bf16 use these (host/kernels/dtype_defines.cpp).
//
// 64-bit sign tests: Mesa llvmpipe (LLVM 15) miscompiles comparisons of a 64-bit signed value with
// a constant (x < 0 comes out false for negative x), and its convert_float_rtz(long) drops the sign:
// the integer versions use unsigned compares and integer operations only.
inline float ulong_to_float_odd(ulong m) {
    if (m < (1UL << 24)) return (float)m;
    const int shift = 40 - (int)clz(m);  // the top set bit is 63 - clz; keep bits [shift, shift + 24)
    ulong kept = m >> shift;
    if ((kept << shift) != m) kept |= 1;  // the sticky bit
    return ldexp((float)kept, shift);
}

inline float long_to_float_odd(long l) {
    const bool negative = (ulong)l > (ulong)LONG_MAX;
    const float t = ulong_to_float_odd(negative ? (ulong)0 - (ulong)l : (ulong)l);
    return negative ? -t : t;
}

#ifdef ACLNN_FP64
inline float double_to_float_odd(double d) {
    float t = convert_float_rtz(d);
    if ((double)t != d && !isnan(d)) t = as_float(as_uint(t) | 1u);
    return t;
}
#endif

// The stream's fault record (host/runtime/stream.h, FaultRecord). Of the faults one call reports, it keeps
// the one at the smallest position, whatever order the work-items run in (so the message is the same on
// every run and device); a fault of an earlier call on the stream, not yet read by a synchronize, stays.
// `tag` names the call (its operator's fault source and its sequence number on the stream, RunContext::
// faultTag). Every access is a 32-bit atomic (OpenCL 1.2 has no 64-bit atomics on every device: Mesa's
// rusticl has none): a 64-bit field is two words, and the fields change only under `lock`, which a
// work-item takes and gives back within one pass of its loop (the pattern that cannot deadlock work-items
// run in lockstep). `nearest` filters: it holds UINT_MAX minus the smallest position seen (saturated at
// 32 bits), so a work-item whose position is beaten already leaves without the lock.
typedef struct {
    uint flag;  // 0: empty; 1: a fault is recorded
    uint source;
    long value;
    long limit;
    long position;
    uint lock;
    uint nearest;
} fault_record;

#ifdef __ENDIAN_LITTLE__
#define FAULT_LOW_WORD 0
#else
#define FAULT_LOW_WORD 1
#endif

inline void fault_put(__global long *field, long v) {
    volatile __global uint *w = (volatile __global uint *)field;
    atomic_xchg(&w[FAULT_LOW_WORD], (uint)v);
    atomic_xchg(&w[1 - FAULT_LOW_WORD], (uint)((ulong)v >> 32));
}

inline long fault_get(__global long *field) {
    volatile __global uint *w = (volatile __global uint *)field;
    const ulong low = atomic_or(&w[FAULT_LOW_WORD], 0u), high = atomic_or(&w[1 - FAULT_LOW_WORD], 0u);
    return (long)((high << 32) | low);
}

// The fences that order a lock holder's writes before its release (and its reads after its acquire) on
// devices whose atomics to different words may be reordered (GPUs). ACL_NO_BRANCH_FENCE (the host's, for
// Mesa's llvmpipe, Device::compilerBugs.fenceInBranch): none, there a fence in a branch breaks the atomics
// around it; its atomics are x86 locked instructions, each already a full barrier.
#ifdef ACL_NO_BRANCH_FENCE
#define FAULT_FENCE()
#else
#define FAULT_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
#endif

// position >= 0.
inline void report_fault(__global fault_record *rec, uint tag, long value, long limit, long position) {
    const uint near = 0xffffffffu - (uint)min((ulong)position, (ulong)0xffffffffu);
    if (atomic_max(&rec->nearest, near) > near) return;  // a smaller position (of this call or an earlier one)
    // The tries are bounded (a driver that cut the loop short or never handed the lock over could not hang
    // the queue); a work-item that gives up still raises the flag, so the fault is reported either way.
    bool done = false;
    for (uint tries = 0; !done && tries < (1u << 20); ++tries) {
        if (atomic_cmpxchg(&rec->lock, 0u, 1u) == 0u) {
            FAULT_FENCE();
            if (atomic_or(&rec->flag, 0u) == 0u ||
                (atomic_or(&rec->source, 0u) == tag && position < fault_get(&rec->position))) {
                fault_put(&rec->value, value);
                fault_put(&rec->limit, limit);
                fault_put(&rec->position, position);
                atomic_xchg(&rec->source, tag);
                atomic_xchg(&rec->flag, 1u);
            }
            FAULT_FENCE();
            atomic_xchg(&rec->lock, 0u);
            done = true;
        }
    }
    if (!done) atomic_xchg(&rec->flag, 1u);
}
