// The Exp family's cases: the unary elementwise case (harness/elementwise_unary.h).
#include "harness/exp.h"
#include "harness/elementwise_unary.h"

namespace reliability {

using testing_support::kExp;
using testing_support::kInplaceExp;
ACLNN_REGISTER_HARNESS("aclnnExp", (harnessFactory<UnaryHarnessOf<kExp, false>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceExp", (harnessFactory<UnaryHarnessOf<kInplaceExp, true>>));

}  // namespace reliability
