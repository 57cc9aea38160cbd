// aclnnGelu: every dtype CANN lists against the float64 reference (support/activation_ref.h: PyTorch's
// gelu(approximate='tanh'), CANN's only form here, within the bound it gives from OpenCL's ulp limits)
// over random values and the edges; a view; the errors in CANN's check order (private formats too).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/gelu.h"
#include "support/activation_ref.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/gelu_test_inputs.h"
#include "support/golden_tally.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


std::vector<Expected> geluRef(const std::vector<double> &x, aclDataType d) {
    std::vector<Expected> want;
    for (double v : x) want.push_back(refGeluTanh(v, d, refRounding(d, d)));
    return want;
}

class GeluEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(GeluEveryDtype, kGeluDtypes);

TEST_P(GeluEveryDtype, MatchesTheReference) {
    const aclDataType d = dtype();
    const std::vector<int64_t> shape{3, 5, 7};
    DeviceTensor self(shape, d), out(shape, d);
    self.upload(geluInputs(d, 105, 160 + dtypeIndex(kGeluDtypes)));
    ASSERT_ACL_OK(planAndRun(kGelu, {self, out}, stream));
    expectElements(out.download(), geluRef(self.download(), d));
}

class GeluTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(GeluTest);

// A transposed self into a strided out at an offset.
TEST_P(GeluTest, Views) {
    DeviceTensor self({4, 6}, ACL_FLOAT, {1, 4}, 2), out({4, 6}, ACL_FLOAT, {12, 2}, 1);
    self.upload(geluInputs(ACL_FLOAT, 24, 9));
    ASSERT_ACL_OK(planAndRun(kGelu, {self, out}, stream));
    expectElements(out.download(), geluRef(self.download(), ACL_FLOAT));
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; self's dtype, out's equal to it; private formats (self, out); ranks
// (and ours: the views), out's shape; (ours: out not overlapping itself). Empty self succeeds.

CallSpec geluCall() { return CallSpec(kGelu, {{"self", TensorArg{{2, 3, 4}}}, {"out", TensorArg{{2, 3, 4}}}}); }
ErrorRows geluRows() {
    return validRow() + outPointerRows() + nullRows({"self", "out"}) + ErrorRows{
        {"self DT_DOUBLE", set({"self", "out"}, dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_DOUBLE"}},
        {"out not self's dtype", set("out", dtype(ACL_FLOAT16)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_FLOAT16"}},
        {"self NC1HWC0 (private)", set("self", format(ACL_FORMAT_NC1HWC0)), ACLNN_ERR_PARAM_INVALID, {"self"}},
        {"out FRACTAL_NZ (private)", set("out", format(ACL_FORMAT_FRACTAL_NZ)), ACLNN_ERR_PARAM_INVALID, {"out"}},
        {"self rank 9", set({"self", "out"}, shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"self", "8"}},
        shortRow("self"),
        {"out shape", set("out", shape({2, 3, 5})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 3, 4]", "[2, 3, 5]"}},
        overlapRow("out", {0, 0, 1}),
        {"empty self", set({"self", "out"}, shape({2, 0, 4})), ACL_SUCCESS, {}},
        {"NCHW (public)", set({"self", "out"}, format(ACL_FORMAT_NCHW)), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(GeluErrors, geluCall, geluRows);

// PyTorch golden data (tests/golden/ops/gelu.py: gelu(approximate='tanh'), CANN's form, over CANN's
// dtypes, the edges first), each value within goldenOk's bound.
TEST_P(GeluTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 3, kFp64Cases = 0;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType d = goldenDtype(c.tensor("self").dtype);
        return (d == ACL_DOUBLE || d == ACL_COMPLEX128) && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"gelu.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        const aclDataType selfDtype = goldenDtype(s.dtype), outDtype = goldenDtype(want.dtype);
        DeviceTensor self(s.dims, selfDtype), out(want.dims, outDtype);
        self.upload(s.values);
        ASSERT_ACL_OK(planAndRun(kGelu, {self, out}, stream));
        const std::vector<double> got = out.download();
        const std::vector<Expected> bounds = [&] {
            std::vector<Expected> e;
            for (double x : s.values) e.push_back(refGeluTanh(x, selfDtype, selfDtype));
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
