// aclnnInplaceCopy: into every dtype CANN lists from sources of every kind (float, fp16, int64, bool,
// complex), through views (a transposed source made contiguous, a broadcast source, a strided selfRef at
// an offset), against the host reference (support/elementwise_ref.h, exact); every documented error in
// CANN's check order.
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/copy.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


bool isFp64(aclDataType d) { return d == ACL_DOUBLE || d == ACL_COMPLEX128; }

class InplaceCopyEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(InplaceCopyEveryDtype, kCopyDtypes);

// selfRef (this dtype) = src for several source dtypes and layouts.
TEST_P(InplaceCopyEveryDtype, FromEveryKindOfSourceThroughViews) {
    const aclDataType to = dtype();
    if (isFp64(to) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(to) << " needs cl_khr_fp64";
    struct Layout {
        const char *name;
        std::vector<int64_t> srcShape, srcStrides;
        int64_t srcOffset;
        std::vector<int64_t> dstStrides;
        int64_t dstOffset;
    };
    const std::vector<int64_t> shape{3, 4, 5};
    const Layout layouts[] = {
        {"contiguous", {3, 4, 5}, {}, 0, {}, 0},
        {"transposed source made contiguous", {3, 4, 5}, {1, 15, 3}, 0, {}, 0},
        {"broadcast source", {4, 1}, {}, 0, {}, 0},
        {"strided selfRef at an offset", {5}, {2}, 1, {40, 10, 1}, 7},
    };
    size_t ran = 0;
    for (aclDataType from : {ACL_FLOAT, ACL_FLOAT16, ACL_INT64, ACL_BOOL, ACL_COMPLEX64, to}) {
        for (const Layout &l : layouts) {
            SCOPED_TRACE(std::string(aclcl::dtypeName(from)) + " -> " + aclcl::dtypeName(to) + ", " + l.name);
            DeviceTensor src = l.srcStrides.empty() ? DeviceTensor(l.srcShape, from)
                                                    : DeviceTensor(l.srcShape, from, l.srcStrides, l.srcOffset);
            DeviceTensor dst = l.dstStrides.empty() ? DeviceTensor(shape, to) : DeviceTensor(shape, to, l.dstStrides, l.dstOffset);
            src.upload(refValues(from, static_cast<size_t>(product(l.srcShape)), 5 + ran));
            dst.fillStorage(0x5A);
            const std::vector<uint8_t> before = dst.storage();
            ASSERT_ACL_OK(planAndRun(kInplaceCopy, {dst, src}, stream));
            const std::vector<double> held = src.download(), got = dst.download();
            const size_t pf = refIsComplex(from) ? 2 : 1, pt = refIsComplex(to) ? 2 : 1;
            size_t bad = 0;
            for (size_t i = 0; i < 60; ++i) {
                const size_t j = refBroadcastIndex(i, shape, l.srcShape);
                const RefComplex want = refConvert({held[j * pf], pf == 2 ? held[j * pf + 1] : 0}, from, to);
                const bool ok = sameValue(got[i * pt], want.re) && (pt == 1 || sameValue(got[i * pt + 1], want.im));
                if (!ok && bad++ < 3) ADD_FAILURE() << "element " << i << ": got " << got[i * pt] << " want " << want.re;
            }
            EXPECT_EQ(bad, 0u);
            // The gaps of a strided selfRef keep their bytes.
            if (!l.dstStrides.empty()) {
                const std::vector<uint8_t> after = dst.storage();
                const std::vector<int64_t> written = viewStorageElements(shape, l.dstStrides, l.dstOffset);
                std::vector<bool> inView(after.size() / aclDataTypeSize(to), false);
                for (int64_t e : written) inView[static_cast<size_t>(e)] = true;
                for (size_t e = 0; e < inView.size(); ++e) {
                    if (inView[e]) continue;
                    for (size_t b = 0; b < aclDataTypeSize(to); ++b) {
                        const size_t at = e * aclDataTypeSize(to) + b;
                        ASSERT_EQ(after[at], before[at]) << "a stray write at element " << e;
                    }
                }
            }
            ++ran;
        }
    }
    EXPECT_EQ(ran, 24u);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; selfRef's and src's dtypes; ranks and views; src broadcasts to selfRef;
// (selfRef not self-overlapping). Any dtype pair is accepted; empty tensors succeed.

CallSpec copyCall() {
    return CallSpec(kInplaceCopy, {{"selfRef", TensorArg{{2, 3, 4}}}, {"src", TensorArg{{3, 4}, ACL_FLOAT16}}});
}
ErrorRows copyRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef", "src"}) + ErrorRows{
        {"selfRef DT_COMPLEX32", set("selfRef", dtype(ACL_COMPLEX32)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "DT_COMPLEX32"}},
        {"src DT_STRING", set("src", dtype(ACL_STRING)), ACLNN_ERR_PARAM_INVALID, {"src", "DT_STRING"}},
        {"src rank 9", set("src", shape({1, 1, 1, 1, 1, 1, 1, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"src", "8"}},
        shortRow("src"),
        {"src not broadcastable", set("src", shape({3, 5})), ACLNN_ERR_PARAM_INVALID, {"selfRef", "src", "broadcast"}},
        {"src broadcasts past selfRef", set("src", shape({5, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"selfRef", "[5, 3, 4]"}},
        overlapRow("selfRef", {0, 0, 1}),
        withoutFp64Row("DT_DOUBLE without fp64", set("src", dtype(ACL_DOUBLE)), {"fp64"}),
        {"complex64 into int8", set("selfRef", dtype(ACL_INT8)) + set("src", dtype(ACL_COMPLEX64)), ACL_SUCCESS, {}},
        {"empty selfRef", set("selfRef", shape({0, 3, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceCopyErrors, copyCall, copyRows);

}  // namespace
