// aclnnNeg, aclnnInplaceNeg: every dtype CANN lists against the host reference (exact: negation rounds
// nothing; integers wrap, zero's sign flips, NaN stays NaN), and the errors in CANN's check order. The
// engine's own behaviour is tested once in tests/test_elementwise.cpp.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/neg.h"
#include "support/elementwise_unary.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {

const UnaryForms kNegForms{kNeg, &kInplaceNeg, [](RefComplex x) { return RefComplex{-x.re, -x.im}; }};

class NegEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(NegEveryDtype, kNegDtypes);

TEST_P(NegEveryDtype, UnaryFormsMatchTheReference) {
    const aclDataType d = dtype();
    if ((d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs fp64";
    std::vector<double> x = refValues(d, 105, 40 + dtypeIndex(kNegDtypes));
    // The edges: the most negative int8 and int32 wrap to themselves; 0, inf and NaN.
    if (d == ACL_INT8) x[0] = -128;
    if (d == ACL_INT32) x[0] = -2147483648.0;
    if (refIsFloat(d) || refIsComplex(d)) {
        x[0] = 0;
        x[1] = std::numeric_limits<double>::infinity();
        x[2] = std::numeric_limits<double>::quiet_NaN();
    }
    expectUnaryForms(kNegForms, d, d, d, 0, x, stream);
}

// Neg: nulls; self's dtype; CanCast(self, out); rank, out's shape.
CallSpec negCall() { return CallSpec(kNeg, {{"self", TensorArg{{2, 3, 4}}}, {"out", TensorArg{{2, 3, 4}}}}); }
ErrorRows negRows() {
    const std::vector<int64_t> nine{1, 1, 1, 1, 1, 1, 1, 2, 3};
    return validRow() + outPointerRows() + nullRows({"self", "out"}) + ErrorRows{
        {"self DT_INT16 (not listed)", set("self", dtype(ACL_INT16)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_INT16"}},
        {"self DT_BOOL (not listed)", set("self", dtype(ACL_BOOL)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_BOOL"}},
        {"float self into int32 out", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_INT32"}},
        {"complex self into float out", set("self", dtype(ACL_COMPLEX64)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_COMPLEX64"}},
        {"int32 self into float out", set("self", dtype(ACL_INT32)), ACL_SUCCESS, {}},
        {"rank 9", set({"self", "out"}, shape(nine)), ACLNN_ERR_PARAM_INVALID, {"self", "8 dimensions"}},
        {"out shape", set("out", shape({2, 3, 5})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 5]"}},
        overlapRow("out", {0, 0, 1}),
        {"empty self", set({"self", "out"}, shape({0, 3, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(NegErrors, negCall, negRows);

// InplaceNeg: Neg(selfRef, selfRef).
CallSpec inplaceNegCall() { return CallSpec(kInplaceNeg, {{"selfRef", TensorArg{{2, 3, 4}}}}); }
ErrorRows inplaceNegRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef"}) + ErrorRows{
        {"selfRef DT_UINT8 (not listed)", set("selfRef", dtype(ACL_UINT8)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "DT_UINT8"}},
        {"rank 9", set("selfRef", shape({1, 1, 1, 1, 1, 1, 1, 2, 3})), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "8 dimensions"}},
        overlapRow("selfRef", {0, 0, 1}),
        {"empty selfRef", set("selfRef", shape({0, 3, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceNegErrors, inplaceNegCall, inplaceNegRows);

class NegTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(NegTest);

// PyTorch golden data (tests/golden/ops/neg.py: torch.neg over every dtype CANN lists, the edges
// first), value for value: exact (signs flip, integers wrap; complex values flip both parts'
// signs, where PyTorch's 0 - z keeps +0 parts: the generator stores the flipped signs).
TEST_P(NegTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 9, kFp64Cases = 2;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("self").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"neg.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        DeviceTensor self(s.dims, goldenDtype(s.dtype)), out(want.dims, goldenDtype(want.dtype));
        self.upload(s.values);
        ASSERT_ACL_OK(planAndRun(kNeg, {self, out}, stream));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(sameValue(got[i], want.values[i]))
                << "value " << i << ": " << got[i] << " vs " << want.values[i];
        }
    });
}

}  // namespace
