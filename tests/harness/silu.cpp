// Silu: the unary elementwise case (harness/elementwise_unary.h).
#include "harness/silu.h"
#include "harness/elementwise_unary.h"

namespace reliability {

using testing_support::kSilu;
ACLNN_REGISTER_HARNESS("aclnnSilu", (harnessFactory<UnaryHarnessOf<kSilu, false>>));

}  // namespace reliability
