// 2-D max unpooling (forward): out[nc][indices[nc][i]] = self[nc][i] over each flattened (H, W) plane
// of self and (oH, oW) plane of out; every other element of out is 0. A copy of each element's bytes
// (ELEM_T), so every dtype is bit-exact (NaN payloads and signed zeros kept); all-zero bits are 0 in
// every dtype.
//
// Bad input: an index outside [0, plane) writes nothing and is reported through the stream's fault
// record (report_fault, cl_kernels/common.cl); the next synchronize turns it into
// ACL_ERROR_RT_AICORE_EXCEPTION naming the operator, the index and its flat position in self.
//
// Duplicates: when several inputs of a plane name one position, the one with the highest i wins.
// No atomics (except the fault flag), so the result is the same bits on every run and device:
//   max_unpool2d_planes (CPUs), NDRange (planes): one work-item per plane zeroes its out plane, then
//     scatters i = 0, 1, ... in order: the last write to a position is the highest i's.
//   max_unpool2d_groups (GPUs), one work-group of LS work-items per plane: the group zeroes the
//     plane, then takes self in chunks of LS elements, in order, with a barrier (global fence) after
//     each chunk, so that a later chunk's writes come after an earlier one's. Within a chunk the
//     positions are shared in local memory and an element writes only when no later element of its
//     chunk names the same position: one write per position per chunk, from its highest i.
//
// Every tensor is addressed through its own (N, C, H, W) strides (a 3-D tensor has N stride 0):
// any view, any storage offset, nothing packed or staged.
//
// Macros the host defines (host/ops/max_unpool2d.cpp):
//   ELEM_BYTES   bytes per element of self and out: 1, 2, 4 or 8
//   IDX_T        int or long (indices' slot, cl_kernels/common.cl)
//   OUT_EVEN     1 when out's element k of a plane is at k * osW (its rows follow each other evenly)
//   INDEX_T      int when every extent and element offset fits in 31 bits, long otherwise
// and cl_kernels/common.cl derives ELEM_T, an unsigned type of ELEM_BYTES bytes.
//
// 64-bit sign tests: Mesa llvmpipe (LLVM 15) miscompiles comparisons of a 64-bit signed value with a
// constant; index bounds are tested unsigned, (ulong)k >= (ulong)plane, which also catches k < 0.

#if OUT_EVEN
#define OUT_AT(k) ((INDEX_T)(k) * osw)
#else
#define OUT_AT(k) ((INDEX_T)((k) / oW_) * osh + (INDEX_T)((k) % oW_) * osw)
#endif

#define UNPOOL_PARAMS                                                                                        \
    __global const ELEM_T *in, ulong in_off, __global const IDX_T *indices, ulong idx_off, __global ELEM_T *out, \
        ulong out_off, __global fault_record *fault, uint fault_tag, long C_, long H_, long W_, long oW_,        \
        long plane_, long planes_, long in_sn, long in_sc, long in_sh, long in_sw, long ix_sn, long ix_sc,       \
        long ix_sh, long ix_sw, long out_sn, long out_sc, long out_sh, long out_sw

// The plane's base pointers (in, indices, out) and the strides within it.
#define UNPOOL_PLANE(nc)                                                                                           \
    const INDEX_T n_ = (nc) / (INDEX_T)C_, c_ = (nc) - n_ * (INDEX_T)C_;                                          \
    __global const ELEM_T *ip = in + in_off + (ulong)(n_ * (INDEX_T)in_sn + c_ * (INDEX_T)in_sc);               \
    __global const IDX_T *kp = indices + idx_off + (ulong)(n_ * (INDEX_T)ix_sn + c_ * (INDEX_T)ix_sc);          \
    __global ELEM_T *op = out + out_off + (ulong)(n_ * (INDEX_T)out_sn + c_ * (INDEX_T)out_sc);                 \
    const INDEX_T ish = (INDEX_T)in_sh, isw = (INDEX_T)in_sw, ksh = (INDEX_T)ix_sh, ksw = (INDEX_T)ix_sw;       \
    const INDEX_T osh = (INDEX_T)out_sh, osw = (INDEX_T)out_sw;                                                  \
    const INDEX_T H = (INDEX_T)H_, W = (INDEX_T)W_, oW = (INDEX_T)oW_, planeN = (INDEX_T)plane_

__kernel void max_unpool2d_planes(UNPOOL_PARAMS) {
    const INDEX_T nc = (INDEX_T)get_global_id(0);
    if (nc >= (INDEX_T)planes_) return;
    UNPOOL_PLANE(nc);
    const INDEX_T oH = planeN / oW;
    if (osw == 1) {
        for (INDEX_T r = 0; r < oH; ++r) {
            __global ELEM_T *row = op + r * osh;
            for (INDEX_T c = 0; c < oW; ++c) row[c] = (ELEM_T)0;
        }
    } else {
        for (INDEX_T r = 0; r < oH; ++r) {
            for (INDEX_T c = 0; c < oW; ++c) op[r * osh + c * osw] = (ELEM_T)0;
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

__kernel void max_unpool2d_groups(UNPOOL_PARAMS, __local long *chunk) {
    const INDEX_T lid = (INDEX_T)get_local_id(0);
    const INDEX_T ls = (INDEX_T)get_local_size(0);
    const INDEX_T nc = (INDEX_T)get_group_id(0);
    UNPOOL_PLANE(nc);
    for (INDEX_T k = lid; k < planeN; k += ls) op[OUT_AT(k)] = (ELEM_T)0;
    barrier(CLK_GLOBAL_MEM_FENCE);
    const INDEX_T hw = H * W;
    for (INDEX_T base = 0; base < hw; base += ls) {
        const INDEX_T i = base + lid;
        const INDEX_T count = min(ls, hw - base);
        const INDEX_T h = i / W, w = i - (i / W) * W;
        long k = -1;
        if (i < hw) k = (long)kp[h * ksh + w * ksw];
        chunk[lid] = k;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < hw) {
            if ((ulong)k >= (ulong)plane_) {
                report_fault(fault, fault_tag, k, plane_, (long)nc * (long)hw + (long)i);
            } else {
                bool last = true;
                for (INDEX_T j = lid + 1; j < count; ++j) {
                    if (chunk[j] == k) {
                        last = false;
                        break;
                    }
                }
                if (last) op[OUT_AT(k)] = ip[h * ish + w * isw];
            }
        }
        // This chunk's writes before the next chunk's, and its positions read before they are replaced.
        barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    }
}
