// aclnnAbs: every dtype CANN lists against the host reference (exact for the real dtypes; |z| of complex64
// within OpenCL's bound for hypot), and the errors in CANN's check order. The engine's own behaviour is
// tested once in tests/test_elementwise.cpp.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/abs.h"
#include "support/elementwise_unary.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {

const UnaryForms kAbsForms{kAbs, nullptr, [](RefComplex x) { return RefComplex{std::hypot(x.re, x.im), 0}; }};

class AbsEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(AbsEveryDtype, kAbsDtypes);

TEST_P(AbsEveryDtype, UnaryFormsMatchTheReference) {
    const aclDataType d = dtype();
    if (d == ACL_DOUBLE && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs fp64";
    std::vector<double> x = refValues(d, 105, 60 + dtypeIndex(kAbsDtypes));
    // The edges: the most negative int8 and int16 wrap to themselves; -0, -inf and NaN.
    if (d == ACL_INT8) x[0] = -128;
    if (d == ACL_INT16) x[0] = -32768;
    if (refIsFloat(d) || refIsComplex(d)) {
        x[0] = -0.0;
        x[1] = -std::numeric_limits<double>::infinity();
        x[2] = std::numeric_limits<double>::quiet_NaN();
    }
    // Real dtypes are exact (fabs, abs). |z| is hypot, which OpenCL allows 4 ulp (fp32) from the correctly
    // rounded value.
    const double ulps = d == ACL_COMPLEX64 ? 4 : 0;
    expectUnaryForms(kAbsForms, d, d == ACL_COMPLEX64 ? ACL_FLOAT : d, d, ulps, x, stream);
}

// Abs: nulls; self's dtype; out's dtype (self's, FLOAT for COMPLEX64); formats (no private one, out's
// self's); rank, out's shape.
CallSpec absCall() { return CallSpec(kAbs, {{"self", TensorArg{{2, 3, 4}}}, {"out", TensorArg{{2, 3, 4}}}}); }
ErrorRows absRows() {
    const std::vector<int64_t> nine{1, 1, 1, 1, 1, 1, 1, 2, 3};
    return validRow() + outPointerRows() + nullRows({"self", "out"}) + ErrorRows{
        {"self DT_UINT32 (not listed)", set("self", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT32"}},
        {"self DT_COMPLEX128 (not listed)", set({"self", "out"}, dtype(ACL_COMPLEX128)), ACLNN_ERR_PARAM_INVALID,
         {"self", "DT_COMPLEX128"}},
        {"int32 self into float out", set("self", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_INT32"}},
        {"float self into double out", set("out", dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_DOUBLE"}},
        {"complex64 self into float out", set("self", dtype(ACL_COMPLEX64)), ACL_SUCCESS, {}},
        {"complex64 self into complex64 out", set({"self", "out"}, dtype(ACL_COMPLEX64)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_FLOAT"}},
        {"out private format", set("out", format(ACL_FORMAT_FRACTAL_NZ)), ACLNN_ERR_PARAM_INVALID, {"out", "private"}},
        {"self private format", set({"self", "out"}, format(ACL_FORMAT_NC1HWC0)), ACLNN_ERR_PARAM_INVALID,
         {"self", "private"}},
        {"out NCHW, self ND", set("out", format(ACL_FORMAT_NCHW)), ACLNN_ERR_PARAM_INVALID, {"out", "format"}},
        {"self and out NCHW", set({"self", "out"}, format(ACL_FORMAT_NCHW)), ACL_SUCCESS, {}},
        {"rank 9", set({"self", "out"}, shape(nine)), ACLNN_ERR_PARAM_INVALID, {"self", "8 dimensions"}},
        {"out shape", set("out", shape({2, 3, 5})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 5]"}},
        overlapRow("out", {0, 0, 1}),
        {"empty self", set({"self", "out"}, shape({0, 3, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(AbsErrors, absCall, absRows);

class AbsTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(AbsTest);

// PyTorch golden data (tests/golden/ops/abs.py: torch.abs over every dtype CANN lists, the edges
// first), value for value: exact for the real dtypes (BOOL, which PyTorch refuses, is CANN's
// copy); COMPLEX64's FLOAT |z| within the bound below.
TEST_P(AbsTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 11, kFp64Cases = 1;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("self").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"abs.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        DeviceTensor self(s.dims, goldenDtype(s.dtype)), out(want.dims, goldenDtype(want.dtype));
        self.upload(s.values);
        ASSERT_ACL_OK(planAndRun(kAbs, {self, out}, stream));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            // COMPLEX64's |z| is OpenCL's hypot, within 4 ulp; the stored value is |z| in complex128 rounded
            // once (half an ulp): 4.5 ulp of fp32 apart at most. Every real dtype is exact.
            const bool ok = s.dtype == "complex64" && std::isfinite(want.values[i])
                                ? std::fabs(got[i] - want.values[i]) <= 4.5 * refUlp(want.values[i], ACL_FLOAT)
                                : sameValue(got[i], want.values[i]);
            ASSERT_TRUE(ok) << "value " << i << ": " << got[i] << " vs " << want.values[i];
        }
    });
}

}  // namespace
