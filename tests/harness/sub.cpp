// The Sub family's cases: the binary elementwise case (harness/elementwise_binary.h) with alpha.
#include "harness/sub.h"
#include "harness/elementwise_binary.h"

namespace reliability {

using testing_support::kSub;
using testing_support::kSubs;
using testing_support::kInplaceSub;
using testing_support::kInplaceSubs;
ACLNN_REGISTER_HARNESS("aclnnSub", (harnessFactory<BinaryHarnessOf<kSub, false, false, true>>));
ACLNN_REGISTER_HARNESS("aclnnSubs", (harnessFactory<BinaryHarnessOf<kSubs, false, true, true>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceSub", (harnessFactory<BinaryHarnessOf<kInplaceSub, true, false, true>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceSubs", (harnessFactory<BinaryHarnessOf<kInplaceSubs, true, true, true>>));

}  // namespace reliability
