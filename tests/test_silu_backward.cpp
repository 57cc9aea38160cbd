// aclnnSiluBackward: every dtype CANN lists against the float64 reference (support/activation_ref.h:
// PyTorch's silu_backward, within the bound it gives from OpenCL's ulp limits), over random values and
// the edges (0, -0, the zero of silu' near -1.28, tails where sigmoid saturates, infinities, NaN); views
// and in place; the errors in CANN's A2/A3 check order.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/silu_backward.h"
#include "support/activation_ref.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


// self's values: random in [-8, 8) and the edges, rounded to d. The tails stop where a float result
// would be subnormal (devices may flush those): sigmoid(-50) is 2e-22, sigmoid(-200) is 0 in fp32.
std::vector<double> siluInputs(aclDataType d, size_t n, uint64_t seed) {
    std::vector<double> x = randomValues(n, seed, -8, 8);
    const double inf = std::numeric_limits<double>::infinity();
    const double edges[] = {0, -0.0, 1e-3, -1e-3, -1.2784645, 1.2784645, 20, -20, 50, -50, 200, -200,
                            inf, -inf, std::numeric_limits<double>::quiet_NaN()};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; ++i) x[i] = edges[i];
    for (double &v : x) v = roundTo(v, d);
    return x;
}

std::vector<Expected> siluBackwardRef(const std::vector<double> &g, const std::vector<double> &x, aclDataType d) {
    std::vector<Expected> want;
    for (size_t i = 0; i < g.size(); ++i) want.push_back(refSiluBackward(g[i], x[i], d, refRounding(d, d)));
    return want;
}

class SiluBackwardEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(SiluBackwardEveryDtype, kSiluBackwardDtypes);

TEST_P(SiluBackwardEveryDtype, MatchesTheReference) {
    const aclDataType d = dtype();
    const std::vector<int64_t> shape{3, 5, 7};
    DeviceTensor g(shape, d), x(shape, d), out(shape, d);
    g.upload(refValues(d, 105, 20 + dtypeIndex(kSiluBackwardDtypes)));
    x.upload(siluInputs(d, 105, 30 + dtypeIndex(kSiluBackwardDtypes)));
    ASSERT_ACL_OK(planAndRun(kSiluBackward, {g, x, out}, stream));
    expectElements(out.download(), siluBackwardRef(g.download(), x.download(), d));
}

class SiluBackwardTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(SiluBackwardTest);

// Transposed inputs into a strided gradInput at an offset, then gradInput over self (in place).
TEST_P(SiluBackwardTest, ViewsAndInPlace) {
    const std::vector<int64_t> shape{4, 6};
    DeviceTensor g(shape, ACL_FLOAT, {1, 4}, 1), x(shape, ACL_FLOAT, {1, 4}, 0), out(shape, ACL_FLOAT, {12, 2}, 3);
    g.upload(refValues(ACL_FLOAT, 24, 5));
    x.upload(siluInputs(ACL_FLOAT, 24, 6));
    ASSERT_ACL_OK(planAndRun(kSiluBackward, {g, x, out}, stream));
    const std::vector<Expected> want = siluBackwardRef(g.download(), x.download(), ACL_FLOAT);
    expectElements(out.download(), want);
    ASSERT_ACL_OK(planAndRun(kSiluBackward, {g, x, x}, stream));
    expectElements(x.download(), want);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's A2/A3 order: nulls; the three dtypes in the list, gradOutput's and self's equal to
// gradInput's; ranks (and ours: the views); gradOutput's and self's shapes equal to gradInput's (no
// broadcasting); (ours: gradInput not overlapping itself). Empty inputs succeed.

CallSpec siluBackwardCall() {
    return CallSpec(kSiluBackward, {{"gradOutput", TensorArg{{2, 3, 4}}}, {"self", TensorArg{{2, 3, 4}}},
                                    {"gradInput", TensorArg{{2, 3, 4}}}});
}
ErrorRows siluBackwardRows() {
    return validRow() + outPointerRows() + nullRows({"gradOutput", "self", "gradInput"}) + ErrorRows{
        {"gradOutput DT_DOUBLE", set("gradOutput", dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID,
         {"gradOutput", "DT_DOUBLE"}},
        {"self DT_INT32", set("self", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_INT32"}},
        {"gradInput DT_DOUBLE", set("gradInput", dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID,
         {"gradInput", "DT_DOUBLE"}},
        {"gradOutput not gradInput's dtype", set("gradOutput", dtype(ACL_FLOAT16)), ACLNN_ERR_PARAM_INVALID,
         {"gradOutput", "DT_FLOAT16"}},
        {"self not gradInput's dtype", set("self", dtype(ACL_BF16)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_BF16"}},
        {"self rank 9", set("self", shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        shortRow("gradOutput"),
        {"gradOutput broadcast (not on A2/A3)", set("gradOutput", shape({3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"gradOutput", "[2, 3, 4]", "[3, 4]"}},
        {"self not gradInput's shape", set("self", shape({2, 3, 5})), ACLNN_ERR_PARAM_INVALID,
         {"self", "[2, 3, 4]", "[2, 3, 5]"}},
        overlapRow("gradInput", {0, 0, 1}),
        {"empty", set({"gradOutput", "self", "gradInput"}, shape({2, 0, 4})), ACL_SUCCESS, {}},
        {"bfloat16", set({"gradOutput", "self", "gradInput"}, dtype(ACL_BF16)), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(SiluBackwardErrors, siluBackwardCall, siluBackwardRows);

// PyTorch golden data (tests/golden/ops/silu_backward.py: silu_backward over CANN's dtypes, the edges first;
// NaN at an infinite self, as PyTorch's), each value within goldenOk's bound.
TEST_P(SiluBackwardTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 3, kFp64Cases = 0;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("gradOutput").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"silu_backward.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &gt = c.tensor("gradOutput"), &xt = c.tensor("self"), &want = c.tensor("gradInput");
        const aclDataType d = goldenDtype(gt.dtype), outDtype = goldenDtype(want.dtype);
        DeviceTensor g(gt.dims, d), x(xt.dims, goldenDtype(xt.dtype)), out(want.dims, outDtype);
        g.upload(gt.values);
        x.upload(xt.values);
        ASSERT_ACL_OK(planAndRun(kSiluBackward, {g, x, out}, stream));
        const std::vector<double> got = out.download();
        const std::vector<Expected> bounds = [&] {
            std::vector<Expected> e;
            for (size_t i = 0; i < static_cast<size_t>(want.numel()); ++i) {
                const size_t j = refBroadcastIndex(i, want.dims, xt.dims);
                e.push_back(refSiluBackward(gt.values[i], xt.values[j], d, d));
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
