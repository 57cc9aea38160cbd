// aclnnSilu: every dtype CANN lists against the float64 reference (support/activation_ref.h: PyTorch's
// silu, within the bound it gives from OpenCL's ulp limits) over random values and the edges; more than 8
// dims (CANN's Silu has no rank limit); the errors in CANN's check order.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/silu.h"
#include "support/activation_ref.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


// Random in [-8, 8) and the edges, rounded to d; the tails stop where an fp32 result would be subnormal
// (devices may flush those): silu(-50) is -1e-20, silu(-200) is 0 in fp32.
std::vector<double> siluInputs(aclDataType d, size_t n, uint64_t seed) {
    std::vector<double> x = randomValues(n, seed, -8, 8);
    const double inf = std::numeric_limits<double>::infinity();
    const double edges[] = {0, -0.0, 1e-3, -1e-3, 20, -20, 50, -50, 200, -200, inf, -inf,
                            std::numeric_limits<double>::quiet_NaN()};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0] && i < n; ++i) x[i] = edges[i];
    for (double &v : x) v = roundTo(v, d);
    return x;
}

std::vector<Expected> siluRef(const std::vector<double> &x, aclDataType d) {
    std::vector<Expected> want;
    for (double v : x) want.push_back(refSilu(v, d, refRounding(d, d)));
    return want;
}

class SiluEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(SiluEveryDtype, kSiluDtypes);

TEST_P(SiluEveryDtype, MatchesTheReference) {
    const aclDataType d = dtype();
    const std::vector<int64_t> shape{3, 5, 7};
    DeviceTensor self(shape, d), out(shape, d);
    self.upload(siluInputs(d, 105, 140 + dtypeIndex(kSiluDtypes)));
    ASSERT_ACL_OK(planAndRun(kSilu, {self, out}, stream));
    expectElements(out.download(), siluRef(self.download(), d));
}

class SiluTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(SiluTest);

// Ten dims, contiguous (they merge into one), and a transposed self into a strided out at an offset.
TEST_P(SiluTest, TenDimsAndViews) {
    const std::vector<int64_t> ten{1, 2, 1, 3, 1, 2, 1, 1, 2, 2};
    DeviceTensor self(ten, ACL_FLOAT), out(ten, ACL_FLOAT);
    self.upload(siluInputs(ACL_FLOAT, 48, 3));
    ASSERT_ACL_OK(planAndRun(kSilu, {self, out}, stream));
    expectElements(out.download(), siluRef(self.download(), ACL_FLOAT));

    DeviceTensor x({4, 6}, ACL_FLOAT, {1, 4}, 2), y({4, 6}, ACL_FLOAT, {12, 2}, 1);
    x.upload(siluInputs(ACL_FLOAT, 24, 4));
    ASSERT_ACL_OK(planAndRun(kSilu, {x, y}, stream));
    expectElements(y.download(), siluRef(x.download(), ACL_FLOAT));
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; self's dtype, out's equal to it; out's shape; no rank limit (ours: the
// views; dims that do not merge into 8 are refused when planned); (ours: out not overlapping itself).

CallSpec siluCall() { return CallSpec(kSilu, {{"self", TensorArg{{2, 3, 4}}}, {"out", TensorArg{{2, 3, 4}}}}); }
ErrorRows siluRows() {
    return validRow() + outPointerRows() + nullRows({"self", "out"}) + ErrorRows{
        {"self DT_DOUBLE", set({"self", "out"}, dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_DOUBLE"}},
        {"out not self's dtype", set("out", dtype(ACL_BF16)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_BF16"}},
        shortRow("self"),
        {"out shape", set("out", shape({2, 3, 5})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 4]", "[2, 3, 5]"}},
        overlapRow("out", {0, 0, 1}),
        {"rank 10 (no limit)", set({"self", "out"}, shape({1, 1, 1, 1, 1, 1, 1, 2, 3, 4})), ACL_SUCCESS, {}},
        {"empty self", set({"self", "out"}, shape({2, 0, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(SiluErrors, siluCall, siluRows);

// PyTorch golden data (tests/golden/ops/silu.py: silu over CANN's dtypes, the edges first), each value
// within goldenOk's bound.
TEST_P(SiluTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 3, kFp64Cases = 0;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("self").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"silu.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        const aclDataType selfDtype = goldenDtype(s.dtype), outDtype = goldenDtype(want.dtype);
        DeviceTensor self(s.dims, selfDtype), out(want.dims, outDtype);
        self.upload(s.values);
        ASSERT_ACL_OK(planAndRun(kSilu, {self, out}, stream));
        const std::vector<double> got = out.download();
        const std::vector<Expected> bounds = [&] {
            std::vector<Expected> e;
            for (double x : s.values) e.push_back(refSilu(x, selfDtype, selfDtype));
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
