// aclnnMm's, aclnnBatchMatMul's and aclnnMatmul's calls, written once (support/binding.h).
#pragma once

#include <vector>

#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kMm = ACLNN_BINDING(aclnnMm, "self", "mat2", "out", "cubeMathType");
inline const Binding kBatchMatMul = ACLNN_BINDING(aclnnBatchMatMul, "self", "mat2", "out", "cubeMathType");
inline const Binding kMatmul = ACLNN_BINDING(aclnnMatmul, "self", "mat2", "out", "cubeMathType");

// The dtypes CANN lists for self, mat2 and out on A2/A3 (OPS_COMPANION), in its order: the tests' and the
// precision report's.
inline const std::vector<aclDataType> kMatmulDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

}  // namespace testing_support
