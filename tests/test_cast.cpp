// aclnnCast: every pair of the 15 dtypes CANN lists against the host reference (support/elementwise_ref.h,
// exact), with NaN, infinities, out-of-range and negative values for the float-to-integer rules; views;
// and every documented error in CANN's check order (plus ours: out's dtype must be `dtype`).
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/cast.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


bool isFp64(aclDataType d) { return d == ACL_DOUBLE || d == ACL_COMPLEX128; }

// Source values of dtype d: random ones, and for floating dtypes the edges of every conversion
// (NaN, infinities, values past every integer range, negatives for the unsigned ones, halves).
std::vector<double> castSource(aclDataType d, size_t n, uint64_t seed) {
    std::vector<double> v = refValues(d, n, seed);
    if (refIsFloat(d) || refIsComplex(d)) {
        const double edges[] = {std::numeric_limits<double>::quiet_NaN(), INFINITY, -INFINITY, 1e10, -1e10, 300.75,
                                -300.75, 70000, -0.0, 2.5, -2.5, 65504, 1e20, -129.5, 255.5};
        const size_t parts = refIsComplex(d) ? 2 : 1;
        for (size_t i = 0; i < sizeof edges / sizeof edges[0] && i * parts < v.size(); ++i) {
            v[i * parts] = d == ACL_DOUBLE ? roundTo(edges[i], ACL_FLOAT) : roundTo(edges[i], d);
        }
    }
    return v;
}

class CastEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(CastEveryDtype, kCastDtypes);

// Every target dtype from this source dtype, contiguous; and a strided self into a strided out for two
// targets: the source dtype itself and the next one in the list, so that every dtype is read and written
// through strides. Each (pair, layout) is a kernel of its own that a cold cache builds (a PoCL build takes
// about half a second), and the strided kernels of the other pairs differ from these only in the
// conversion, which the contiguous run checks for every pair.
TEST_P(CastEveryDtype, ToEveryDtypeMatchesTheReference) {
    const aclDataType from = dtype();
    if (isFp64(from) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(from) << " needs cl_khr_fp64";
    const size_t at = dtypeIndex(kCastDtypes);
    const aclDataType next = kCastDtypes[(at + 1) % kCastDtypes.size()];
    size_t ran = 0, ranStrided = 0;
    for (aclDataType to : kCastDtypes) {
        if (isFp64(to) && !fp64()) continue;
        for (bool strided : {false, true}) {
            if (strided && to != from && to != next) continue;
            SCOPED_TRACE(std::string(aclcl::dtypeName(from)) + " -> " + aclcl::dtypeName(to) +
                         (strided ? " strided" : ""));
            const std::vector<int64_t> shape{4, 10};
            DeviceTensor s = strided ? DeviceTensor(shape, from, {1, 4}, 3) : DeviceTensor(shape, from);
            DeviceTensor out = strided ? DeviceTensor(shape, to, {12, 1}, 2) : DeviceTensor(shape, to);
            s.upload(castSource(from, 40, 7 + dtypeIndex(kCastDtypes)));
            const std::vector<double> held = s.download();
            ASSERT_ACL_OK(planAndRun(kCast, {s, to, out}, stream));
            const std::vector<double> got = out.download();
            const size_t pf = refIsComplex(from) ? 2 : 1, pt = refIsComplex(to) ? 2 : 1;
            size_t bad = 0;
            for (size_t i = 0; i < 40; ++i) {
                const RefComplex want =
                    refConvert({held[i * pf], pf == 2 ? held[i * pf + 1] : 0}, from, to);
                const bool ok = sameValue(got[i * pt], want.re) && (pt == 1 || sameValue(got[i * pt + 1], want.im));
                if (!ok && bad++ < 3) {
                    ADD_FAILURE() << "element " << i << " (" << held[i * pf] << "): got " << got[i * pt] << " want "
                                  << want.re;
                }
            }
            EXPECT_EQ(bad, 0u);
            ++ran;
            ranStrided += strided;
        }
    }
    EXPECT_EQ(ran - ranStrided, fp64() ? 15u : 13u);
    EXPECT_EQ(ranStrided, isFp64(next) && !fp64() ? 1u : 2u);
}

class CastTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(CastTest);

// CANN's sample values (examples/cast.cpp prints them): float32 to int64 truncates toward zero.
TEST_P(CastTest, FloatToInt64Truncates) {
    DeviceTensor s({4, 2}, ACL_FLOAT), out({4, 2}, ACL_INT64);
    s.upload({0, 1.5, -1.5, 2.7, -2.7, 3, 1e30, std::numeric_limits<double>::quiet_NaN()});
    ASSERT_ACL_OK(planAndRun(kCast, {s, ACL_INT64, out}, stream));
    const std::vector<double> got = out.download();
    const std::vector<double> want{0, 1, -1, 2, -2, 3, 9223372036854775807.0, 0};
    for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(got[i], want[i]) << i;
}

// PyTorch golden data (tests/golden/ops/cast.py: Tensor.to between the 12 dtypes both have), value for value.
TEST_P(CastTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 124, kWithoutFp64 = 91;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const bool needs = isFp64(goldenDtype(c.tensor("self").dtype)) || isFp64(goldenDtype(c.tensor("out").dtype));
        return needs && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"cast.golden", kFileCases, fp64() ? kFileCases : kWithoutFp64, noFp64}, [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        const aclDataType to = goldenDtype(want.dtype);
        DeviceTensor self(s.dims, goldenDtype(s.dtype)), out(want.dims, to);
        self.upload(s.values);
        ASSERT_ACL_OK(planAndRun(kCast, {self, to, out}, stream));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(sameValue(got[i], want.values[i])) << "value " << i << ": " << got[i] << " vs " << want.values[i];
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; self's dtype; `dtype`; (out's dtype = dtype: ours); ranks and views;
// out's shape = self's; (out not self-overlapping). Empty self succeeds.

CallSpec castCall() {
    return CallSpec(kCast, {{"self", TensorArg{{2, 3}}}, {"dtype", int64_t{ACL_FLOAT16}},
                            {"out", TensorArg{{2, 3}, ACL_FLOAT16}}});
}
ErrorRows castRows() {
    return validRow() + outPointerRows() + nullRows({"self", "out"}) + ErrorRows{
        {"self DT_COMPLEX32", set("self", dtype(ACL_COMPLEX32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_COMPLEX32"}},
        {"dtype DT_STRING", set("dtype", value(int64_t{ACL_STRING})) + set("out", dtype(ACL_STRING)),
         ACLNN_ERR_PARAM_INVALID, {"dtype", "DT_STRING"}},
        {"out not of dtype", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_FLOAT16", "DT_INT32"}},
        {"self rank 9", set("self", shape({1, 1, 1, 1, 1, 1, 1, 2, 3})), ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        shortRow("self"),
        {"out shape", set("out", shape({3, 2})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3]", "[3, 2]"}},
        overlapRow("out", {0, 1}),
        withoutFp64Row("DT_DOUBLE without fp64", set("self", dtype(ACL_DOUBLE)), {"fp64"}),
        {"empty self", set({"self", "out"}, shape({0, 3})), ACL_SUCCESS, {}},
        {"complex64 to bool", set("self", dtype(ACL_COMPLEX64)) + set("dtype", value(int64_t{ACL_BOOL})) +
             set("out", dtype(ACL_BOOL)),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(CastErrors, castCall, castRows);

}  // namespace
