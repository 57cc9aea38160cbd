// Sub and its Inplace and scalar forms in the precision report: the engine's binary rows (ops/elementwise.h).
#include "harness/sub.h"
#include "precision/ops/elementwise.h"

namespace precision {
namespace {

using testing_support::kSub;
using testing_support::kSubs;
using testing_support::kInplaceSub;
using testing_support::kInplaceSubs;

ACLNN_REGISTER_PRECISION("aclnnSub", testing_support::kSubDtypes, (binaryRunner<kSub, BinaryForm::Tensor, '-', true>));
ACLNN_REGISTER_PRECISION("aclnnSubs", testing_support::kSubDtypes, (binaryRunner<kSubs, BinaryForm::Scalar, '-', true>));
ACLNN_REGISTER_PRECISION("aclnnInplaceSub", testing_support::kSubDtypes,
                         (binaryRunner<kInplaceSub, BinaryForm::Inplace, '-', true>));
ACLNN_REGISTER_PRECISION("aclnnInplaceSubs", testing_support::kSubDtypes,
                         (binaryRunner<kInplaceSubs, BinaryForm::InplaceScalar, '-', true>));

}  // namespace
}  // namespace precision
