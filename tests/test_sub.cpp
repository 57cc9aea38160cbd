// aclnnSub, aclnnSubs, aclnnInplaceSub, aclnnInplaceSubs: every dtype CANN lists against the host
// reference (exact; F16 and BF16 with alpha != 1 compute in F32, as CANN moves them), and the errors in
// CANN's check order (Add's). The engine's own behaviour is tested once in tests/test_elementwise.cpp.
#include <vector>

#include "common/dtype.h"
#include "harness/sub.h"
#include "support/elementwise_checks.h"
#include "support/error_rows.h"
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
