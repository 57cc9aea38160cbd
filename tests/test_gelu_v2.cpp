// aclnnGeluV2: every dtype CANN lists, both forms (approximate 0: PyTorch's gelu(approximate='none'), the
// erf form; 1: the tanh form, as aclnnGelu), against the float64 reference (support/activation_ref.h,
// within the bound it gives from OpenCL's ulp limits) over random values and the edges; a view; the
// errors in CANN's check order (no value of approximate is one).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/gelu_v2.h"
#include "support/activation_ref.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/gelu_test_inputs.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


std::vector<Expected> geluV2Ref(const std::vector<double> &x, bool tanhForm, aclDataType d) {
    std::vector<Expected> want;
    for (double v : x) want.push_back(tanhForm ? refGeluTanh(v, d, refRounding(d, d)) : refGeluErf(v, d, refRounding(d, d)));
    return want;
}

class GeluV2EveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(GeluV2EveryDtype, kGeluV2Dtypes);

// approximate 0 and 1, and 2, which CANN reads as "none" too.
TEST_P(GeluV2EveryDtype, BothFormsMatchTheReference) {
    const aclDataType d = dtype();
    const std::vector<int64_t> shape{3, 5, 7};
    size_t ran = 0;
    for (int64_t approximate : {0, 1, 2}) {
        SCOPED_TRACE("approximate " + std::to_string(approximate));
        DeviceTensor x(shape, d), y(shape, d);
        x.upload(geluInputs(d, 105, 170 + dtypeIndex(kGeluV2Dtypes)));
        ASSERT_ACL_OK(planAndRun(kGeluV2, {x, approximate, y}, stream));
        expectElements(y.download(), geluV2Ref(x.download(), approximate == 1, d));
        ++ran;
    }
    EXPECT_EQ(ran, 3u);
}

class GeluV2Test : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(GeluV2Test);

// A transposed x into a strided y at an offset, then y over x (in place).
TEST_P(GeluV2Test, ViewsAndInPlace) {
    DeviceTensor x({4, 6}, ACL_FLOAT, {1, 4}, 2), y({4, 6}, ACL_FLOAT, {12, 2}, 1);
    x.upload(geluInputs(ACL_FLOAT, 24, 9));
    const std::vector<Expected> want = geluV2Ref(x.download(), false, ACL_FLOAT);
    ASSERT_ACL_OK(planAndRun(kGeluV2, {x, int64_t{0}, y}, stream));
    expectElements(y.download(), want);
    ASSERT_ACL_OK(planAndRun(kGeluV2, {x, int64_t{0}, x}, stream));
    expectElements(x.download(), want);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; y's dtype equal to x's, then x's in the list; y's shape equal to x's
// (CANN checks no rank; ours: the views, rank at most 8); (ours: y not overlapping itself). Empty x
// succeeds.

CallSpec geluV2Call() {
    return CallSpec(kGeluV2, {{"x", TensorArg{{2, 3, 4}}}, {"approximate", int64_t{0}}, {"y", TensorArg{{2, 3, 4}}}});
}
ErrorRows geluV2Rows() {
    return validRow() + outPointerRows() + nullRows({"x", "y"}) + ErrorRows{
        {"y not x's dtype", set("y", dtype(ACL_FLOAT16)), ACLNN_ERR_PARAM_INVALID, {"y", "DT_FLOAT16", "DT_FLOAT"}},
        {"x DT_INT32", set({"x", "y"}, dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"x", "DT_INT32"}},
        {"x rank 9 (ours)", set({"x", "y"}, shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"x", "8"}},
        shortRow("x"),
        {"y shape", set("y", shape({2, 3, 5})), ACLNN_ERR_PARAM_INVALID, {"y", "[2, 3, 4]", "[2, 3, 5]"}},
        overlapRow("y", {0, 0, 1}),
        {"empty x", set({"x", "y"}, shape({2, 0, 4})), ACL_SUCCESS, {}},
        {"approximate 1", set("approximate", value(int64_t{1})), ACL_SUCCESS, {}},
        {"approximate 7 (read as none)", set("approximate", value(int64_t{7})), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(GeluV2Errors, geluV2Call, geluV2Rows);

// PyTorch golden data (tests/golden/ops/gelu_v2.py: gelu(approximate='none' | 'tanh') for approximate
// 0 | 1, over CANN's dtypes, the edges first), each value within goldenOk's bound.
TEST_P(GeluV2Test, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 6, kFp64Cases = 0;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("self").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"gelu_v2.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        const aclDataType selfDtype = goldenDtype(s.dtype), outDtype = goldenDtype(want.dtype);
        DeviceTensor self(s.dims, selfDtype), out(want.dims, outDtype);
        self.upload(s.values);
        const int64_t approximate = static_cast<int64_t>(c.num("approximate"));
        ASSERT_ACL_OK(planAndRun(kGeluV2, {self, approximate, out}, stream));
        const std::vector<double> got = out.download();
        const std::vector<Expected> bounds = [&] {
            std::vector<Expected> e;
            for (double x : s.values) {
                e.push_back(approximate == 0 ? refGeluErf(x, selfDtype, selfDtype)
                                             : refGeluTanh(x, selfDtype, selfDtype));
            }
            return e;
        }();
        ASSERT_EQ(got.size(), want.values.size());
        ASSERT_EQ(bounds.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(goldenOk(got[i], want.values[i], bounds[i], outDtype))
                << "value " << i << ": " << got[i] << " vs " << want.values[i] << " (exact " << bounds[i].want
                << ", bound " << bounds[i].bound << ")";
        }
    });
}

}  // namespace
