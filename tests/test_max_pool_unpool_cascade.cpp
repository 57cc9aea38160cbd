// The SegNet pool/unpool pair, forward then backward, through our API on every device:
//   pooled, indices = MaxPool2dWithIndices(self);  unpooled = MaxUnpool2d(pooled, indices, (H, W))
//   gradPooled = MaxUnpool2dBackward(gradY, pooled, indices, (H, W))
//   gradSelf = MaxPool2dWithIndicesBackward(gradPooled, self, indices, ...)
// Each operator consumes the previous one's device tensors (no host round trip), and every stage is
// compared with PyTorch autograd on the same inputs (tests/golden/ops/max_pool_unpool_cascade.py):
// FLOAT, FLOAT16 and BF16, non-overlapping (k2s2) and overlapping (k3s2p1, k3s1p1) windows, ceilMode,
// 3-D and 4-D, INT32 and INT64 indices.
//
// Tolerance: none. The forward values and gradPooled are selections; gradSelf sums at most a few
// gradients per element in PyTorch's order and rounds once (docs/ops), so every value is compared
// exactly (NaN equals NaN, -0 differs from +0).

#include <cmath>
#include <map>

#include "support/op_test.h"
#include "harness/max_pool2d_with_indices.h"
#include "harness/max_pool2d_with_indices_backward.h"
#include "harness/max_unpool2d.h"
#include "harness/max_unpool2d_backward.h"

using namespace testing_support;

namespace {

// Every value of t equals the golden tensor's, exactly.
void expectSame(const DeviceTensor &t, const golden::Tensor &want, const char *stage) {
    const std::vector<double> got = t.download();
    ASSERT_EQ(got.size(), want.values.size()) << stage;
    for (size_t i = 0; i < got.size(); ++i) {
        ASSERT_TRUE(sameValue(got[i], want.values[i])) << stage << " value " << i << ": " << got[i] << " vs "
                                                      << want.values[i];
    }
}

using MaxPoolUnpoolCascade = DeviceTest;

TEST_P(MaxPoolUnpoolCascade, EveryStageMatchesPyTorchAutograd) {
    constexpr size_t kFileCases = 8;
    forEachGoldenCase({"max_pool_unpool_cascade.golden", kFileCases, kFileCases}, [&](const golden::Case &c) {
        const golden::Tensor &x = c.tensor("self"), &gy = c.tensor("gradY"), &pooledWant = c.tensor("pooled"),
                             &idxWant = c.tensor("indices"), &unpooledWant = c.tensor("unpooled"),
                             &gradPooledWant = c.tensor("gradPooled"), &gradSelfWant = c.tensor("gradSelf");
        const aclDataType dt = goldenDtype(x.dtype), it = goldenDtype(idxWant.dtype);
        IntArray kernel(c.ints("kernelSize")), stride(c.ints("stride")), padding(c.ints("padding")),
            dilation(c.ints("dilation"));
        const bool ceil = c.ints("ceilMode")[0] != 0;
        const std::vector<int64_t> hw = {x.dims[x.dims.size() - 2], x.dims[x.dims.size() - 1]};
        IntArray outputSize(hw);

        DeviceTensor self(x.dims, dt), gradY(gy.dims, dt), pooled(pooledWant.dims, dt), indices(idxWant.dims, it),
            unpooled(x.dims, dt), gradPooled(pooledWant.dims, dt), gradSelf(x.dims, dt);
        self.upload(x.values);
        gradY.upload(gy.values);
        for (DeviceTensor *t : {&pooled, &indices, &unpooled, &gradPooled, &gradSelf}) t->fillStorage(0xcd);

        // Forward.
        ASSERT_ACL_OK(planAndRun(kMaxPool2dWithIndices,
                                 {self, kernel, stride, padding, dilation, ceil, pooled, indices}, stream));
        ASSERT_ACL_OK(planAndRun(kMaxUnpool2d, {pooled, indices, outputSize, unpooled}, stream));
        // Backward.
        ASSERT_ACL_OK(planAndRun(kMaxUnpool2dBackward, {gradY, pooled, indices, outputSize, gradPooled}, stream));
        ASSERT_ACL_OK(planAndRun(kMaxPool2dWithIndicesBackward,
                                 {gradPooled, self, indices, kernel, stride, padding, dilation, ceil, gradSelf},
                                 stream));

        expectSame(pooled, pooledWant, "pooled");
        expectSame(indices, idxWant, "indices");
        expectSame(unpooled, unpooledWant, "unpooled");
        expectSame(gradPooled, gradPooledWant, "gradPooled");
        expectSame(gradSelf, gradSelfWant, "gradSelf");
        if (HasFatalFailure()) return;
    });
}

INSTANTIATE_ON_ALL_DEVICES(MaxPoolUnpoolCascade);

}  // namespace
