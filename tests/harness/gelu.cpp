// Gelu: the unary elementwise case (harness/elementwise_unary.h).
#include "harness/gelu.h"
#include "harness/elementwise_unary.h"

namespace reliability {

using testing_support::kGelu;
ACLNN_REGISTER_HARNESS("aclnnGelu", (harnessFactory<UnaryHarnessOf<kGelu, false>>));

}  // namespace reliability
