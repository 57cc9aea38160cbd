// ConvTbcBackward's planning rules that tests check directly (the operator is
// aclnnConvTbcBackward in aclnnop/aclnn_convolution_backward.h).
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "blas/gemm.h"

namespace aclcl {
namespace conv_tbc {

// The precision of the GEMMs. Half only on a device with cl_khr_fp16 and only when asked for with
// cubeMathType 2 (USE_FP16). Everything else runs in fp32, KEEP_DTYPE on FLOAT16 included: CANN's
// cube units accumulate fp16 products in fp32 and round once, and an fp16 GEMM that accumulates in
// fp16 was 1-5% off on long reductions (docs/ops/conv_tbc_backward.md).
blas::Precision gemmPrecision(bool deviceHasFp16, int8_t cubeMathType);

// Rows of time that tap k touches (half-open [first, end); empty when end <= first).
struct TapRange {
    int64_t first = 0, end = 0;
    bool empty() const { return end <= first; }
};
// gradInput rows t with 0 <= t + pad - k < T_out (self row t + pad - k).
TapRange gradInputRows(int64_t T, int64_t Tout, int64_t pad, int64_t k);
// self rows t with 0 <= t + k - pad < T (input row t + k - pad).
TapRange gradWeightRows(int64_t T, int64_t Tout, int64_t pad, int64_t k);

}  // namespace conv_tbc
}  // namespace aclcl
