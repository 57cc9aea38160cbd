// 2-D max unpooling (forward): out[nc][indices[nc][i]] = self[nc][i] over each flattened (H, W) plane
// of self and (oH, oW) plane of out; every other element of out is 0. A copy of each element's bytes
// (ELEM_RAW_T), so every dtype is bit-exact (NaN payloads and signed zeros kept); all-zero bits are 0 in
// every dtype.
//
// Bad input: an index outside [0, plane) writes nothing and is reported through the stream's fault
// record (report_fault, cl_kernels/common.cl); the next synchronize turns it into
// ACL_ERROR_RT_AICORE_EXCEPTION naming the operator, the index and its flat position in self.
//
// Duplicates: when several inputs of a plane name one position, the one with the highest i wins.
// No float atomics, so the result is the same bits on every run and device:
//   max_unpool2d_planes (CPUs), NDRange (planes): one work-item per plane zeroes its out plane, then
//     scatters i = 0, 1, ... in order: the last write to a position is the highest i's.
//   max_unpool2d_claim_init, _claim, _claim_fill (GPUs), one work-item per element: every position's
//     claim word is set to 0; every input i atomic_max-es i + 1 into the word of the position it
//     names; every position then takes self[word - 1] (0 for an unclaimed word). An integer maximum is the same
//     whatever order the work-items run in, so the highest i wins on every run, as on the CPU path.
//
// Every tensor is addressed through its own (N, C, H, W) strides (a 3-D tensor has N stride 0):
// any view, any storage offset, nothing packed or staged.
//
// Macros the host defines (host/ops/max_unpool2d.cpp):
//   ELEM_RAW_T   the unsigned type of one element's bytes of self and out (raw slot ELEM: uchar, ushort,
//                uint or ulong); one program per element size, whatever the dtype
//   IDX_T        int or long (indices' slot, cl_kernels/common.cl)
//   OUT_EVEN     1 when out's element k of a plane is at k * osW (its rows follow each other evenly)
//   INDEX_T      int when every extent and element offset fits in 31 bits, long otherwise
//
// 64-bit sign tests: Mesa llvmpipe (LLVM 15) miscompiles comparisons of a 64-bit signed value with a
// constant; index bounds are tested unsigned, (ulong)k >= (ulong)plane, which also catches k < 0.
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, slot:rawN, INDEX:int|long, NAME=value):
// build-check: ELEM:raw4 IDX:int64 OUT_EVEN=1 INDEX:int
// build-check: ELEM:raw2 IDX:int32 OUT_EVEN=0 INDEX:long
// build-check: ELEM:raw8 IDX:int64 OUT_EVEN=0 INDEX:int
// build-check: ELEM:raw1 IDX:int32 OUT_EVEN=1 INDEX:int

#if OUT_EVEN
#define OUT_AT(k) ((INDEX_T)(k) * osw)
#else
#define OUT_AT(k) ((INDEX_T)((k) / oW_) * osh + (INDEX_T)((k) % oW_) * osw)
#endif

#define UNPOOL_PARAMS                                                                                      \
    __global const ELEM_RAW_T *in, ulong in_off, __global const IDX_T *indices, ulong idx_off,             \
        __global ELEM_RAW_T *out, ulong out_off, __global fault_record *fault, uint fault_tag, long C_,    \
        long H_, long W_, long oW_, long plane_, long planes_, long in_sn, long in_sc, long in_sh,         \
        long in_sw, long ix_sn, long ix_sc, long ix_sh, long ix_sw, long out_sn, long out_sc, long out_sh, \
        long out_sw

// The plane's base pointers (in, indices, out) and the strides within it.
#define UNPOOL_PLANE(nc)                                                                                           \
    const INDEX_T n_ = (nc) / (INDEX_T)C_, c_ = (nc) - n_ * (INDEX_T)C_;                                           \
    __global const ELEM_RAW_T *ip = in + in_off + (ulong)(n_ * (INDEX_T)in_sn + c_ * (INDEX_T)in_sc);              \
    __global const IDX_T *kp = indices + idx_off + (ulong)(n_ * (INDEX_T)ix_sn + c_ * (INDEX_T)ix_sc);             \
    __global ELEM_RAW_T *op = out + out_off + (ulong)(n_ * (INDEX_T)out_sn + c_ * (INDEX_T)out_sc);                \
    const INDEX_T ish = (INDEX_T)in_sh, isw = (INDEX_T)in_sw, ksh = (INDEX_T)ix_sh, ksw = (INDEX_T)ix_sw;          \
    const INDEX_T osh = (INDEX_T)out_sh, osw = (INDEX_T)out_sw;                                                    \
    const INDEX_T H = (INDEX_T)H_, W = (INDEX_T)W_, oW = (INDEX_T)oW_, planeN = (INDEX_T)plane_

__kernel void max_unpool2d_planes(UNPOOL_PARAMS) {
    const INDEX_T nc = (INDEX_T)get_global_id(0);
    if (nc >= (INDEX_T)planes_) return;
    UNPOOL_PLANE(nc);
    const INDEX_T oH = planeN / oW;
    if (osw == 1) {
        for (INDEX_T r = 0; r < oH; ++r) {
            __global ELEM_RAW_T *row = op + r * osh;
            for (INDEX_T c = 0; c < oW; ++c) row[c] = (ELEM_RAW_T)0;
        }
    } else {
        for (INDEX_T r = 0; r < oH; ++r) {
            for (INDEX_T c = 0; c < oW; ++c) op[r * osh + c * osw] = (ELEM_RAW_T)0;
        }
    }
    for (INDEX_T h = 0; h < H; ++h) {
        for (INDEX_T w = 0; w < W; ++w) {
            const long k = (long)kp[h * ksh + w * ksw];
            if ((ulong)k >= (ulong)plane_) {
                report_fault(fault, fault_tag, k, plane_, ((long)nc * H_ + (long)h) * W_ + (long)w);
                continue;
            }
            op[OUT_AT(k)] = ip[h * ish + w * isw];
        }
    }
}

// The GPU kernels: every element its own work-item, in three launches over flat indices (p over out's
// positions, planes * plane; i over self's elements, planes * H * W). A position's claim word holds
// 1 + the highest i of its plane that names it (atomic_max: the same result in any order), 0 for none:
// unsigned, with no value at or above 2^31, so a signed or an unsigned maximum agree (Oclgrind 21.10
// compares atomic_max's operands unsigned even for int). The words are a workspace of their own, never
// out: runs of one repeatable executor on several streams write the same out, and a word kept there
// could be overwritten by another run's final value between this run's kernels. A word above H * W
// (possible only when two runs share one workspace) writes 0: no read outside self.
// Word p is out's flat position p (plane nc, position k: p = nc * plane + k).
#define CLAIM_AT(nc, k) (claims + claims_off + (ulong)((nc) * planeN + (k)))
#define CLAIM_PARAMS UNPOOL_PARAMS, __global uint *claims, ulong claims_off

// Position p of out: its plane's pointers and its index k in the plane (p itself stays in range).
#define CLAIM_POSITION(p, nc, k)                                                                            \
    const INDEX_T nc = (p) / (INDEX_T)plane_, k = (p) - nc * (INDEX_T)plane_;                                \
    UNPOOL_PLANE(nc)

__kernel void max_unpool2d_claim_init(CLAIM_PARAMS) {
    const ulong p = get_global_id(0);
    if (p < (ulong)planes_ * (ulong)plane_) claims[claims_off + p] = 0u;
}

__kernel void max_unpool2d_claim(CLAIM_PARAMS) {
    const INDEX_T p = (INDEX_T)get_global_id(0);
    const INDEX_T hw = (INDEX_T)H_ * (INDEX_T)W_;
    if ((ulong)p >= (ulong)planes_ * (ulong)hw) return;
    const INDEX_T nc = p / hw, i = p - nc * hw;
    UNPOOL_PLANE(nc);
    const INDEX_T h = i / W, w = i - h * W;
    const long k = (long)kp[h * ksh + w * ksw];
    if ((ulong)k >= (ulong)plane_) {
        report_fault(fault, fault_tag, k, plane_, (long)p);
        return;
    }
    atomic_max(CLAIM_AT(nc, (INDEX_T)k), (uint)i + 1u);
}

__kernel void max_unpool2d_claim_fill(CLAIM_PARAMS) {
    const INDEX_T p = (INDEX_T)get_global_id(0);
    if ((ulong)p >= (ulong)planes_ * (ulong)plane_) return;
    CLAIM_POSITION(p, nc, k);
    const uint claim = claims[claims_off + (ulong)p];
    ELEM_RAW_T v = (ELEM_RAW_T)0;
    if (claim != 0u && (ulong)claim <= (ulong)H_ * (ulong)W_) {
        const INDEX_T i = (INDEX_T)(claim - 1u), h = i / W, w = i - h * W;
        v = ip[h * ish + w * isw];
    }
    op[OUT_AT(k)] = v;
}
