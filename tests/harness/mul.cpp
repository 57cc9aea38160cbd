// The Mul family's cases: the binary elementwise case (harness/elementwise_binary.h) (no alpha).
#include "harness/mul.h"
#include "harness/elementwise_binary.h"

namespace reliability {

using testing_support::kMul;
using testing_support::kMuls;
using testing_support::kInplaceMul;
using testing_support::kInplaceMuls;
ACLNN_REGISTER_HARNESS("aclnnMul", (harnessFactory<BinaryHarnessOf<kMul, false, false, false>>));
ACLNN_REGISTER_HARNESS("aclnnMuls", (harnessFactory<BinaryHarnessOf<kMuls, false, true, false>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceMul", (harnessFactory<BinaryHarnessOf<kInplaceMul, true, false, false>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceMuls", (harnessFactory<BinaryHarnessOf<kInplaceMuls, true, true, false>>));

}  // namespace reliability
