// aclnnAdd, aclnnAdds, aclnnInplaceAdd, aclnnInplaceAdds: every dtype CANN lists against the host
// reference (support/elementwise_ref.h: exact, the engine's roundings), and every documented error in
// CANN's check order. Broadcasting, views, aliasing, empties and promotion across dtypes are the engine's,
// tested once in tests/test_elementwise.cpp.
#include <cmath>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "engines/elementwise.h"
#include "harness/add.h"
#include "support/elementwise_checks.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


class AddEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(AddEveryDtype, kAddDtypes);

bool isFp64(aclDataType d) { return d == ACL_DOUBLE || d == ACL_COMPLEX128; }

const BinaryForms kAddForms{kAdd, kAdds, kInplaceAdd, kInplaceAdds, '+', true, addsCompute};

TEST_P(AddEveryDtype, AllFourFormsMatchTheReference) {
    const aclDataType d = dtype();
    if (isFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64, which this device lacks";
    expectFourForms(kAddForms, d, stream, 40 + 3 * dtypeIndex(kAddDtypes));
}

// ---------------------------------------------------------------------------------------------
// PyTorch golden data (tests/golden/ops/add.py: torch.add over every dtype, broadcasting, mixed-dtype
// promotion), value for value.

class AddTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(AddTest);

bool goldenNeedsFp64(const golden::Case &c) {
    for (const char *role : {"self", "other", "out"}) {
        if (isFp64(goldenDtype(c.tensor(role).dtype))) return true;
    }
    return false;
}

TEST_P(AddTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 20, kFp64Cases = 2;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        return goldenNeedsFp64(c) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"add.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &o = c.tensor("other"), &want = c.tensor("out");
        DeviceTensor self(s.dims, goldenDtype(s.dtype)), other(o.dims, goldenDtype(o.dtype)),
            out(want.dims, goldenDtype(want.dtype));
        self.upload(s.values);
        other.upload(o.values);
        const double alpha = c.values("alpha")[0];
        OwnedScalar a(alpha, alpha == std::floor(alpha) ? ACL_INT64 : ACL_FLOAT);
        ASSERT_ACL_OK(planAndRun(kAdd, {self, other, a.get(), out}, stream));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(sameValue(got[i], want.values[i])) << "value " << i << ": " << got[i] << " vs " << want.values[i];
        }
    });
}

// ---------------------------------------------------------------------------------------------
// The argument errors, in CANN's order (OPS_COMPANION, Add): nulls; self's and other's dtypes; the
// promoted dtype, alpha's castability, CanCast(promoted, out); ranks and views; broadcasting and out's
// shape; (out not self-overlapping; fp64 on the device: ours). Empty inputs succeed.

CallSpec addCall() {
    return CallSpec(kAdd, {{"self", TensorArg{{2, 3, 4}}},
                           {"other", TensorArg{{3, 4}}},
                           {"alpha", ScalarArg{1.5, ACL_FLOAT}},
                           {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows addRows() {
    return validRow() + outPointerRows() + nullRows({"self", "other", "alpha", "out"}) + ErrorRows{
        {"self DT_UINT32", set("self", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT32"}},
        {"other DT_UINT16", set("other", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID, {"other", "DT_UINT16"}},
        {"float alpha, int tensors", set({"self", "other", "out"}, dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"alpha", "DT_FLOAT", "DT_INT32"}},
        {"out DT_INT32 for a float sum", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_INT32"}},
        {"out DT_BOOL for a float sum", set("out", dtype(ACL_BOOL)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_BOOL"}},
        {"self rank 9", set("self", shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        shortRow("other"),
        {"not broadcastable", set("other", shape({5})), ACLNN_ERR_PARAM_INVALID, {"self", "other", "broadcast"}},
        {"out not the broadcast shape", set("out", shape({2, 3, 5})), ACLNN_ERR_PARAM_INVALID,
         {"out", "[2, 3, 4]", "[2, 3, 5]"}},
        {"out squeezed", set("out", shape({6, 4})), ACLNN_ERR_PARAM_INVALID, {"out", "[6, 4]"}},
        overlapRow("out", {0, 0, 1}),
        withoutFp64Row("DT_DOUBLE without fp64", set({"self", "other", "out"}, dtype(ACL_DOUBLE)), {"fp64"}),
        {"empty self", set({"self", "out"}, shape({0, 3, 4})), ACL_SUCCESS, {}},
        {"int sum into float16", set({"self", "other"}, dtype(ACL_INT32)) + set("alpha", value(ScalarArg{2, ACL_INT64})) +
             set("out", dtype(ACL_FLOAT16)),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(AddErrors, addCall, addRows);

CallSpec inplaceAddCall() {
    return CallSpec(kInplaceAdd,
                    {{"selfRef", TensorArg{{2, 3, 4}}}, {"other", TensorArg{{3, 4}}}, {"alpha", ScalarArg{1.5, ACL_FLOAT}}});
}
ErrorRows inplaceAddRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef", "other", "alpha"}) + ErrorRows{
        {"selfRef DT_UINT32", set("selfRef", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_UINT32"}},
        {"other DT_UINT64", set("other", dtype(ACL_UINT64)), ACLNN_ERR_PARAM_INVALID, {"other", "DT_UINT64"}},
        {"float other into int selfRef", set("selfRef", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "DT_FLOAT", "DT_INT32"}},
        {"broadcast bigger than selfRef", set("other", shape({2, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "[2, 2, 3, 4]"}},
        overlapRow("selfRef", {0, 0, 1}),
        {"int selfRef, float16 other", set("selfRef", dtype(ACL_INT8)) + set("other", dtype(ACL_FLOAT16)),
         ACLNN_ERR_PARAM_INVALID, {"DT_FLOAT16", "DT_INT8"}},
        {"float16 selfRef, int other", set("selfRef", dtype(ACL_FLOAT16)) + set("other", dtype(ACL_INT64)),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceAddErrors, inplaceAddCall, inplaceAddRows);

CallSpec addsCall() {
    return CallSpec(kAdds, {{"self", TensorArg{{2, 3, 4}}},
                            {"other", ScalarArg{0.5, ACL_FLOAT}},
                            {"alpha", ScalarArg{1.5, ACL_FLOAT}},
                            {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows addsRows() {
    return validRow() + outPointerRows() + nullRows({"self", "other", "alpha", "out"}) + ErrorRows{
        {"self DT_UINT32", set("self", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT32"}},
        {"bool self, uint16 scalar", set("self", dtype(ACL_BOOL)) + set("other", value(ScalarArg{2, ACL_UINT16})) +
             set("alpha", value(ScalarArg{1, ACL_INT64})) + set("out", dtype(ACL_INT32)),
         ACLNN_ERR_PARAM_INVALID, {"other", "DT_UINT16"}},
        {"float alpha, int computation", set({"self", "out"}, dtype(ACL_INT32)) + set("other", value(ScalarArg{2, ACL_INT32})),
         ACLNN_ERR_PARAM_INVALID, {"alpha", "DT_FLOAT"}},
        {"out DT_INT64 for a float sum", set("out", dtype(ACL_INT64)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_INT64"}},
        {"out shape", set("out", shape({2, 3, 1})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 4]"}},
        overlapRow("out", {0, 0, 1}),
        {"empty self", set({"self", "out"}, shape({2, 0, 4})), ACL_SUCCESS, {}},
        {"float64 scalar into a float32 out", set("self", dtype(ACL_INT32)) + set("other", value(ScalarArg{0.5, ACL_DOUBLE})),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(AddsErrors, addsCall, addsRows);

CallSpec inplaceAddsCall() {
    return CallSpec(kInplaceAdds, {{"selfRef", TensorArg{{2, 3, 4}}},
                                   {"other", ScalarArg{0.5, ACL_FLOAT}},
                                   {"alpha", ScalarArg{1.5, ACL_FLOAT}}});
}
ErrorRows inplaceAddsRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef", "other", "alpha"}) + ErrorRows{
        {"selfRef DT_UINT16", set("selfRef", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_UINT16"}},
        {"float16 scalar into int selfRef", set("selfRef", dtype(ACL_INT32)) + set("other", value(ScalarArg{2, ACL_FLOAT16})) +
             set("alpha", value(ScalarArg{1, ACL_INT64})),
         ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_FLOAT16", "DT_INT32"}},
        overlapRow("selfRef", {0, 0, 1})} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceAddsErrors, inplaceAddsCall, inplaceAddsRows);

}  // namespace
