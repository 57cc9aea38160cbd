// InplaceZero, InplaceOne and InplaceFillScalar in the precision report: fills, judged bit for bit.
#include "harness/fill_scalar.h"
#include "harness/ones.h"
#include "harness/zero.h"
#include "precision/ops/elementwise.h"
#include "support/elementwise_ref.h"

namespace precision {
namespace {

template <int kind>  // 0: InplaceZero, 1: InplaceOne, 2: InplaceFillScalar with a drawn value
CaseOutcome runFill(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const std::vector<int64_t> shape = drawShape(draw, 4, 16);
    const size_t n = static_cast<size_t>(numel(shape)), parts = testing_support::refIsComplex(dtype) ? 2 : 1;
    // The value: of selfRef's own dtype (float for complex), which every dtype takes (PromoteType).
    const aclDataType valueDtype = testing_support::refIsComplex(dtype) ? ACL_FLOAT : dtype;
    const double value = kind == 0 ? 0 : kind == 1 ? 1 : draw.values(1, valueDtype)[0];
    std::vector<double> want(n * parts, 0.0);
    for (size_t i = 0; i < n; ++i) want[i * parts] = testing_support::refRound(value, dtype);
    DeviceTensor self = uploaded(shape, dtype, draw.values(n, dtype));
    testing_support::OwnedScalar scalar(value, valueDtype);
    if (kind == 0) runOrThrow(testing_support::kInplaceZero, {self}, stream);
    if (kind == 1) runOrThrow(testing_support::kInplaceOne, {self}, stream);
    if (kind == 2) runOrThrow(testing_support::kInplaceFillScalar, {self, scalar.get()}, stream);
    return {shapeText(shape), {output("selfRef", self, std::move(want), Judge::Bitwise)}};
}

ACLNN_REGISTER_PRECISION("aclnnInplaceZero", testing_support::kZeroDtypes, runFill<0>);
ACLNN_REGISTER_PRECISION("aclnnInplaceOne", testing_support::kOneDtypes, runFill<1>);
ACLNN_REGISTER_PRECISION("aclnnInplaceFillScalar", testing_support::kFillDtypes, runFill<2>);

}  // namespace
}  // namespace precision
