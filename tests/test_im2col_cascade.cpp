// The patch-extraction cascades of issue 15, forward then backward through the aclnn API, compared with
// PyTorch autograd on the same inputs (tests/golden/ops/im2col_cascade.py):
//   ReflectionPad2d -> Im2col, then Im2colBackward -> ReflectionPad2dBackward;
//   ReplicationPad2d -> Im2col, then Im2colBackward -> ReplicationPad2dBackward;
// in FLOAT, FLOAT16 and BF16, 3-D and 4-D. Each operator's output stays on the device and is the next
// one's input, as in a training step; every intermediate is checked too.
//
// Tolerances: none. The forwards copy; each backward sums its sources in PyTorch's CPU order in fp32
// and rounds once (docs/ops/im2col_backward.md, docs/ops/reflection_pad2d_backward.md), which is what
// the golden data's autograd does (fp16/bf16: op by op in fp32, each result rounded once to the dtype).

#include <map>

#include "harness/im2col.h"
#include "harness/im2col_backward.h"
#include "harness/pad2d.h"
#include "harness/pad2d_backward.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {

class Im2colCascadeTest : public DeviceTest {
protected:
    // Expects the device tensor to hold exactly the golden tensor's values.
    static void expectEqual(const DeviceTensor &got, const golden::Tensor &want, const char *what) {
        ASSERT_EQ(got.shape(), want.dims) << what;
        const std::vector<double> values = got.download();
        ASSERT_EQ(values.size(), want.values.size()) << what;
        size_t wrong = 0, first = 0;
        for (size_t i = 0; i < values.size(); ++i) {
            if (values[i] == want.values[i]) continue;
            if (wrong++ == 0) first = i;
        }
        EXPECT_EQ(wrong, 0u) << what << ": " << wrong << " of " << values.size() << " values differ, the first at "
                             << first << ": got " << values[first] << ", PyTorch " << want.values[first];
    }
};

TEST_P(Im2colCascadeTest, ForwardAndBackwardMatchPyTorchAutogradGolden) {
    std::map<std::string, int> perMode;
    forEachGoldenCase({"im2col_cascade.golden", 12, 12}, [&](const golden::Case &c) {
        const bool reflect = c.ints("reflect").at(0) == 1;
        const golden::Tensor &x = c.tensor("self"), &gy = c.tensor("gradColumns");
        const golden::Tensor &padded = c.tensor("padded"), &columns = c.tensor("columns");
        const aclDataType dtype = goldenDtype(x.dtype);
        IntArray pad(c.ints("pad")), k(c.ints("kernelSize")), d(c.ints("dilation")), p(c.ints("padding")),
            s(c.ints("stride"));
        const std::vector<int64_t> paddedHW(padded.dims.end() - 2, padded.dims.end());
        IntArray inputSize(paddedHW);

        // Forward: pad, then im2col of the padded image (on the device, no host round trip).
        DeviceTensor self(x.dims, dtype), xp(padded.dims, dtype), y(columns.dims, dtype);
        self.upload(x.values);
        ASSERT_ACL_OK(planAndRun(reflect ? kReflectionPad2d : kReplicationPad2d, {self, pad, xp}, stream));
        ASSERT_ACL_OK(planAndRun(kIm2col, {xp, k, d, p, s, y}, stream));

        // Backward: im2col's gradient into the padded image, then the pad's gradient into self.
        DeviceTensor gradColumns(gy.dims, dtype), gradPadded(padded.dims, dtype), gradSelf(x.dims, dtype);
        gradColumns.upload(gy.values);
        gradPadded.fillStorage(0xcc);
        gradSelf.fillStorage(0xcc);
        ASSERT_ACL_OK(planAndRun(kIm2colBackward, {gradColumns, inputSize, k, d, p, s, gradPadded}, stream));
        ASSERT_ACL_OK(planAndRun(reflect ? kReflectionPad2dBackward : kReplicationPad2dBackward,
                                 {gradPadded, self, pad, gradSelf}, stream));

        expectEqual(xp, padded, "padded");
        expectEqual(y, columns, "columns");
        expectEqual(gradPadded, c.tensor("gradPadded"), "gradPadded");
        expectEqual(gradSelf, c.tensor("gradSelf"), "gradSelf");
        ++perMode[(reflect ? "reflect " : "replicate ") + x.dtype];
    });
    // Both cascades, each in FLOAT, FLOAT16 and BF16 (two geometries each).
    EXPECT_EQ(perMode.size(), 6u);
    for (const auto &m : perMode) EXPECT_EQ(m.second, 2) << m.first;
}

INSTANTIATE_ON_ALL_DEVICES(Im2colCascadeTest);

}  // namespace
