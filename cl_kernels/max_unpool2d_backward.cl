// The gradient of 2-D max unpooling: out[nc][i] = gradOutput[nc][indices[nc][i]], a gather within
// each (n, c) plane (i over the H*W plane of out, the index a flat offset into the oH*oW plane of
// gradOutput). Each output element is written once by one work-item; no atomics except the fault
// flag, so results are bit-identical run to run.
//
// Bad input: an index outside [0, plane) reads nothing, writes 0, and is reported through the
// stream's fault record (report_fault, cl_kernels/common.cl); the next synchronize turns it into
// ACL_ERROR_RT_AICORE_EXCEPTION naming the operator, the index and its position.
//
// (n, c) are collapsed into one index nc (the host packs a tensor whose n and c dimensions cannot
// be collapsed). Kernels:
//   max_unpool2d_backward_direct  NDRange (W, H, N*C), one work-item per output element; every
//       tensor through its strides. gradOutput element k of plane nc is at nc*gsNC + k*gsW when its
//       plane is flat (G_FLAT), else at nc*gsNC + (k / oW)*gsH + (k % oW)*gsW.
//   max_unpool2d_backward_staged  one work-group per plane (NDRange N*C*LS, local LS), for planes
//       stored with unit element stride and a gradOutput plane small enough to stay in cache:
//       with WARM the work-group first reads one element of every cache line of its gradOutput plane
//       in order (a sequential read that the memory system streams, instead of one random-order miss
//       per gather) and waits at a barrier (without WARM, where gradOutput is likely still in the
//       caches, it starts at once), then each work-item gathers runs of 8 outputs: one
//       8-index vector load, 8 reads that hit the cache, 8 stores (one vector store of raw bits
//       when out's dtype is gradOutput's). A work-item that saw a bad index reports it after its
//       runs, so the atomic stays off the common path. Not used on Mesa rusticl, whose compiler
//       crashes on it for some dtypes (see the host).
//
// Macros the host defines (host/ops/max_unpool2d_backward.cpp):
//   G_T, G_VAL_T, G_LOAD        gradOutput slot (cl_kernels/common.cl)
//   IDX_T                       int or long (indices)
//   OUT_T, OUT_STORE            out slot; OUT_STORE converts a gradOutput value with one rounding
//   INDEX_T                     int when every offset fits in 31 bits, long otherwise
//   G_FLAT                      1 when gradOutput's (oH, oW) plane is flat with element step gsW
//   STAGED                      defined (1) in the staged kernel's program only
//   G_RAW_T                     (cl_kernels/common.cl) the unsigned integer type of G_T's bytes
//   WARM                        (staged kernel) 1 to read the gradOutput plane in order before the gathers
//   SAME_BITS                   (staged kernel) 1 when out's dtype is gradOutput's: runs of 8 outputs
//                               move as raw bits, as two vectors of 4 G_RAW_T (RAW4_T)
//
// No 64-byte vector (long8, ulong8) passes through a call, a builtin's included: without AVX-512 that
// changes the x86-64 ABI (-Wpsabi). A run's eight indices are two halves of four (long4).
//
// 64-bit sign tests: Mesa llvmpipe (LLVM 15) miscompiles comparisons of a 64-bit signed value with a
// constant (x < 0 comes out false for negative x). Index bounds are therefore tested unsigned,
// (ulong)k >= (ulong)plane, which also catches negative k, and signs through unsigned compares.
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: G:float32 IDX:int64 OUT:float32<float32 INDEX:int G_FLAT=1
// build-check: G:float16 IDX:int32 OUT:float32<float16 INDEX:long G_FLAT=0
// build-check: G:float32 IDX:int64 OUT:float32<float32 INDEX:int G_FLAT=1 STAGED=1 SAME_BITS=1 WARM=1
// build-check: G:bfloat16 IDX:int32 OUT:float32<bfloat16 INDEX:int G_FLAT=1 STAGED=1 SAME_BITS=0 WARM=0
// build-check: G:int8 IDX:int64 OUT:int8<int8 INDEX:long G_FLAT=1 STAGED=1 SAME_BITS=1 WARM=0
// build-check: G:float64 IDX:int64 OUT:float64<float64 INDEX:int G_FLAT=1 STAGED=1 SAME_BITS=1 WARM=1

__kernel void max_unpool2d_backward_direct(__global const G_T *grad, ulong grad_off, __global const IDX_T *indices,
                                           ulong idx_off, __global OUT_T *out, ulong out_off,
                                           __global fault_record *fault, uint fault_tag, int H, int W, int oW,
                                           long plane, long gsNC, long gsH, long gsW, long isNC, long isH,
                                           long isW, long osNC, long osH, long osW) {
    const int w = (int)get_global_id(0);
    const int h = (int)get_global_id(1);
    const INDEX_T nc = (INDEX_T)get_global_id(2);
    if (w >= W || h >= H) return;
    const long k = (long)indices[idx_off + nc * (INDEX_T)isNC + (INDEX_T)h * (INDEX_T)isH + (INDEX_T)w * (INDEX_T)isW];
    __global OUT_T *o = out + out_off;
    const INDEX_T at = nc * (INDEX_T)osNC + (INDEX_T)h * (INDEX_T)osH + (INDEX_T)w * (INDEX_T)osW;
    if ((ulong)k >= (ulong)plane) {
        OUT_STORE(o, at, (G_VAL_T)0);
        report_fault(fault, fault_tag, k, plane, ((long)nc * H + h) * W + w);
        return;
    }
    __global const G_T *g = grad + grad_off + nc * (INDEX_T)gsNC;
#if G_FLAT
    const INDEX_T from = (INDEX_T)k * (INDEX_T)gsW;
#else
    const INDEX_T from = (INDEX_T)(k / oW) * (INDEX_T)gsH + (INDEX_T)(k % oW) * (INDEX_T)gsW;
#endif
    OUT_STORE(o, at, G_LOAD(g, from));
}

#ifdef STAGED
#define RAW_T G_RAW_T
#define RAW4_T ACL_CAT(G_RAW_T, 4)
// A long4 lane mask (0 or -1) as RAW4_T lanes (0 or all ones), for select().
#define RAW_MASK4(b) ACL_CAT(convert_, RAW4_T)(b)

// One output of a half run: lane `lane` of the half's index vector.
#define GATHER_LANE(lane)                                                      \
    {                                                                          \
        const G_VAL_T v = G_LOAD(sp, (INDEX_T)safe.lane);                      \
        OUT_STORE(op, at + lane##_pos, bad.lane ? (G_VAL_T)0 : v);             \
    }
#define s0_pos 0
#define s1_pos 1
#define s2_pos 2
#define s3_pos 3

__kernel void max_unpool2d_backward_staged(__global const G_T *grad, ulong grad_off, __global const IDX_T *indices,
                                           ulong idx_off, __global OUT_T *out, ulong out_off,
                                           __global fault_record *fault, uint fault_tag, long HW, long plane,
                                           long gsNC, long isNC, long osNC, __local RAW_T *sink) {
    const INDEX_T lid = (INDEX_T)get_local_id(0);
    const INDEX_T ls = (INDEX_T)get_local_size(0);
    const INDEX_T nc = (INDEX_T)get_group_id(0);
    const INDEX_T planeN = (INDEX_T)plane, hw = (INDEX_T)HW;

    __global const RAW_T *gp = (__global const RAW_T *)(grad + grad_off) + nc * (INDEX_T)gsNC;
#if WARM
    // Warm the caches: read one element of every 64-byte line of the gradOutput plane, in order.
    // The values only feed a store to local memory (a kernel argument, so the loads cannot be
    // optimised away); the gathers below then hit lines already in cache.
    {
        const INDEX_T step = 64 / (INDEX_T)sizeof(RAW_T);
        RAW_T seen = 0;
        for (INDEX_T j = lid * step; j < planeN; j += ls * step) seen ^= gp[j];
        sink[lid] = seen;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
#endif

    __global const G_T *sp = (__global const G_T *)gp;
    __global const IDX_T *ip = indices + idx_off + nc * (INDEX_T)isNC;
    __global OUT_T *op = out + out_off + nc * (INDEX_T)osNC;
    int sawBad = 0;
    const INDEX_T runs = hw / 8;
    for (INDEX_T r = lid; r < runs; r += ls) {
#pragma unroll
        for (int part = 0; part < 2; ++part) {
            const INDEX_T q = 2 * r + part;  // the run's half: elements 4q .. 4q + 3
            const long4 k = convert_long4(vload4(q, ip));
            const long4 bad = as_long4(convert_ulong4(k) >= (ulong)plane);
            const long4 safe = select(k, (long4)0, bad);
            sawBad |= any(bad);
#if SAME_BITS
            // out has gradOutput's dtype: move raw bits, 4 at a time (0 bits are 0 in every dtype).
            const RAW4_T v = (RAW4_T)(gp[safe.s0], gp[safe.s1], gp[safe.s2], gp[safe.s3]);
            vstore4(select(v, (RAW4_T)0, RAW_MASK4(bad)), q, (__global RAW_T *)op);
#else
            const INDEX_T at = q * 4;
            GATHER_LANE(s0) GATHER_LANE(s1) GATHER_LANE(s2) GATHER_LANE(s3)
#endif
        }
    }
    for (INDEX_T i = runs * 8 + lid; i < hw; i += ls) {
        const long k = (long)ip[i];
        const bool bad = (ulong)k >= (ulong)plane;
        sawBad |= bad;
        const G_VAL_T v = G_LOAD(sp, bad ? 0 : (INDEX_T)k);
        OUT_STORE(op, i, bad ? (G_VAL_T)0 : v);
    }
    if (sawBad) {
        // Rare: walk this work-item's elements again and report the first bad index it meets.
        for (INDEX_T i = lid * 8; i < runs * 8; i += ls * 8) {
            for (INDEX_T j = i; j < i + 8; ++j) {
                const long k = (long)ip[j];
                if ((ulong)k >= (ulong)plane) report_fault(fault, fault_tag, k, plane, (long)nc * HW + j);
            }
        }
        for (INDEX_T i = runs * 8 + lid; i < hw; i += ls) {
            const long k = (long)ip[i];
            if ((ulong)k >= (ulong)plane) report_fault(fault, fault_tag, k, plane, (long)nc * HW + i);
        }
    }
}

#endif
