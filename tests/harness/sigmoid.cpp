// The Sigmoid family's cases: the unary elementwise case (harness/elementwise_unary.h).
#include "harness/sigmoid.h"
#include "harness/elementwise_unary.h"

namespace reliability {

using testing_support::kInplaceSigmoid;
using testing_support::kSigmoid;
ACLNN_REGISTER_HARNESS("aclnnSigmoid", (harnessFactory<UnaryHarnessOf<kSigmoid, false>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceSigmoid", (harnessFactory<UnaryHarnessOf<kInplaceSigmoid, true>>));

}  // namespace reliability
