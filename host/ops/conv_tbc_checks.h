// The ConvTbc family's shared argument rules (aclnnConvTbc and aclnnConvTbcBackward): weight's C_in, bias's
// length, the output length T_out and cubeMathType's range, each 161002 with a message naming the argument, expected and found.
#pragma once

#include <cstdint>

#include "aclnn/opdev/op_errno.h"
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

}  // namespace conv_tbc
}  // namespace aclcl
