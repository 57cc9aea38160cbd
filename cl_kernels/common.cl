// Prepended to every program after the host's generated dtype macros (host/kernels/dtype_defines.cpp).
//
// Macros the host defines for each tensor slot S (IN, OUT, ...; see docs/architecture.md):
//   S_T              storage type of one element (half, ushort for bf16, float2 for complex64, ...)
//   S_VAL_T          type S_LOAD yields: float for fp16/bf16, the storage type otherwise
//   S_LOAD(p, i)     element i of pointer p as S_VAL_T
//   S_STORE(p, i, v) store v (any real arithmetic type, or a vector for complex) with one rounding
//   S_IS_COMPLEX     1 for complex slots
// and, per program: ACC_T (float, or double for fp64/complex128 work), INDEX_T (int when every
// extent fits in 31 bits, long otherwise).

// bf16 is the upper half of an fp32; stores round to nearest even and keep NaNs quiet.
inline float bf16_to_float(ushort b) { return as_float((uint)b << 16); }

inline ushort float_to_bf16(float f) {
    uint u = as_uint(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (ushort)((u >> 16) | 0x40u);
    u += 0x7fffu + ((u >> 16) & 1u);
    return (ushort)(u >> 16);
}

// The stream's fault record (host/runtime/stream.h, FaultRecord). The first work-item to see bad
// input wins the flag and fills in the rest; later ones leave it alone.
typedef struct {
    uint flag;
    uint source;
    long value;
    long limit;
    long position;
} fault_record;

inline void report_fault(__global fault_record *rec, uint source, long value, long limit, long position) {
    if (atomic_cmpxchg(&rec->flag, 0u, 1u) == 0u) {
        rec->source = source;
        rec->value = value;
        rec->limit = limit;
        rec->position = position;
    }
}
