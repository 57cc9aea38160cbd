// aclnnMul, aclnnMuls, aclnnInplaceMul, aclnnInplaceMuls: every dtype CANN lists against the host
// reference (exact; complex products as CANN's kernels form them, BF16 Muls in F32), and the errors in
// CANN's check order. The engine's own behaviour is tested once in tests/test_elementwise.cpp.
#include <complex>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/mul.h"
#include "support/elementwise_checks.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {

const BinaryForms kMulForms{kMul, kMuls, kInplaceMul, kInplaceMuls, '*', false, mulsCompute};

class MulEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(MulEveryDtype, kMulDtypes);

TEST_P(MulEveryDtype, AllFourFormsMatchTheReference) {
    const aclDataType d = dtype();
    if ((d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs fp64";
    expectFourForms(kMulForms, d, stream, 90 + 3 * dtypeIndex(kMulDtypes));
}

// Muls of a real tensor by a complex scalar into a real out (Muls checks no CanCast(compute, out)): the
// product is complex, its real part stored; a contiguous self (the vector kernel's case) and a gapped one
// (the CPU walk's). The fuzzer found the vector kernels built with a four-lane complex type (float24).
TEST_P(MulEveryDtype, MulsByAComplexScalarIntoARealOutKeepsTheRealPart) {
    const aclDataType d = dtype();
    if (d != ACL_FLOAT && d != ACL_FLOAT16 && d != ACL_BF16) GTEST_SKIP() << "a real floating self";
    const std::complex<float> s(1.5f, -2.0f);
    const aclScalar *other = aclCreateScalar(const_cast<std::complex<float> *>(&s), ACL_COMPLEX64);
    for (bool gapped : {false, true}) {
        SCOPED_TRACE(gapped ? "gapped self" : "contiguous self");
        const std::vector<int64_t> shape{3, 9};
        DeviceTensor self = gapped ? DeviceTensor(shape, d, {12, 1}, 1) : DeviceTensor(shape, d), out(shape, d);
        const std::vector<double> x = refValues(d, 27, 31);
        self.upload(x);
        ASSERT_ACL_OK(planAndRun(kMuls, {self, other, out}, stream));
        const std::vector<double> got = out.download();
        for (size_t i = 0; i < x.size(); ++i) {
            const double want = refStore(refBinary('*', {x[i], 0}, {s.real(), s.imag()}, 1, ACL_COMPLEX64, false).re, d);
            EXPECT_TRUE(sameValue(got[i], want)) << i << ": got " << got[i] << " want " << want;
        }
    }
    aclDestroyScalar(const_cast<aclScalar *>(other));
}

// PyTorch golden data (tests/golden/ops/mul.py: torch.mul over every dtype, broadcasting, mixed-dtype
// promotion, special values; cases of op "muls": `other` is the aclScalar), value for value: integer
// products wrap, float products are correctly rounded (OpenCL's * is, and fp16/bf16 products are exact in
// fp32 before the one rounding), and the complex cases' parts are few-bit values whose products and sums
// are exact, however the kernel contracts them.
class MulTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(MulTest);

TEST_P(MulTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 35, kFp64Cases = 4;
    const auto wide = [](const golden::Tensor &t) {
        const aclDataType d = goldenDtype(t.dtype);
        return d == ACL_DOUBLE || d == ACL_COMPLEX128;
    };
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        // A Muls scalar's dtype needs no fp64: the host converts the scalar to the compute dtype.
        const bool needs =
            wide(c.tensor("self")) || wide(c.tensor("out")) || (c.op == "mul" && wide(c.tensor("other")));
        return needs && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"mul.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &o = c.tensor("other"), &want = c.tensor("out");
        DeviceTensor self(s.dims, goldenDtype(s.dtype)), out(want.dims, goldenDtype(want.dtype));
        self.upload(s.values);
        if (c.op == "muls") {
            ASSERT_EQ(o.numel(), 1);
            OwnedScalar other(o.values[0], goldenDtype(o.dtype));
            ASSERT_ACL_OK(planAndRun(kMuls, {self, other.get(), out}, stream));
        } else {
            DeviceTensor other(o.dims, goldenDtype(o.dtype));
            other.upload(o.values);
            ASSERT_ACL_OK(planAndRun(kMul, {self, other, out}, stream));
        }
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(sameValue(got[i], want.values[i]))
                << "value " << i << ": " << got[i] << " vs " << want.values[i];
        }
    });
}

// Mul: nulls; self's, other's AND out's dtypes in the list; promotion; CanCast(promoted, out); ranks,
// broadcasting, out's shape.
CallSpec mulCall() {
    return CallSpec(kMul, {{"self", TensorArg{{2, 3, 4}}}, {"other", TensorArg{{3, 4}}}, {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows mulRows() {
    return validRow() + outPointerRows() + nullRows({"self", "other", "out"}) + ErrorRows{
        {"self DT_UINT32", set("self", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT32"}},
        {"other DT_UINT16", set("other", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID, {"other", "DT_UINT16"}},
        {"out DT_UINT64 (listed)", set("out", dtype(ACL_UINT64)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_UINT64"}},
        {"out DT_INT32 for a float product", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_INT32"}},
        {"not broadcastable", set("other", shape({5})), ACLNN_ERR_PARAM_INVALID, {"self", "other", "broadcast"}},
        {"out not the broadcast shape", set("out", shape({2, 3, 5})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 5]"}},
        overlapRow("out", {0, 0, 1}),
        {"empty self", set({"self", "out"}, shape({0, 3, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(MulErrors, mulCall, mulRows);

// Muls: nulls; self's and out's dtypes in the list; out's shape. No CanCast(compute, out) on A2/A3.
CallSpec mulsCall() {
    return CallSpec(kMuls, {{"self", TensorArg{{2, 3, 4}}}, {"other", ScalarArg{0.5, ACL_FLOAT}},
                            {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows mulsRows() {
    return validRow() + outPointerRows() + nullRows({"self", "other", "out"}) + ErrorRows{
        {"self DT_UINT32", set("self", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_UINT32"}},
        {"out DT_UINT16", set("out", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_UINT16"}},
        {"out shape", set("out", shape({2, 3, 1})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 4]"}},
        {"float product into int32 (not checked)", set("out", dtype(ACL_INT32)), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(MulsErrors, mulsCall, mulsRows);

CallSpec inplaceMulCall() {
    return CallSpec(kInplaceMul, {{"selfRef", TensorArg{{2, 3, 4}}}, {"other", TensorArg{{3, 4}}}});
}
ErrorRows inplaceMulRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef", "other"}) + ErrorRows{
        {"selfRef DT_UINT32", set("selfRef", dtype(ACL_UINT32)), ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_UINT32"}},
        {"float other into int selfRef", set("selfRef", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "DT_INT32"}},
        {"broadcast bigger than selfRef", set("other", shape({2, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "[2, 2, 3, 4]"}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceMulErrors, inplaceMulCall, inplaceMulRows);

CallSpec inplaceMulsCall() {
    return CallSpec(kInplaceMuls, {{"selfRef", TensorArg{{2, 3, 4}}}, {"other", ScalarArg{0.5, ACL_FLOAT}}});
}
ErrorRows inplaceMulsRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef", "other"}) + ErrorRows{
        {"selfRef DT_UINT16", set("selfRef", dtype(ACL_UINT16)), ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_UINT16"}},
        {"float scalar into int selfRef (not checked)", set("selfRef", dtype(ACL_INT32)), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceMulsErrors, inplaceMulsCall, inplaceMulsRows);

}  // namespace
