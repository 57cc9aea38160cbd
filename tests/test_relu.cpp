// aclnnRelu, aclnnInplaceRelu: every dtype CANN lists against the host reference (exact: max(x, 0), a NaN
// staying NaN, -0 giving +0), both forms; a view; the errors in CANN's check order. The engine's own
// behaviour (views, in place, empties) is tested once in tests/test_elementwise.cpp.
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/relu.h"
#include "support/activation_ref.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


// n values of d: random, and for floating dtypes the edges (zeros of both signs, NaN, infinities).
std::vector<double> reluInputs(aclDataType d, size_t n, uint64_t seed) {
    std::vector<double> v = refValues(d, n, seed);
    if (refIsFloat(d)) {
        const double inf = std::numeric_limits<double>::infinity();
        const double edges[] = {0, -0.0, std::numeric_limits<double>::quiet_NaN(), inf, -inf, 1e-30, -1e-30};
        for (size_t i = 0; i < sizeof edges / sizeof edges[0]; ++i) v[i] = roundTo(edges[i], d);
    }
    return v;
}

std::vector<Expected> reluRef(const std::vector<double> &x) {
    std::vector<Expected> want;
    for (double v : x) want.push_back(Expected::exactly(v <= 0 ? 0.0 : v));  // NaN <= 0 is false: NaN
    return want;
}

class ReluEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(ReluEveryDtype, kReluDtypes);

TEST_P(ReluEveryDtype, BothFormsMatchTheReference) {
    const aclDataType d = dtype();
    const std::vector<int64_t> shape{3, 5, 7};
    DeviceTensor self(shape, d), out(shape, d);
    self.upload(reluInputs(d, 105, 130 + dtypeIndex(kReluDtypes)));
    const std::vector<Expected> want = reluRef(self.download());
    ASSERT_ACL_OK(planAndRun(kRelu, {self, out}, stream));
    expectElements(out.download(), want);
    ASSERT_ACL_OK(planAndRun(kInplaceRelu, {self}, stream));
    expectElements(self.download(), want);
}

class ReluTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(ReluTest);

// A transposed self into a strided out at an offset.
TEST_P(ReluTest, Views) {
    DeviceTensor self({4, 6}, ACL_INT32, {1, 4}, 2), out({4, 6}, ACL_INT32, {12, 2}, 1);
    self.upload(refValues(ACL_INT32, 24, 9));
    ASSERT_ACL_OK(planAndRun(kRelu, {self, out}, stream));
    expectElements(out.download(), reluRef(self.download()));
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; self's dtype; out's dtype equal to self's; ranks (and ours: the views);
// out's shape; (ours: out not overlapping itself). Empty self succeeds.

CallSpec reluCall() { return CallSpec(kRelu, {{"self", TensorArg{{2, 3, 4}}}, {"out", TensorArg{{2, 3, 4}}}}); }
ErrorRows reluRows() {
    return validRow() + outPointerRows() + nullRows({"self", "out"}) + ErrorRows{
        {"self DT_INT16", set({"self", "out"}, dtype(ACL_INT16)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_INT16"}},
        {"out not self's dtype", set("out", dtype(ACL_FLOAT16)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_FLOAT16"}},
        {"self rank 9", set({"self", "out"}, shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"self", "8"}},
        shortRow("self"),
        {"out shape", set("out", shape({2, 4, 3})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 4]", "[2, 4, 3]"}},
        overlapRow("out", {0, 0, 1}),
        {"empty self", set({"self", "out"}, shape({2, 0, 4})), ACL_SUCCESS, {}},
        {"uint8 (the identity)", set({"self", "out"}, dtype(ACL_UINT8)), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(ReluErrors, reluCall, reluRows);

CallSpec inplaceReluCall() { return CallSpec(kInplaceRelu, {{"selfRef", TensorArg{{2, 3, 4}}}}); }
ErrorRows inplaceReluRows() {
    return validRow() + outPointerRows() + nullRows({"selfRef"}) + ErrorRows{
        {"selfRef DT_DOUBLE", set("selfRef", dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID, {"selfRef", "DT_DOUBLE"}},
        {"selfRef rank 9", set("selfRef", shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "8"}},
        overlapRow("selfRef", {0, 0, 1}),
        {"empty selfRef", set("selfRef", shape({0})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceReluErrors, inplaceReluCall, inplaceReluRows);

// PyTorch golden data (tests/golden/ops/relu.py: torch.relu over every dtype CANN lists, the edges
// first), value for value: exact (relu(-0) is +0, docs/ops/relu.md, where PyTorch's clamp_min
// keeps -0: the generator stores +0).
TEST_P(ReluTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 7, kFp64Cases = 0;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("self").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"relu.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        DeviceTensor self(s.dims, goldenDtype(s.dtype)), out(want.dims, goldenDtype(want.dtype));
        self.upload(s.values);
        ASSERT_ACL_OK(planAndRun(kRelu, {self, out}, stream));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(sameValue(got[i], want.values[i]))
                << "value " << i << ": " << got[i] << " vs " << want.values[i];
        }
    });
}

}  // namespace
