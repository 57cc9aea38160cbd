// Mul and its Inplace and scalar forms in the precision report: the engine's binary rows (ops/elementwise.h).
#include "harness/mul.h"
#include "precision/ops/elementwise.h"

namespace precision {
namespace {

using testing_support::kMul;
using testing_support::kMuls;
using testing_support::kInplaceMul;
using testing_support::kInplaceMuls;

ACLNN_REGISTER_PRECISION("aclnnMul", testing_support::kMulDtypes, (binaryRunner<kMul, BinaryForm::Tensor, '*', false>));
ACLNN_REGISTER_PRECISION("aclnnMuls", testing_support::kMulDtypes, (binaryRunner<kMuls, BinaryForm::Scalar, '*', false>));
ACLNN_REGISTER_PRECISION("aclnnInplaceMul", testing_support::kMulDtypes,
                         (binaryRunner<kInplaceMul, BinaryForm::Inplace, '*', false>));
ACLNN_REGISTER_PRECISION("aclnnInplaceMuls", testing_support::kMulDtypes,
                         (binaryRunner<kInplaceMuls, BinaryForm::InplaceScalar, '*', false>));

}  // namespace
}  // namespace precision
