// aclnnDiv, aclnnDivs, aclnnInplaceDiv, aclnnInplaceDivs: every dtype CANN lists against a host reference
// in double (true division: integer and bool operands give a floating quotient; zero divisors give IEEE's
// inf and NaN), the compute dtypes CANN picks, and the errors in CANN's check order (Div's own: out
// first, shapes before dtypes). The engine's own behaviour is tested once in tests/test_elementwise.cpp.
//
// Tolerances, from OpenCL's rules: fp64 division is correctly rounded, so F64 is exact. fp32 division
// may be 2.5 ulp from the correctly rounded quotient (OpenCL C's x / y without
// -cl-fp32-correctly-rounded-divide-sqrt), so F32, and F16, BF16 and the integers (which divide in F32),
// are checked within 2.5 ulp of F32, then rounded to the compute dtype and stored (the store's rounding
// and truncation are monotone: the device's result lies between the stored ends of that interval).
// Complex quotients are Smith's form (cl_kernels/elementwise.cl); each part is checked within 32 u |q|
// of the exact quotient q (u = 2^-24 for COMPLEX64, 2^-53 for COMPLEX128): two divisions (2.5 ulp each
// in fp32) and five roundings, each under 2u relative, on terms whose sum is at most sqrt(2) |q|.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/div.h"
#include "support/elementwise_unary.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


// The dtype the kernels divide in: floating and complex dtypes their own, the others F32.
aclDataType divCompute(aclDataType d) { return refIsFloat(d) || refIsComplex(d) ? d : ACL_FLOAT; }

// Whether got (stored in out) is x / y computed in c, x and y values of c, within the bounds above.
bool quotientOk(RefComplex got, RefComplex x, RefComplex y, aclDataType c, aclDataType out) {
    if (!refIsComplex(c)) return refWithinUlps(got.re, x.re / y.re, c == ACL_DOUBLE ? 0 : 2.5, c, out);
    const long double a = x.re, b = x.im, p = y.re, q = y.im, den = p * p + q * q;
    const long double re = (a * p + b * q) / den, im = (b * p - a * q) / den;
    const double tol = 32 * std::ldexp(1.0, c == ACL_COMPLEX64 ? -24 : -53) * static_cast<double>(std::hypot(re, im));
    if (!refIsComplex(out)) return std::fabs(got.re - static_cast<double>(re)) <= tol;
    return std::fabs(got.re - static_cast<double>(re)) <= tol && std::fabs(got.im - static_cast<double>(im)) <= tol;
}

// got (row-major, complex as pairs) == self / other broadcast from otherShape, other's values held by
// `others` (one, a scalar, when otherShape is empty).
void expectQuotients(const std::vector<double> &got, const std::vector<double> &self, aclDataType selfDtype,
                     const std::vector<double> &others, aclDataType otherDtype, const std::vector<int64_t> &shape,
                     const std::vector<int64_t> &otherShape, aclDataType c, aclDataType out) {
    const size_t n = static_cast<size_t>(product(shape)), ps = refIsComplex(selfDtype) ? 2 : 1,
                 po = refIsComplex(otherDtype) ? 2 : 1, pr = refIsComplex(out) ? 2 : 1;
    ASSERT_EQ(got.size(), n * pr);
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        const size_t j = refBroadcastIndex(i, shape, otherShape);
        const RefComplex x = refConvert({self[i * ps], ps == 2 ? self[i * ps + 1] : 0}, selfDtype, c),
                         y = refConvert({others[j * po], po == 2 ? others[j * po + 1] : 0}, otherDtype, c),
                         g{got[i * pr], pr == 2 ? got[i * pr + 1] : 0};
        if (!quotientOk(g, x, y, c, out) && bad++ < 5) {
            ADD_FAILURE() << "element " << i << ": " << x.re << (ps == 2 ? "+" + std::to_string(x.im) + "i" : "")
                          << " / " << y.re << (po == 2 ? "+" + std::to_string(y.im) + "i" : "") << " gave " << g.re
                          << (pr == 2 ? "+" + std::to_string(g.im) + "i" : "");
        }
    }
    EXPECT_EQ(bad, 0u);
}

class DivEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(DivEveryDtype, kDivDtypes);

// The four forms on dtype d: a 3 x 5 x 7 self over a broadcast 5 x 1 other (or a scalar), out of d. The
// real dtypes divide by zero too: other's first value is 0 (one 7-wide slice of each 5 x 7 plane), and
// self's first value is 0 (0 / 0, NaN: stored as 0 in an integer out, true in a bool one).
TEST_P(DivEveryDtype, AllFourFormsMatchTheReference) {
    const aclDataType d = dtype();
    if ((d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs fp64";
    const uint64_t seed = 80 + 3 * dtypeIndex(kDivDtypes);
    const std::vector<int64_t> shape{3, 5, 7}, otherShape{5, 1};
    std::vector<double> sv = refValues(d, 105, seed), ov = refValues(d, 5, seed + 1);
    if (!refIsComplex(d)) {
        sv[0] = 0;
        ov[0] = 0;
    }
    const aclDataType c = divCompute(d);
    {
        SCOPED_TRACE("aclnnDiv");
        DeviceTensor s(shape, d), o(otherShape, d), out(shape, d);
        s.upload(sv);
        o.upload(ov);
        ASSERT_ACL_OK(planAndRun(kDiv, {s, o, out}, stream));
        expectQuotients(out.download(), sv, d, ov, d, shape, otherShape, c, d);
    }
    {
        SCOPED_TRACE("aclnnInplaceDiv");
        DeviceTensor s(shape, d), o(otherShape, d);
        s.upload(sv);
        o.upload(ov);
        ASSERT_ACL_OK(planAndRun(kInplaceDiv, {s, o}, stream));
        expectQuotients(s.download(), sv, d, ov, d, shape, otherShape, c, d);
    }
    // The scalar: of d's kind (float for complex), in the list as CANN requires.
    const aclDataType scalarDtype = refIsComplex(d) ? ACL_FLOAT : d;
    const double scalarValue = refIsFloat(d) || refIsComplex(d) ? -1.25 : d == ACL_BOOL ? 1 : 3;
    OwnedScalar scalar(scalarValue, scalarDtype);
    const std::vector<double> held{roundTo(scalarValue, scalarDtype)};
    {
        SCOPED_TRACE("aclnnDivs");
        DeviceTensor s(shape, d), out(shape, d);
        s.upload(sv);
        ASSERT_ACL_OK(planAndRun(kDivs, {s, scalar.get(), out}, stream));
        expectQuotients(out.download(), sv, d, held, scalarDtype, shape, {}, c, d);
    }
    {
        SCOPED_TRACE("aclnnInplaceDivs");
        DeviceTensor s(shape, d);
        s.upload(sv);
        ASSERT_ACL_OK(planAndRun(kInplaceDivs, {s, scalar.get()}, stream));
        expectQuotients(s.download(), sv, d, held, scalarDtype, shape, {}, c, d);
    }
}

class DivTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(DivTest);

// The compute dtypes CANN picks, each seen in a value only that dtype gives.
TEST_P(DivTest, ComputeDtypes) {
    {
        SCOPED_TRACE("int32 / int32: an F32 quotient, truncated into an int32 out, kept in a float out");
        DeviceTensor s({4}, ACL_INT32), o({4}, ACL_INT32), asInt({4}, ACL_INT32), asFloat({4}, ACL_FLOAT);
        s.upload({7, -7, 1, 5});
        o.upload({2, 2, 3, 0});
        ASSERT_ACL_OK(planAndRun(kDiv, {s, o, asInt}, stream));
        expectQuotients(asInt.download(), {7, -7, 1, 5}, ACL_INT32, {2, 2, 3, 0}, ACL_INT32, {4}, {4}, ACL_FLOAT,
                        ACL_INT32);
        EXPECT_EQ(asInt.download()[0], 3);
        ASSERT_ACL_OK(planAndRun(kDiv, {s, o, asFloat}, stream));
        EXPECT_EQ(asFloat.download()[0], 3.5);
        EXPECT_EQ(asFloat.download()[3], std::numeric_limits<double>::infinity());
    }
    {
        SCOPED_TRACE("bool / bool into float: 1 / 0 is inf, 0 / 0 NaN");
        DeviceTensor s({3}, ACL_BOOL), o({3}, ACL_BOOL), r({3}, ACL_FLOAT);
        s.upload({1, 1, 0});
        o.upload({1, 0, 0});
        ASSERT_ACL_OK(planAndRun(kDiv, {s, o, r}, stream));
        const std::vector<double> got = r.download();
        EXPECT_EQ(got[0], 1);
        EXPECT_EQ(got[1], std::numeric_limits<double>::infinity());
        EXPECT_TRUE(std::isnan(got[2]));
    }
    {
        SCOPED_TRACE("Divs: an fp16 self keeps fp16 with a double scalar (1.0004 is 1 in fp16)");
        DeviceTensor s({1}, ACL_FLOAT16), r({1}, ACL_FLOAT16);
        s.upload({1000});
        OwnedScalar scalar(1.0004, ACL_DOUBLE);
        ASSERT_ACL_OK(planAndRun(kDivs, {s, scalar.get(), r}, stream));
        EXPECT_EQ(r.download()[0], 1000);  // in F32 it would be 999.6, 999.5 in fp16
    }
    {
        SCOPED_TRACE("Divs: an int32 self divides in F32 (7 / 2 into a float out is 3.5)");
        DeviceTensor s({1}, ACL_INT32), r({1}, ACL_FLOAT);
        s.upload({7});
        OwnedScalar scalar(2, ACL_INT32);
        ASSERT_ACL_OK(planAndRun(kDivs, {s, scalar.get(), r}, stream));
        EXPECT_EQ(r.download()[0], 3.5);
    }
    {
        SCOPED_TRACE("Divs: a float32 self with a complex64 scalar computes in complex64, its real part stored");
        DeviceTensor s({1}, ACL_FLOAT), r({1}, ACL_FLOAT);
        s.upload({2});
        const float parts[2] = {0, 1};  // i: 2 / i = -2i, real part 0
        aclScalar *i = aclCreateScalar(const_cast<float *>(parts), ACL_COMPLEX64);
        ASSERT_ACL_OK(planAndRun(kDivs, {s, i, r}, stream));
        EXPECT_EQ(r.download()[0], 0);
        aclDestroyScalar(i);
    }
}

// PyTorch golden data (tests/golden/ops/div.py: torch.div over every dtype, broadcasting, mixed-dtype
// promotion, special values, zero divisors; cases of op "divs": `other` is the aclScalar). PyTorch's
// quotients are correctly rounded (fp16/bf16: the fp32 quotient rounded once more, which is the correctly
// rounded one: fp32 has more than 2p + 2 bits). Ours: F64 is exact (OpenCL's fp64 division is correctly
// rounded); F32 (and the integers, which divide in F32) within 2.5 ulp of the exact quotient, so within 3 ulp
// of PyTorch's (2.5 + its 0.5; ulp of the stored value, which is at least the quotient's); F16 and BF16 round
// that fp32 quotient once, and two values 3 fp32 ulp apart round to the same or adjacent 16-bit values: 1 ulp
// of the dtype. The complex cases divide by 2^k times 1, i or +-1 +- i, where every step of Smith's form is
// exact: bit for bit, but for the sign of a zero part, which depends on the order of the form's steps (OpenCL
// compilers may contract or reorder them: rusticl's gives -0 where pocl's and PyTorch's give +0). Real zeros,
// infinities and NaN (zero divisors, overflow) are exact on every path.
bool goldenQuotientOk(double got, double want, aclDataType out) {
    if (refIsComplex(out) && want == 0) return got == 0;
    if (want == 0 || !std::isfinite(want) || refIsComplex(out) || out == ACL_DOUBLE) return sameValue(got, want);
    if (out == ACL_FLOAT) return std::fabs(got - want) <= 3 * refUlp(want, ACL_FLOAT);
    const int digits = out == ACL_FLOAT16 ? 10 : 7, least = out == ACL_FLOAT16 ? -24 : -133;
    return std::fabs(got - want) <= std::ldexp(1.0, std::max(std::ilogb(want) - digits, least));
}

TEST_P(DivTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 39, kFp64Cases = 4;
    const auto wide = [](const golden::Tensor &t) {
        const aclDataType d = goldenDtype(t.dtype);
        return d == ACL_DOUBLE || d == ACL_COMPLEX128;
    };
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        // A Divs scalar's dtype needs no fp64: the host converts the scalar to the compute dtype.
        const bool needs =
            wide(c.tensor("self")) || wide(c.tensor("out")) || (c.op == "div" && wide(c.tensor("other")));
        return needs && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"div.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &o = c.tensor("other"), &want = c.tensor("out");
        const aclDataType outDtype = goldenDtype(want.dtype);
        DeviceTensor self(s.dims, goldenDtype(s.dtype)), out(want.dims, outDtype);
        self.upload(s.values);
        if (c.op == "divs") {
            ASSERT_EQ(o.numel(), 1);
            OwnedScalar other(o.values[0], goldenDtype(o.dtype));
            ASSERT_ACL_OK(planAndRun(kDivs, {self, other.get(), out}, stream));
        } else {
            DeviceTensor other(o.dims, goldenDtype(o.dtype));
            other.upload(o.values);
            ASSERT_ACL_OK(planAndRun(kDiv, {self, other, out}, stream));
        }
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(goldenQuotientOk(got[i], want.values[i], outDtype))
                << "value " << i << ": " << got[i] << " vs " << want.values[i];
        }
    });
}

// Div: nulls (out, other, self); ranks, broadcasting, out's shape; dtypes (other, self); promotion,
// CanCast(promoted, out); private formats.
CallSpec divCall() {
    return CallSpec(kDiv, {{"self", TensorArg{{2, 3, 4}}}, {"other", TensorArg{{3, 4}}}, {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows divRows() {
    const std::vector<int64_t> nine{1, 1, 1, 1, 1, 1, 1, 3, 4};
    return validRow() + outPointerRows() + nullRows({"out", "other", "self"}) + ErrorRows{
        {"self and out null (out first)", null({"self", "out"}), ACLNN_ERR_PARAM_NULLPTR, {"out", "nullptr"}},
        {"other rank 9, DT_UINT32 (shapes first)", set("other", shape(nine), dtype(ACL_UINT32)),
         ACLNN_ERR_PARAM_INVALID, {"other", "8 dimensions"}},
        {"not broadcastable, DT_UINT32", set("other", shape({5}), dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID,
         {"self", "other", "broadcast"}},
        {"out not the broadcast shape", set("out", shape({2, 3, 5})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 5]"}},
        {"self and other DT_UINT32 (other first)", set({"self", "other"}, dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID,
         {"other", "DT_UINT32"}},
        {"self DT_UINT16", set("self", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT16"}},
        {"float quotient into int32 out", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_INT32"}},
        {"int32 / int32 into int32 out", set({"self", "other", "out"}, dtype(ACL_INT32)), ACL_SUCCESS, {}},
        {"int8 / uint8 into bool out", set("self", dtype(ACL_INT8)) + set("other", dtype(ACL_UINT8)) +
             set("out", dtype(ACL_BOOL)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_BOOL"}},
        {"self private format, int32 out (CanCast first)", set("self", format(ACL_FORMAT_NC1HWC0)) +
             set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_INT32"}},
        {"self private format", set("self", format(ACL_FORMAT_NC1HWC0)), ACLNN_ERR_PARAM_INVALID, {"self", "private"}},
        {"out private format", set("out", format(ACL_FORMAT_FRACTAL_NZ)), ACLNN_ERR_PARAM_INVALID, {"out", "private"}},
        {"self and out NCHW", set({"self", "out"}, format(ACL_FORMAT_NCHW)), ACL_SUCCESS, {}},
        overlapRow("out", {0, 0, 1}),
        {"empty self", set({"self", "out"}, shape({0, 3, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(DivErrors, divCall, divRows);

// Divs: nulls; private formats (out, self); dtypes (the scalar's, self's); self's rank, out's shape;
// CanCast(self, out).
CallSpec divsCall() {
    return CallSpec(kDivs, {{"self", TensorArg{{2, 3, 4}}}, {"other", ScalarArg{0.5, ACL_FLOAT}},
                            {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows divsRows() {
    return validRow() + outPointerRows() + nullRows({"self", "other", "out"}) + ErrorRows{
        {"out private format, self DT_UINT32 (formats first)", set("out", format(ACL_FORMAT_FRACTAL_NZ)) +
             set("self", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"out", "private"}},
        {"self private format", set("self", format(ACL_FORMAT_NC1HWC0)), ACLNN_ERR_PARAM_INVALID, {"self", "private"}},
        {"scalar DT_UINT32, self DT_UINT16 (scalar first)", set("other", value(ScalarArg{2, ACL_UINT32})) +
             set("self", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID, {"other", "DT_UINT32"}},
        {"self DT_UINT16", set("self", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT16"}},
        {"rank 9", set({"self", "out"}, shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"self", "8 dimensions"}},
        {"out shape, int32 out (shape first)", set("out", shape({2, 3, 1}), dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"out", "[2, 3, 4]"}},
        {"float self into int32 out", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_INT32"}},
        {"int32 self into int32 out (a truncated quotient)", set({"self", "out"}, dtype(ACL_INT32)), ACL_SUCCESS, {}},
        {"int32 self into float out", set("self", dtype(ACL_INT32)), ACL_SUCCESS, {}},
        overlapRow("out", {0, 0, 1}),
        {"empty self", set({"self", "out"}, shape({0, 3, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(DivsErrors, divsCall, divsRows);

// InplaceDiv: nulls (selfRef, other); broadcasting onto selfRef; then Div(selfRef, other, selfRef).
CallSpec inplaceDivCall() {
    return CallSpec(kInplaceDiv, {{"selfRef", TensorArg{{2, 3, 4}}}, {"other", TensorArg{{3, 4}}}});
}
ErrorRows inplaceDivRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef", "other"}) + ErrorRows{
        {"broadcast bigger than selfRef, DT_UINT32", set("other", shape({2, 2, 3, 4}), dtype(ACL_UINT32)),
         ACLNN_ERR_PARAM_INVALID, {"selfRef", "[2, 2, 3, 4]"}},
        {"other DT_UINT32", set("other", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"other", "DT_UINT32"}},
        {"selfRef DT_UINT32", set("selfRef", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_UINT32"}},
        {"float other into int32 selfRef", set("selfRef", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "DT_INT32"}},
        {"int32 selfRef / int32 other (a truncated quotient)", set({"selfRef", "other"}, dtype(ACL_INT32)), ACL_SUCCESS,
         {}},
        {"selfRef private format", set("selfRef", format(ACL_FORMAT_NC1HWC0)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "private"}},
        overlapRow("selfRef", {0, 0, 1})} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceDivErrors, inplaceDivCall, inplaceDivRows);

// InplaceDivs: Divs(selfRef, other, selfRef).
CallSpec inplaceDivsCall() {
    return CallSpec(kInplaceDivs, {{"selfRef", TensorArg{{2, 3, 4}}}, {"other", ScalarArg{0.5, ACL_FLOAT}}});
}
ErrorRows inplaceDivsRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef", "other"}) + ErrorRows{
        {"selfRef private format", set("selfRef", format(ACL_FORMAT_NC1HWC0)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "private"}},
        {"scalar DT_UINT64", set("other", value(ScalarArg{2, ACL_UINT64})), ACLNN_ERR_PARAM_INVALID,
         {"other", "DT_UINT64"}},
        {"selfRef DT_UINT32", set("selfRef", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_UINT32"}},
        {"int32 selfRef, float scalar (a truncated quotient)", set("selfRef", dtype(ACL_INT32)), ACL_SUCCESS, {}},
        overlapRow("selfRef", {0, 0, 1})} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceDivsErrors, inplaceDivsCall, inplaceDivsRows);

}  // namespace
