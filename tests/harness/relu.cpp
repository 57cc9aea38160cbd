// The Relu family's cases: the unary elementwise case (harness/elementwise_unary.h).
#include "harness/relu.h"
#include "harness/elementwise_unary.h"

namespace reliability {

using testing_support::kInplaceRelu;
using testing_support::kRelu;
ACLNN_REGISTER_HARNESS("aclnnRelu", (harnessFactory<UnaryHarnessOf<kRelu, false>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceRelu", (harnessFactory<UnaryHarnessOf<kInplaceRelu, true>>));

}  // namespace reliability
