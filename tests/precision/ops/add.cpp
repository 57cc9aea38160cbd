// Add and its Inplace and scalar forms in the precision report: the engine's binary rows (ops/elementwise.h).
#include "harness/add.h"
#include "precision/ops/elementwise.h"

namespace precision {
namespace {

using testing_support::kAdd;
using testing_support::kAdds;
using testing_support::kInplaceAdd;
using testing_support::kInplaceAdds;

ACLNN_REGISTER_PRECISION("aclnnAdd", testing_support::kAddDtypes, (binaryRunner<kAdd, BinaryForm::Tensor, '+', true>));
ACLNN_REGISTER_PRECISION("aclnnAdds", testing_support::kAddDtypes, (binaryRunner<kAdds, BinaryForm::Scalar, '+', true>));
ACLNN_REGISTER_PRECISION("aclnnInplaceAdd", testing_support::kAddDtypes,
                         (binaryRunner<kInplaceAdd, BinaryForm::Inplace, '+', true>));
ACLNN_REGISTER_PRECISION("aclnnInplaceAdds", testing_support::kAddDtypes,
                         (binaryRunner<kInplaceAdds, BinaryForm::InplaceScalar, '+', true>));

}  // namespace
}  // namespace precision
