// NLLLoss and NLLLossBackward: the negative log-likelihood of class targets over rows of log-probabilities.
// Row n of self (N rows of C, contiguous) with target t = target[n]:
//   ignored (t == ignore_index):      loss 0, weight 0
//   out of range (t outside [0, C)):  loss 0, weight 0, reported through the stream's fault record
//                                     (report_fault, cl_kernels/common.cl: 507015 at the next synchronize)
//   otherwise:                        w = weight[t], loss = -w * self[n, t]
//
// The sums of mean/sum reduction run in ONE order, whatever the device and work-group size: rows are cut
// into blocks of NLL_BLOCK = 64 * 64; in a block, virtual lane l (0..63) adds the rows l, l + 64, ... in
// order (as a float2 of (loss, weight)), then the 64 lanes combine in a fixed tree (l with l + 32, then
// l + 16, ...); nll_final adds the block partials the same way (lane l: partials l, l + 64, ...; the tree).
// The lanes are virtual: a work-group of ITEMS work-items (a power of two up to 64) runs lane l on
// work-item l % ITEMS, so every ITEMS gives the same bits. No atomics except the fault flag.
//
// Macros the host defines:
//   X_T, X_LOAD            self and weight (and, backward, gradOutput and totalWeight: self's dtype)
//   TG_T, TG_LOAD          target (INT64, INT32 or UINT8)
//   OUT_T, OUT_STORE       out, stored from float
//   TW_T, TW_STORE         totalWeightOut, stored from float (forward)
//   INDEX_T                int when every element index fits in 31 bits, else long
//   ITEMS                  work-items of the reduction kernels' work-groups
//   MEAN                   1: the mean reduction (nll_final divides; backward divides by totalWeight)
//   PER_ROW_GRAD           backward: 1 when gradOutput holds one value per row (reduction none)
//
// 64-bit sign tests: the target is compared with ignore_index (a kernel argument) and range-tested
// unsigned, (ulong)t >= (ulong)C, which also catches t < 0 (Mesa llvmpipe miscompiles some signed 64-bit
// comparisons with constants).
//
// Representative builds, compiled offline warning-free by tests/kernel_warnings (the host's defines:
// slot:dtype, INDEX:int|long, NAME=value):
// build-check: X:float32 TG:int64 OUT:float32<float32 TW:float32<float32 INDEX:int ITEMS=64 MEAN=1 PER_ROW_GRAD=0
// build-check: X:float16 TG:int32 OUT:float16<float32 TW:float16<float32 INDEX:long ITEMS=1 MEAN=0 PER_ROW_GRAD=1
// build-check: X:bfloat16 TG:uint8 OUT:bfloat16<float32 TW:float32<float32 INDEX:int ITEMS=8 MEAN=1 PER_ROW_GRAD=0

#define NLL_LANES 64
#define NLL_BLOCK (NLL_LANES * NLL_LANES)

// (loss, weight) of row n.
inline float2 nll_term(__global const X_T *self, __global const TG_T *target, __global const X_T *weight, INDEX_T n,
                       long C, long ignore_index, __global fault_record *fault, uint fault_tag) {
    const long t = (long)TG_LOAD(target, n);
    if (t == ignore_index) return (float2)(0.0f, 0.0f);
    if ((ulong)t >= (ulong)C) {
        report_fault(fault, fault_tag, t, C, (long)n);
        return (float2)(0.0f, 0.0f);
    }
    const float w = X_LOAD(weight, (INDEX_T)t);
    return (float2)(-w * X_LOAD(self, n * (INDEX_T)C + (INDEX_T)t), w);
}

// reduction none: out[n] = loss of row n (0 for ignored and out-of-range rows).
__kernel void nll_none(__global const X_T *self, ulong self_off, __global const TG_T *target, ulong target_off,
                       __global const X_T *weight, ulong weight_off, __global OUT_T *out, ulong out_off,
                       __global fault_record *fault, uint fault_tag, long rows, long C, long ignore_index) {
    const INDEX_T n = (INDEX_T)get_global_id(0);
    if (n >= (INDEX_T)rows) return;
    const float2 term = nll_term(self + self_off, target + target_off, weight + weight_off, n, C, ignore_index,
                                 fault, fault_tag);
    OUT_STORE(out, out_off + n, term.x);
}

// The 64 lanes' sums in red (local), combined by the fixed tree; every work-item returns red[0].
inline float2 nll_tree(__local float2 *red) {
    const int item = (int)get_local_id(0);
    for (int stride = NLL_LANES / 2; stride > 0; stride >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int l = item; l < stride; l += ITEMS) red[l] += red[l + stride];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    return red[0];
}

// The partial (loss, weight) of rows [b * NLL_BLOCK, (b + 1) * NLL_BLOCK), for every work-item of the group.
inline float2 nll_block(__global const X_T *self, __global const TG_T *target, __global const X_T *weight,
                        __local float2 *red, INDEX_T b, __global fault_record *fault, uint fault_tag, long rows,
                        long C, long ignore_index) {
    const INDEX_T begin = b * NLL_BLOCK;
    const INDEX_T end = min(begin + (INDEX_T)NLL_BLOCK, (INDEX_T)rows);
    for (int l = (int)get_local_id(0); l < NLL_LANES; l += ITEMS) {
        float2 acc = (float2)(0.0f, 0.0f);
        ORDERED_LOOP for (INDEX_T n = begin + l; n < end; n += NLL_LANES) {
            acc += nll_term(self, target, weight, n, C, ignore_index, fault, fault_tag);
        }
        red[l] = acc;
    }
    return nll_tree(red);
}

// out = loss sum (MEAN: / weight sum) and totalWeightOut = weight sum.
inline void nll_store(float2 total, __global OUT_T *out, ulong out_off, __global TW_T *total_weight,
                      ulong total_weight_off) {
#if MEAN
    OUT_STORE(out, out_off, total.x / total.y);
#else
    OUT_STORE(out, out_off, total.x);
#endif
    TW_STORE(total_weight, total_weight_off, total.y);
}

// Work-group b: the partial (loss, weight) of block b.
__kernel __attribute__((reqd_work_group_size(ITEMS, 1, 1))) void nll_partials(
    __global const X_T *self, ulong self_off, __global const TG_T *target, ulong target_off,
    __global const X_T *weight, ulong weight_off, __global float *partials_base, ulong partials_off,
    __global fault_record *fault, uint fault_tag, long rows, long C, long ignore_index) {
    __local float2 red[NLL_LANES];
    // The workspace offset counts floats (the host's FLOAT operand); the partials are (loss, weight) pairs.
    __global float2 *partials = (__global float2 *)(partials_base + partials_off);
    const float2 total = nll_block(self + self_off, target + target_off, weight + weight_off, red,
                                   (INDEX_T)get_group_id(0), fault, fault_tag, rows, C, ignore_index);
    if (get_local_id(0) == 0) partials[get_group_id(0)] = total;
}

// One work-group: the blocks' partials added (lane l: partials l, l + 64, ...; the tree), then stored.
__kernel __attribute__((reqd_work_group_size(ITEMS, 1, 1))) void nll_final(
    __global const float *partials_base, ulong partials_off, long blocks, __global OUT_T *out, ulong out_off,
    __global TW_T *total_weight, ulong total_weight_off) {
    __local float2 red[NLL_LANES];
    __global const float2 *partials = (__global const float2 *)(partials_base + partials_off);
    for (int l = (int)get_local_id(0); l < NLL_LANES; l += ITEMS) {
        float2 acc = (float2)(0.0f, 0.0f);
        ORDERED_LOOP for (long b = l; b < blocks; b += NLL_LANES) acc += partials[b];
        red[l] = acc;
    }
    const float2 total = nll_tree(red);
    if (get_local_id(0) == 0) nll_store(total, out, out_off, total_weight, total_weight_off);
}

// Rows that fit one block: nll_partials and nll_final in one launch. nll_final's tree over the one partial p
// is (0 + p) + 0 + ... + 0, which is 0 + p (-0 becomes +0): the two kernels' bits.
__kernel __attribute__((reqd_work_group_size(ITEMS, 1, 1))) void nll_single(
    __global const X_T *self, ulong self_off, __global const TG_T *target, ulong target_off,
    __global const X_T *weight, ulong weight_off, __global fault_record *fault, uint fault_tag, long rows, long C,
    long ignore_index, __global OUT_T *out, ulong out_off, __global TW_T *total_weight, ulong total_weight_off) {
    __local float2 red[NLL_LANES];
    const float2 part = nll_block(self + self_off, target + target_off, weight + weight_off, red, 0, fault,
                                  fault_tag, rows, C, ignore_index);
    if (get_local_id(0) == 0) {
        nll_store((float2)(0.0f, 0.0f) + part, out, out_off, total_weight, total_weight_off);
    }
}

// Backward: out[n, c] = -weight[t] * g (MEAN: g / totalWeight) where c == t of a counted row, else 0;
// g = gradOutput[n] (PER_ROW_GRAD) or gradOutput[0]. One work-item per element of out (N x C).
__kernel void nll_backward(__global const X_T *grad, ulong grad_off, __global const TG_T *target, ulong target_off,
                           __global const X_T *weight, ulong weight_off, __global const X_T *total_weight,
                           ulong total_weight_off, __global OUT_T *out, ulong out_off, __global fault_record *fault,
                           uint fault_tag, long rows, long C, long ignore_index) {
    const INDEX_T e = (INDEX_T)get_global_id(0);
    if (e >= (INDEX_T)rows * (INDEX_T)C) return;
    const INDEX_T n = e / (INDEX_T)C, c = e - n * (INDEX_T)C;
    const long t = (long)TG_LOAD(target, target_off + n);
    float v = 0.0f;
    if (t != ignore_index) {
        if ((ulong)t >= (ulong)C) {
            if (c == 0) report_fault(fault, fault_tag, t, C, (long)n);
        } else if ((INDEX_T)t == c) {
#if PER_ROW_GRAD
            float g = X_LOAD(grad, grad_off + n);
#else
            float g = X_LOAD(grad, grad_off);
#endif
#if MEAN
            g = g / X_LOAD(total_weight, total_weight_off);
#endif
            v = -X_LOAD(weight, weight_off + (INDEX_T)t) * g;
        }
    }
    OUT_STORE(out, out_off + e, v);
}
