// Div and its Inplace and scalar forms in the precision report: the engine's binary rows (true division).
#include "harness/div.h"
#include "precision/ops/elementwise.h"

namespace precision {
namespace {

using testing_support::kDiv;
using testing_support::kDivs;
using testing_support::kInplaceDiv;
using testing_support::kInplaceDivs;

ACLNN_REGISTER_PRECISION("aclnnDiv", testing_support::kDivDtypes, (binaryRunner<kDiv, BinaryForm::Tensor, '/', false>));
ACLNN_REGISTER_PRECISION("aclnnDivs", testing_support::kDivDtypes, (binaryRunner<kDivs, BinaryForm::Scalar, '/', false>));
ACLNN_REGISTER_PRECISION("aclnnInplaceDiv", testing_support::kDivDtypes,
                         (binaryRunner<kInplaceDiv, BinaryForm::Inplace, '/', false>));
ACLNN_REGISTER_PRECISION("aclnnInplaceDivs", testing_support::kDivDtypes,
                         (binaryRunner<kInplaceDivs, BinaryForm::InplaceScalar, '/', false>));

}  // namespace
}  // namespace precision
