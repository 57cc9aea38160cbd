// aclnnSigmoid, aclnnInplaceSigmoid: every dtype CANN lists against the float64 reference (support/
// activation_ref.h: PyTorch's sigmoid, within the bound it gives from OpenCL's ulp limits; complex
// 1 / (1 + exp(-z)) against std::complex), integer and BOOL self cast to out's dtype first; out's dtype
// other than self's; the errors in CANN's check order.
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/sigmoid.h"
#include "support/activation_ref.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


bool isFp64(aclDataType d) { return d == ACL_DOUBLE || d == ACL_COMPLEX128; }

// n elements of d (complex: re in [-6, 6), im in [-1.5, 1.5), where 1 + exp(-z) stays away from 0): for
// real floating dtypes random in [-8, 8) and the edges. None gives a subnormal fp32 result (a device may
// flush those to 0: OpenCL's CL_FP_DENORM is optional): sigmoid(-50) is 2e-22, sigmoid(-200) is 0 in fp32.
std::vector<double> sigmoidInputs(aclDataType d, size_t n, uint64_t seed) {
    if (refIsComplex(d)) {
        std::vector<double> re = randomValues(n, seed, -6, 6), im = randomValues(n, seed + 1, -1.5, 1.5), v;
        for (size_t i = 0; i < n; ++i) v.insert(v.end(), {roundTo(re[i], d), roundTo(im[i], d)});
        return v;
    }
    if (!refIsFloat(d)) {
        // Integers from -120 to 239, less those whose fp32 sigmoid is subnormal (-103 to -88): moved up.
        std::vector<double> v = refValues(d, n, seed);
        for (double &x : v) {
            if (x >= -104 && x <= -87) x += 30;
        }
        return v;
    }
    std::vector<double> x = randomValues(n, seed, -8, 8);
    const double inf = std::numeric_limits<double>::infinity();
    const double edges[] = {0, -0.0, 1e-3, -1e-3, 20, -20, 50, -50, 200, -200, inf, -inf,
                            std::numeric_limits<double>::quiet_NaN()};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0] && i < n; ++i) x[i] = edges[i];
    for (double &v : x) v = roundTo(v, d);
    return x;
}

// out (row-major, complex as pairs) for self's values x, computed in `compute`.
std::vector<Expected> sigmoidRef(const std::vector<double> &x, aclDataType compute, aclDataType out) {
    std::vector<Expected> want;
    if (refIsComplex(compute)) {
        // exp(-z) is within 16u of |exp(-z)| per part (exp 6u, cos and sin 8u, the product u), 1 + e adds
        // u of |1 + e|, the quotient some 10u of |w|: 32u of |w| (1 + |e| / |1 + e|).
        for (size_t i = 0; i < x.size() / 2; ++i) {
            const std::complex<double> z{x[2 * i], x[2 * i + 1]}, e = std::exp(-z), w = 1.0 / (1.0 + e);
            const double scale = std::abs(w) * (1 + std::abs(e) / std::abs(1.0 + e));
            want.push_back(refWithin(w.real(), scale, 32, compute, compute));
            want.push_back(refWithin(w.imag(), scale, 32, compute, compute));
        }
        return want;
    }
    for (double v : x) {
        const Expected e = refSigmoid(refRound(v, compute), compute, refRounding(compute, out));
        want.push_back(e);
        if (refIsComplex(out)) want.push_back(Expected::exactly(0));
    }
    return want;
}

// The out dtype each self dtype is tested into: its own for floating and complex self, a floating one of
// every width for the integers and BOOL (which compute in it).
aclDataType outFor(aclDataType d, bool fp64) {
    switch (d) {
        case ACL_INT8: case ACL_UINT8: return ACL_FLOAT16;
        case ACL_INT16: return ACL_BF16;
        case ACL_INT64: return fp64 ? ACL_DOUBLE : ACL_FLOAT;
        case ACL_INT32: case ACL_BOOL: return ACL_FLOAT;
        default: return d;
    }
}

class SigmoidEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(SigmoidEveryDtype, kSigmoidDtypes);

// Sigmoid into outFor(self), and InplaceSigmoid where self's dtype is one selfRef takes.
TEST_P(SigmoidEveryDtype, MatchesTheReference) {
    const aclDataType d = dtype(), out = outFor(d, fp64());
    if (isFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs fp64";
    const bool integral = !refIsFloat(d) && !refIsComplex(d);
    const aclDataType compute = integral ? out : d;
    const std::vector<int64_t> shape{3, 5, 7};
    DeviceTensor self(shape, d), o(shape, out);
    self.upload(sigmoidInputs(d, 105, 150 + dtypeIndex(kSigmoidDtypes)));
    const std::vector<double> x = self.download();
    const std::vector<Expected> want = sigmoidRef(x, compute, out);
    ASSERT_ACL_OK(planAndRun(kSigmoid, {self, o}, stream));
    expectElements(o.download(), want);
    if (integral) return;  // InplaceSigmoid takes only the out dtypes
    ASSERT_ACL_OK(planAndRun(kInplaceSigmoid, {self}, stream));
    expectElements(self.download(), want);
}

class SigmoidTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(SigmoidTest);

// A floating self computes in its own dtype, then is cast to out's: fp32 into fp16 rounds once (from the
// fp32 result), fp16 into fp32 carries fp16's rounding, bf16 into complex64 has an imaginary part of 0.
TEST_P(SigmoidTest, OutOfAnotherDtype) {
    struct Mix {
        aclDataType self, out;
    };
    const Mix mixes[] = {{ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT}, {ACL_BF16, ACL_COMPLEX64}};
    size_t ran = 0;
    for (const Mix &m : mixes) {
        SCOPED_TRACE(std::string(aclcl::dtypeName(m.self)) + " into " + aclcl::dtypeName(m.out));
        DeviceTensor self({40}, m.self), out({40}, m.out);
        self.upload(sigmoidInputs(m.self, 40, 7 + ran));
        ASSERT_ACL_OK(planAndRun(kSigmoid, {self, out}, stream));
        expectElements(out.download(), sigmoidRef(self.download(), m.self, m.out));
        ++ran;
    }
    EXPECT_EQ(ran, 3u);
}

// A transposed self into a strided out at an offset.
TEST_P(SigmoidTest, Views) {
    DeviceTensor self({4, 6}, ACL_FLOAT, {1, 4}, 2), out({4, 6}, ACL_FLOAT, {12, 2}, 1);
    self.upload(sigmoidInputs(ACL_FLOAT, 24, 9));
    ASSERT_ACL_OK(planAndRun(kSigmoid, {self, out}, stream));
    expectElements(out.download(), sigmoidRef(self.download(), ACL_FLOAT, ACL_FLOAT));
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; self's dtype in its list, out's in its own; out's shape, then ranks
// (and ours: the views); (ours: out not overlapping itself, fp64). InplaceSigmoid: selfRef's dtype in the
// out list first. Empty self succeeds.

CallSpec sigmoidCall() { return CallSpec(kSigmoid, {{"self", TensorArg{{2, 3, 4}}}, {"out", TensorArg{{2, 3, 4}}}}); }
ErrorRows sigmoidRows() {
    return validRow() + outPointerRows() + nullRows({"self", "out"}) + ErrorRows{
        {"self DT_UINT32", set("self", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT32"}},
        {"out DT_INT32 (not an out dtype)", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_INT32"}},
        {"out shape", set("out", shape({2, 3, 5})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 4]", "[2, 3, 5]"}},
        {"rank 9", set({"self", "out"}, shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        shortRow("self"),
        overlapRow("out", {0, 0, 1}),
        withoutFp64Row("DT_DOUBLE without fp64", set({"self", "out"}, dtype(ACL_DOUBLE)), {"fp64"}),
        {"empty self", set({"self", "out"}, shape({2, 0, 4})), ACL_SUCCESS, {}},
        {"int8 into float16", set("self", dtype(ACL_INT8)) + set("out", dtype(ACL_FLOAT16)), ACL_SUCCESS, {}},
        {"bool into complex64", set("self", dtype(ACL_BOOL)) + set("out", dtype(ACL_COMPLEX64)), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(SigmoidErrors, sigmoidCall, sigmoidRows);

CallSpec inplaceSigmoidCall() { return CallSpec(kInplaceSigmoid, {{"selfRef", TensorArg{{2, 3, 4}}}}); }
ErrorRows inplaceSigmoidRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef"}) + ErrorRows{
        {"selfRef DT_INT32 (not an out dtype)", set("selfRef", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "DT_INT32"}},
        {"selfRef rank 9", set("selfRef", shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "8"}},
        overlapRow("selfRef", {0, 0, 1}),
        {"empty selfRef", set("selfRef", shape({0})), ACL_SUCCESS, {}},
        {"complex64", set("selfRef", dtype(ACL_COMPLEX64)), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceSigmoidErrors, inplaceSigmoidCall, inplaceSigmoidRows);

// PyTorch golden data (tests/golden/ops/sigmoid.py: torch.sigmoid over every dtype CANN lists, integers
// and BOOL into FLOAT, the edges first), each value within goldenOk's bound.
TEST_P(SigmoidTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 12, kFp64Cases = 2;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("self").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"sigmoid.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        const aclDataType selfDtype = goldenDtype(s.dtype), outDtype = goldenDtype(want.dtype);
        DeviceTensor self(s.dims, selfDtype), out(want.dims, outDtype);
        self.upload(s.values);
        ASSERT_ACL_OK(planAndRun(kSigmoid, {self, out}, stream));
        const std::vector<double> got = out.download();
        const aclDataType compute = refIsFloat(selfDtype) || refIsComplex(selfDtype) ? selfDtype : outDtype;
        const std::vector<Expected> bounds = sigmoidRef(s.values, compute, outDtype);
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
