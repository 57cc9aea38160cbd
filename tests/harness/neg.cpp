// The Neg family's cases: the unary elementwise case (harness/elementwise_unary.h).
#include "harness/neg.h"
#include "harness/elementwise_unary.h"

namespace reliability {

using testing_support::kInplaceNeg;
using testing_support::kNeg;
ACLNN_REGISTER_HARNESS("aclnnNeg", (harnessFactory<UnaryHarnessOf<kNeg, false>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceNeg", (harnessFactory<UnaryHarnessOf<kInplaceNeg, true>>));

}  // namespace reliability
