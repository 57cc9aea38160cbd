// aclnnInplaceOne: every dtype CANN lists through every kind of view (contiguous, strided at an offset,
// transposed, 0-d, rank 8), each element's bytes exactly those of 1 in its dtype, the gaps of the view
// untouched; the errors in CANN's check order.
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/ones.h"
#include "support/error_rows.h"
#include "support/fill_checks.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


// 1 in each dtype, little-endian, written out rather than computed.
std::vector<uint8_t> oneBytes(aclDataType d) {
    switch (d) {
        case ACL_FLOAT: return {0x00, 0x00, 0x80, 0x3f};
        case ACL_DOUBLE: return {0, 0, 0, 0, 0, 0, 0xf0, 0x3f};
        case ACL_FLOAT16: return {0x00, 0x3c};
        case ACL_BF16: return {0x80, 0x3f};
        case ACL_INT64: return {1, 0, 0, 0, 0, 0, 0, 0};
        case ACL_INT32: return {1, 0, 0, 0};
        case ACL_INT16: return {1, 0};
        default: return {1};  // INT8, UINT8, BOOL
    }
}

class InplaceOneEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(InplaceOneEveryDtype, kOneDtypes);

TEST_P(InplaceOneEveryDtype, EveryElementOfEveryViewIsOne) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    size_t ran = 0;
    for (const FillLayout &l : fillLayouts()) {
        SCOPED_TRACE(l.name);
        DeviceTensor t = l.make(d);
        t.fillStorage(0x5A);
        const std::vector<uint8_t> before = t.storage();
        ASSERT_ACL_OK(planAndRun(kInplaceOne, {t}, stream));
        expectFilled(t, l, before, oneBytes(d));
        ++ran;
    }
    EXPECT_EQ(ran, fillLayouts().size());
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: null; selfRef's dtype (UINT16: CANN's doc lists it, its code rejects it); rank
// at most 8 with the malformed views; (selfRef not overlapping itself, fp64 on the device). An empty
// selfRef succeeds.

CallSpec oneCall() { return CallSpec(kInplaceOne, {{"selfRef", TensorArg{{2, 3, 4}}}}); }
ErrorRows oneRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef"}) + ErrorRows{
        {"selfRef DT_UINT16", set("selfRef", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_UINT16"}},
        {"selfRef DT_COMPLEX64", set("selfRef", dtype(ACL_COMPLEX64)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "DT_COMPLEX64"}},
        {"selfRef rank 9", set("selfRef", shape({1, 1, 1, 1, 1, 1, 1, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "8"}},
        shortRow("selfRef"),
        overlapRow("selfRef", {0, 0, 1}),
        withoutFp64Row("DT_DOUBLE without fp64", set("selfRef", dtype(ACL_DOUBLE)), {"fp64"}),
        {"empty selfRef", set("selfRef", shape({2, 0, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceOneErrors, oneCall, oneRows);

}  // namespace
