// The Div family's cases: the binary elementwise case (harness/elementwise_binary.h) (no alpha).
#include "harness/div.h"
#include "harness/elementwise_binary.h"

namespace reliability {

using testing_support::kDiv;
using testing_support::kDivs;
using testing_support::kInplaceDiv;
using testing_support::kInplaceDivs;
ACLNN_REGISTER_HARNESS("aclnnDiv", (harnessFactory<BinaryHarnessOf<kDiv, false, false, false>>));
ACLNN_REGISTER_HARNESS("aclnnDivs", (harnessFactory<BinaryHarnessOf<kDivs, false, true, false>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceDiv", (harnessFactory<BinaryHarnessOf<kInplaceDiv, true, false, false>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceDivs", (harnessFactory<BinaryHarnessOf<kInplaceDivs, true, true, false>>));

}  // namespace reliability
