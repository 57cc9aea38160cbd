// Abs's case: the unary elementwise case (harness/elementwise_unary.h).
#include "harness/abs.h"
#include "harness/elementwise_unary.h"

namespace reliability {

using testing_support::kAbs;
ACLNN_REGISTER_HARNESS("aclnnAbs", (harnessFactory<UnaryHarnessOf<kAbs, false>>));

}  // namespace reliability
