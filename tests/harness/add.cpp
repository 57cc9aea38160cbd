// The Add family's cases: the binary elementwise case (harness/elementwise_binary.h) with alpha.
#include "harness/add.h"
#include "harness/elementwise_binary.h"

namespace reliability {

using testing_support::kAdd;
using testing_support::kAdds;
using testing_support::kInplaceAdd;
using testing_support::kInplaceAdds;
ACLNN_REGISTER_HARNESS("aclnnAdd", (harnessFactory<BinaryHarnessOf<kAdd, false, false, true>>));
ACLNN_REGISTER_HARNESS("aclnnAdds", (harnessFactory<BinaryHarnessOf<kAdds, false, true, true>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceAdd", (harnessFactory<BinaryHarnessOf<kInplaceAdd, true, false, true>>));
ACLNN_REGISTER_HARNESS("aclnnInplaceAdds", (harnessFactory<BinaryHarnessOf<kInplaceAdds, true, true, true>>));

}  // namespace reliability
