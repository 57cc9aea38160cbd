// aclnnInplaceZero: every dtype CANN lists through every kind of view (contiguous, strided at an offset,
// transposed, 0-d, rank 8), each element's bytes exactly those of +0 (complex: both parts), the gaps of
// the view untouched; the errors in CANN's check order.
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/zero.h"
#include "support/error_rows.h"
#include "support/fill_checks.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


class InplaceZeroEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(InplaceZeroEveryDtype, kZeroDtypes);

TEST_P(InplaceZeroEveryDtype, EveryElementOfEveryViewIsPositiveZero) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    const std::vector<uint8_t> zero(aclDataTypeSize(d), 0);  // +0 in every dtype: all bits clear
    size_t ran = 0;
    for (const FillLayout &l : fillLayouts()) {
        SCOPED_TRACE(l.name);
        DeviceTensor t = l.make(d);
        t.fillStorage(0xFF);  // NaN or -1 in every dtype, -0.0's sign bit set
        const std::vector<uint8_t> before = t.storage();
        ASSERT_ACL_OK(planAndRun(kInplaceZero, {t}, stream));
        expectFilled(t, l, before, zero);
        ++ran;
    }
    EXPECT_EQ(ran, fillLayouts().size());
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: null; selfRef's dtype (no rank check in CANN: ours, with the malformed views);
// (selfRef not overlapping itself, fp64 on the device). An empty selfRef succeeds.

CallSpec zeroCall() { return CallSpec(kInplaceZero, {{"selfRef", TensorArg{{2, 3, 4}}}}); }
ErrorRows zeroRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef"}) + ErrorRows{
        {"selfRef DT_UINT32", set("selfRef", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_UINT32"}},
        {"selfRef rank 9 (ours)", set("selfRef", shape({1, 1, 1, 1, 1, 1, 1, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "8"}},
        shortRow("selfRef"),
        overlapRow("selfRef", {0, 0, 1}),
        withoutFp64Row("DT_COMPLEX128 without fp64", set("selfRef", dtype(ACL_COMPLEX128)), {"fp64"}),
        {"selfRef DT_UINT16", set("selfRef", dtype(ACL_UINT16)), ACL_SUCCESS, {}},
        {"empty selfRef", set("selfRef", shape({2, 0, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceZeroErrors, zeroCall, zeroRows);

}  // namespace
