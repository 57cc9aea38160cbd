// aclnnExp, aclnnInplaceExp: every dtype CANN lists against a host reference in double (BOOL and INT64
// computed in F32), within OpenCL's ulp bounds, and the errors in CANN's check order (out's shape before
// the rank; InplaceExp's own list first). The engine's own behaviour is tested once in
// tests/test_elementwise.cpp.
//
// Tolerances, from OpenCL's rules: exp is within 3 ulp of the correctly rounded value (fp32 and fp64);
// fp16 and bf16 compute in fp32 and round once, so the fp32 interval is rounded to them (the check's
// store rounding, support/elementwise_unary.h). A complex exp is e^re (cos im, sin im): exp's 3 ulp, cos's
// and sin's 4 ulp and the product's half ulp make each part's relative error under 7.5 * 2^-23, which is
// under 16 ulp of the part.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/exp.h"
#include "support/activation_ref.h"
#include "support/elementwise_unary.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {

const UnaryForms kExpForms{kExp, &kInplaceExp, [](RefComplex x) {
                               const double m = std::exp(x.re);
                               return x.im == 0 ? RefComplex{m, 0} : RefComplex{m * std::cos(x.im), m * std::sin(x.im)};
                           }};

class ExpEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(ExpEveryDtype, kExpDtypes);

TEST_P(ExpEveryDtype, UnaryFormsMatchTheReference) {
    const aclDataType d = dtype();
    if ((d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs fp64";
    std::vector<double> x = refValues(d, 105, 120 + dtypeIndex(kExpDtypes));
    if (d == ACL_INT64) {
        for (double &v : x) v = std::floor(v / 6);  // -20 .. 19: e^v stays a normal float
    }
    if (refIsFloat(d)) {  // the edges: e^-inf is 0, e^inf inf, e^NaN NaN, e^0 1
        x[0] = -std::numeric_limits<double>::infinity();
        x[1] = std::numeric_limits<double>::infinity();
        x[2] = std::numeric_limits<double>::quiet_NaN();
        x[3] = 0;
    }
    if (refIsComplex(d)) x[0] = x[1] = 0;  // e^0 is 1 + 0i
    const bool integral = d == ACL_BOOL || d == ACL_INT64;
    const aclDataType c = integral ? ACL_FLOAT : d;
    expectUnaryForms(kExpForms, d, c, c, refIsComplex(d) ? 16 : 3, x, stream);
}

// Exp: nulls; self's dtype; CanCast(result, out) (F32 for BOOL and INT64); out's shape, then rank.
CallSpec expCall() { return CallSpec(kExp, {{"self", TensorArg{{2, 3, 4}}}, {"out", TensorArg{{2, 3, 4}}}}); }
ErrorRows expRows() {
    const std::vector<int64_t> nine{1, 1, 1, 1, 1, 1, 2, 3, 4};
    return validRow() + outPointerRows() + nullRows({"self", "out"}) + ErrorRows{
        {"self DT_INT32 (not listed)", set("self", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_INT32"}},
        {"int64 self into int64 out", set({"self", "out"}, dtype(ACL_INT64)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_INT64", "DT_FLOAT"}},
        {"int64 self into float out", set("self", dtype(ACL_INT64)), ACL_SUCCESS, {}},
        {"bool self into float16 out", set("self", dtype(ACL_BOOL)) + set("out", dtype(ACL_FLOAT16)), ACL_SUCCESS, {}},
        {"complex self into float out", set("self", dtype(ACL_COMPLEX64)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_COMPLEX64"}},
        {"self rank 9, out 3-d (shape first)", set("self", shape(nine)), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 4]"}},
        {"rank 9", set({"self", "out"}, shape(nine)), ACLNN_ERR_PARAM_INVALID, {"self", "8 dimensions"}},
        overlapRow("out", {0, 0, 1}),
        {"empty self", set({"self", "out"}, shape({0, 3, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(ExpErrors, expCall, expRows);

// InplaceExp: nulls; selfRef in its own list (no BOOL, no INT64); then Exp's checks.
CallSpec inplaceExpCall() { return CallSpec(kInplaceExp, {{"selfRef", TensorArg{{2, 3, 4}}}}); }
ErrorRows inplaceExpRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef"}) + ErrorRows{
        {"selfRef DT_INT64 (Exp's, not InplaceExp's)", set("selfRef", dtype(ACL_INT64)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "DT_INT64"}},
        {"selfRef DT_BOOL (Exp's, not InplaceExp's)", set("selfRef", dtype(ACL_BOOL)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "DT_BOOL"}},
        {"selfRef DT_INT32", set("selfRef", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_INT32"}},
        {"selfRef complex64", set("selfRef", dtype(ACL_COMPLEX64)), ACL_SUCCESS, {}},
        {"rank 9", set("selfRef", shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "8 dimensions"}},
        overlapRow("selfRef", {0, 0, 1}),
        {"empty selfRef", set("selfRef", shape({0, 3, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceExpErrors, inplaceExpCall, inplaceExpRows);

class ExpTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(ExpTest);

// PyTorch golden data (tests/golden/ops/exp.py: torch.exp over every dtype CANN lists, the edges first),
// each value within goldenOk's bound.
TEST_P(ExpTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 8, kFp64Cases = 2;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("self").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"exp.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        const aclDataType selfDtype = goldenDtype(s.dtype), outDtype = goldenDtype(want.dtype);
        DeviceTensor self(s.dims, selfDtype), out(want.dims, outDtype);
        self.upload(s.values);
        ASSERT_ACL_OK(planAndRun(kExp, {self, out}, stream));
        const std::vector<double> got = out.download();
        const std::vector<Expected> bounds = [&] {
            // exp within 3 ulp (6u of the value) in the compute dtype (FLOAT for BOOL and INT64); a complex
            // part within 16 ulp (32u) of itself (tests/test_exp.cpp's header says why).
            const aclDataType compute = refIsFloat(selfDtype) || refIsComplex(selfDtype) ? selfDtype : ACL_FLOAT;
            std::vector<Expected> e;
            for (size_t i = 0; i < s.values.size(); i += refIsComplex(selfDtype) ? 2 : 1) {
                if (!refIsComplex(selfDtype)) {
                    const double v = std::exp(s.values[i]);
                    e.push_back(refWithin(v, v, 6, compute, refRounding(compute, outDtype)));
                    continue;
                }
                const double m = std::exp(s.values[i]), re = m * std::cos(s.values[i + 1]),
                             im = m * std::sin(s.values[i + 1]);
                e.push_back(refWithin(re, re, 32, compute, compute));
                e.push_back(refWithin(im, im, 32, compute, compute));
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
