// aclnnSub, aclnnSubs, aclnnInplaceSub, aclnnInplaceSubs: every dtype CANN lists against the host
// reference (exact; F16 and BF16 with alpha != 1 compute in F32, as CANN moves them), and the errors in
// CANN's check order (Add's). The engine's own behaviour is tested once in tests/test_elementwise.cpp.
#include <cmath>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/sub.h"
#include "support/elementwise_checks.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {

const BinaryForms kSubForms{kSub, kSubs, kInplaceSub, kInplaceSubs, '-', true, addsCompute, subMoved};

class SubEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(SubEveryDtype, kSubDtypes);

TEST_P(SubEveryDtype, AllFourFormsMatchTheReference) {
    const aclDataType d = dtype();
    if ((d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs fp64";
    expectFourForms(kSubForms, d, stream, 70 + 3 * dtypeIndex(kSubDtypes));
}

// PyTorch golden data (tests/golden/ops/sub.py: torch.sub over every dtype, broadcasting, alpha, mixed-dtype
// promotion, special values; cases of op "subs": `other` is the aclScalar), value for value: integer
// differences wrap; float differences are correctly rounded (alpha is 1 or a power of two, so alpha * other
// is exact and PyTorch's fma agrees with CANN's rounded product); a BOOL operand, which PyTorch refuses, is
// CANN's int64 difference (BOOL: nonzero), as the generator notes.
class SubTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(SubTest);

TEST_P(SubTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 38, kFp64Cases = 5;
    const auto wide = [](const golden::Tensor &t) {
        const aclDataType d = goldenDtype(t.dtype);
        return d == ACL_DOUBLE || d == ACL_COMPLEX128;
    };
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        // A Subs scalar's dtype needs no fp64: the host converts the scalar to the compute dtype.
        const bool needs =
            wide(c.tensor("self")) || wide(c.tensor("out")) || (c.op == "sub" && wide(c.tensor("other")));
        return needs && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"sub.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &o = c.tensor("other"), &want = c.tensor("out");
        DeviceTensor self(s.dims, goldenDtype(s.dtype)), out(want.dims, goldenDtype(want.dtype));
        self.upload(s.values);
        const double alpha = c.num("alpha");
        OwnedScalar a(alpha, alpha == std::floor(alpha) ? ACL_INT64 : ACL_FLOAT);
        if (c.op == "subs") {
            ASSERT_EQ(o.numel(), 1);
            OwnedScalar other(o.values[0], goldenDtype(o.dtype));
            ASSERT_ACL_OK(planAndRun(kSubs, {self, other.get(), a.get(), out}, stream));
        } else {
            DeviceTensor other(o.dims, goldenDtype(o.dtype));
            other.upload(o.values);
            ASSERT_ACL_OK(planAndRun(kSub, {self, other, a.get(), out}, stream));
        }
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(sameValue(got[i], want.values[i]))
                << "value " << i << ": " << got[i] << " vs " << want.values[i];
        }
    });
}

CallSpec subCall() {
    return CallSpec(kSub, {{"self", TensorArg{{2, 3, 4}}},
                           {"other", TensorArg{{3, 4}}},
                           {"alpha", ScalarArg{1.5, ACL_FLOAT}},
                           {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows subRows() {
    return validRow() + outPointerRows() + nullRows({"self", "other", "alpha", "out"}) + ErrorRows{
        {"self DT_UINT32", set("self", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT32"}},
        {"other DT_UINT16", set("other", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID, {"other", "DT_UINT16"}},
        {"float alpha, int tensors", set({"self", "other", "out"}, dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"alpha", "DT_FLOAT"}},
        {"out DT_INT32 for a float difference", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_INT32"}},
        {"not broadcastable", set("other", shape({5})), ACLNN_ERR_PARAM_INVALID, {"self", "other", "broadcast"}},
        {"out not the broadcast shape", set("out", shape({2, 3, 5})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 5]"}},
        overlapRow("out", {0, 0, 1}),
        {"bool tensors (CANN accepts them)", set({"self", "other", "out"}, dtype(ACL_BOOL)) +
             set("alpha", value(ScalarArg{1, ACL_BOOL})),
         ACL_SUCCESS, {}},
        {"empty other", set("other", shape({0, 4})) + set("self", shape({2, 1, 4})) + set("out", shape({2, 0, 4})),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(SubErrors, subCall, subRows);

CallSpec subsCall() {
    return CallSpec(kSubs, {{"self", TensorArg{{2, 3, 4}}},
                            {"other", ScalarArg{0.5, ACL_FLOAT}},
                            {"alpha", ScalarArg{1.5, ACL_FLOAT}},
                            {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows subsRows() {
    return validRow() + outPointerRows() + nullRows({"self", "other", "alpha", "out"}) + ErrorRows{
        {"self DT_UINT32", set("self", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT32"}},
        {"out DT_INT64 for a float difference", set("out", dtype(ACL_INT64)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_INT64"}},
        {"out shape", set("out", shape({2, 3, 1})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 4]"}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(SubsErrors, subsCall, subsRows);

CallSpec inplaceSubCall() {
    return CallSpec(kInplaceSub,
                    {{"selfRef", TensorArg{{2, 3, 4}}}, {"other", TensorArg{{3, 4}}}, {"alpha", ScalarArg{1.5, ACL_FLOAT}}});
}
ErrorRows inplaceSubRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef", "other", "alpha"}) + ErrorRows{
        {"broadcast bigger than selfRef", set("other", shape({2, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "[2, 2, 3, 4]"}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceSubErrors, inplaceSubCall, inplaceSubRows);

CallSpec inplaceSubsCall() {
    return CallSpec(kInplaceSubs, {{"selfRef", TensorArg{{2, 3, 4}}},
                                   {"other", ScalarArg{0.5, ACL_FLOAT}},
                                   {"alpha", ScalarArg{1.5, ACL_FLOAT}}});
}
ErrorRows inplaceSubsRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef", "other", "alpha"}) + ErrorRows{
        {"selfRef DT_UINT16", set("selfRef", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_UINT16"}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceSubsErrors, inplaceSubsCall, inplaceSubsRows);

}  // namespace
