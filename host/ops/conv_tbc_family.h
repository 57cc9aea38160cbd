// The ConvTbc family's shared rules (aclnnConvTbc and aclnnConvTbcBackward), one copy for both operators:
// the argument checks (weight's C_in, bias's length, the output length T_out and cubeMathType's range, each
// 161002 with a message naming the argument, expected and found), the shape both plan from, the GEMMs'
// precision and the rows each tap touches.
#pragma once

#include <cstdint>

#include <algorithm>

#include "aclnn/opdev/op_errno.h"
#include "blas/gemm.h"
#include "common/error.h"
#include "meta/tensor.h"

namespace aclcl {
namespace conv_tbc {

// weight (K, C_in, C_out): C_in must equal the input's channel count (`input` names that tensor).
inline void checkWeightInChannels(const char *op, const aclTensor *weight, int64_t Cin, const char *input) {
    if (weight->dim(1) == Cin) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected weight.shape[1] to equal %s.shape[2] (C_in = %lld), but found weight %s.", op, input,
                   static_cast<long long>(Cin), weight->shapeString().c_str()));
}

// bias (C_out): its length must equal weight.shape[2].
inline void checkBiasLength(const char *op, const aclTensor *bias, int64_t Cout) {
    if (bias->dim(0) == Cout) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected bias.shape[0] to equal weight.shape[2] (C_out = %lld), but found bias %s.", op,
                   static_cast<long long>(Cout), bias->shapeString().c_str()));
}

// T_out = T + 2*pad + 1 - K for T, K >= 0 and pad >= 0 (`input` names the tensor T comes from): 161002 when it
// overflows int64 (no out shape can match it then) or is negative.
inline int64_t outputLength(const char *op, int64_t T, int64_t K, int64_t pad, const char *input) {
    int64_t twoPad = 0, sum = 0;
    if (__builtin_mul_overflow(pad, int64_t{2}, &twoPad) || __builtin_add_overflow(T, twoPad, &sum) ||
        __builtin_add_overflow(sum, int64_t{1}, &sum)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected T_out = %s.shape[0] + 2*pad + 1 - weight.shape[0] to fit in int64, but found "
                       "%s.shape[0] = %lld and pad = %lld.",
                       op, input, input, static_cast<long long>(T), static_cast<long long>(pad)));
    }
    const int64_t Tout = sum - K;
    if (Tout < 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected T_out = %s.shape[0] + 2*pad + 1 - weight.shape[0] to be >= 0, but found "
                       "%lld + 2*%lld + 1 - %lld = %lld.",
                       op, input, static_cast<long long>(T), static_cast<long long>(pad), static_cast<long long>(K),
                       static_cast<long long>(Tout)));
    }
    return Tout;
}

inline void checkCubeMathType(const char *op, int8_t cubeMathType) {
    if (cubeMathType >= 0 && cubeMathType <= 3) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected cubeMathType to be one of 0 (KEEP_DTYPE), 1 (ALLOW_FP32_DOWN_PRECISION), 2 "
                   "(USE_FP16), 3 (USE_HF32), but found %d.",
                   op, static_cast<int>(cubeMathType)));
}

// The problem both operators plan: self/input (T, B, C_in), weight (K, C_in, C_out), out/self (T_out, B,
// C_out), T_out = T + 2*pad + 1 - K.
struct Shape {
    int64_t T = 0, B = 0, Cin = 0, Cout = 0, K = 0, pad = 0, Tout = 0;
};

// The precision of the GEMMs. Half only on a device with cl_khr_fp16 and only when asked for with
// cubeMathType 2 (USE_FP16). Everything else runs in fp32, KEEP_DTYPE on FLOAT16 included: CANN's
// cube units accumulate fp16 products in fp32 and round once, and an fp16 GEMM that accumulates in
// fp16 was 1-5% off on long reductions (docs/ops/conv_tbc_backward.md).
inline blas::Precision gemmPrecision(bool deviceHasFp16, int8_t cubeMathType) {
    return deviceHasFp16 && cubeMathType == 2 ? blas::Precision::Half : blas::Precision::Single;
}

// Rows of time that tap k touches (half-open [first, end); empty when end <= first).
struct TapRange {
    int64_t first = 0, end = 0;
    bool empty() const { return end <= first; }
};
// gradInput rows t with 0 <= t + pad - k < T_out (self row t + pad - k).
inline TapRange gradInputRows(int64_t T, int64_t Tout, int64_t pad, int64_t k) {
    return TapRange{std::max<int64_t>(0, k - pad), std::min<int64_t>(T, k - pad + Tout)};
}
// self rows t with 0 <= t + k - pad < T (input row t + k - pad); for ConvTbc, the out rows of tap k.
inline TapRange gradWeightRows(int64_t T, int64_t Tout, int64_t pad, int64_t k) {
    return TapRange{std::max<int64_t>(0, pad - k), std::min<int64_t>(Tout, T + pad - k)};
}

}  // namespace conv_tbc
}  // namespace aclcl
