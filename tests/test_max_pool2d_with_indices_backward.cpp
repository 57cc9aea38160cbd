// aclnnMaxPool2dWithIndicesBackward: the CANN docs' example, PyTorch golden data, bit-exact host
// references (float sums in the outputs' scan order, one rounding) over every dtype and both index
// dtypes with overlapping windows, ceilMode and dilation, strided/offset/NHWC views, wide indices,
// determinism, the forward-then-backward round trip, the bad-index fault, empty batches, and the
// documented errors in CANN's order.
//
// Tolerances: none. The kernel adds in the order PyTorch's CPU scatter adds, in float, and rounds
// once (float16/bfloat16: CANN's widen-compute-round); every comparison is exact.

#include <algorithm>
#include <map>
#include <utility>

#include "support/error_rows.h"
#include "support/fault_checks.h"
#include "support/op_test.h"
#include "cases/max_pool2d_cases.h"
#include "common/dtype.h"
#include "common/test_hooks.h"
#include "harness/max_pool2d_with_indices.h"
#include "harness/max_pool2d_with_indices_backward.h"

using namespace testing_support;

namespace {

using Attrs = PoolAttrArrays;

// The backward's arguments in its binding's order.
Args backwardArgs(const aclTensor *grad, const aclTensor *self, const aclTensor *idx, const Attrs &a, aclTensor *gin) {
    return {grad, self, idx, a.kernel, a.stride, a.padding, a.dilation, a.ceil, gin};
}

aclnnStatus runBackward(aclrtStream stream, const aclTensor *grad, const aclTensor *self, const aclTensor *idx,
                        const Attrs &a, aclTensor *gin, uint64_t *wsOut = nullptr) {
    return planAndRun(kMaxPool2dWithIndicesBackward, backwardArgs(grad, self, idx, a, gin), stream, wsOut);
}

// The forward, whose indices feed the backward.
aclnnStatus runForward(aclrtStream stream, const aclTensor *self, const Attrs &a, aclTensor *out, aclTensor *idx) {
    return planAndRun(kMaxPool2dWithIndices, {self, a.kernel, a.stride, a.padding, a.dilation, a.ceil, out, idx},
                      stream);
}

const PoolAttrs kK2S2{{2, 2}, {2, 2}, {0, 0}, {1, 1}, false};
const PoolAttrs kK3S1P1{{3, 3}, {1, 1}, {1, 1}, {1, 1}, false};
const PoolAttrs kK3S2P1{{3, 3}, {2, 2}, {1, 1}, {1, 1}, false};

class MaxPool2dBackwardTest : public OpTest {};

TEST_P(MaxPool2dBackwardTest, CannDocsExample) {
    DeviceTensor grad({1, 1, 2, 1}, ACL_FLOAT, ACL_FORMAT_NCHW), self({1, 1, 4, 3}, ACL_FLOAT, ACL_FORMAT_NCHW),
        idx({1, 1, 2, 1}, ACL_INT32, ACL_FORMAT_NCHW), gin({1, 1, 4, 3}, ACL_FLOAT, ACL_FORMAT_NCHW);
    grad.upload({0.4757, 0.1726});
    self.upload({0.0850, -0.5147, -0.0212, -0.5654, -0.3222, 0.5847, 1.7510, 0.9954, 0.1842, 0.8392, 0.4835,
                 0.9213});
    idx.upload({0, 6});
    Attrs a(kK2S2);
    ASSERT_ACL_OK(runBackward(stream, grad, self, idx, a, gin));
    std::vector<double> want(12, 0.0);
    want[0] = static_cast<float>(0.4757);
    want[6] = static_cast<float>(0.1726);
    EXPECT_EQ(gin.download(), want);
}

// torch_npu and DIOPI tag a tensor's format by its rank (NCL for 3-D, NCHW for 4-D) on flat storage:
// the same call tagged that way and tagged ND gives the same bits.
TEST_P(MaxPool2dBackwardTest, FormatsAsTorchNpuTagsThem) {
    for (const ClientTaggedPool &p : clientTaggedPools()) {
        SCOPED_TRACE(p.label);
        const size_t outputs = static_cast<size_t>(DeviceTensor(p.out, ACL_FLOAT).numel());
        const std::vector<double> g = randomValues(outputs, 78);
        std::vector<double> ix(outputs);
        for (size_t i = 0; i < outputs; ++i) {  // output (oh, ow) of a 3x4 plane: position t = i % 4 of its 2x2 window
            const size_t oh = (i % 12) / 4, ow = i % 4, t = i % 4;
            ix[i] = static_cast<double>((2 * oh + t / 2) * 8 + 2 * ow + t % 2);
        }
        std::vector<std::vector<double>> grads;
        for (aclFormat f : {ACL_FORMAT_ND, p.format}) {
            DeviceTensor grad(p.out, ACL_FLOAT, f), self(p.self, ACL_FLOAT, f), idx(p.out, ACL_INT64, f),
                gin(p.self, ACL_FLOAT, f);
            grad.upload(g);
            idx.upload(ix);
            ASSERT_ACL_OK(runBackward(stream, grad, self, idx, Attrs(kK2S2), gin));
            grads.push_back(gin.download());
        }
        EXPECT_EQ(grads[0], grads[1]);
        double sum = 0;
        for (double v : grads[1]) sum += v != 0.0;
        EXPECT_EQ(sum, static_cast<double>(outputs));  // every gradient landed, one per window
    }
}

TEST_P(MaxPool2dBackwardTest, MatchesPyTorchGolden) {
    forEachGoldenCase({"max_pool2d_with_indices_backward.golden", 7, 7}, [&](const golden::Case &c) {
        const golden::Tensor &go = c.tensor("gradOutput"), &s = c.tensor("self"), &ix = c.tensor("indices"),
                             &want = c.tensor("gradInput");
        const aclDataType dt = goldenDtype(s.dtype);
        DeviceTensor grad(go.dims, dt), self(s.dims, dt), idx(ix.dims, goldenDtype(ix.dtype)), gin(want.dims, dt);
        grad.upload(go.values);
        self.upload(s.values);
        idx.upload(ix.values);
        gin.fillStorage(0xcc);
        Attrs a(PoolAttrs{c.ints("kernelSize"), c.ints("stride"), c.ints("padding"), c.ints("dilation"),
                          c.num("ceilMode") != 0});
        ASSERT_ACL_OK(runBackward(stream, grad, self, idx, a, gin));
        EXPECT_EQ(gin.download(), want.values);
    });
}

// One test per dtype and device (Devices/MaxPool2dBackwardEveryDtype.EveryIndexDtypeAndOverlap/pocl_cpu_0_bf16);
// the seeds are those the dtypes had when they shared one loop.
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

class MaxPool2dBackwardEveryDtype : public DeviceDtypeTest {};

TEST_P(MaxPool2dBackwardEveryDtype, EveryIndexDtypeAndOverlap) {
    const aclDataType dt = dtype();
    const size_t pos = dtypeIndex(kDtypes);
    uint64_t seed = 100 + 4 * pos;
    size_t ran = 0;
    for (aclDataType it : {ACL_INT32, ACL_INT64}) {
        ran += runAndCheckCase(*makeMaxPool2dBackwardCase("4-D k3s1p1 overlap", dt, it, {2, 3, 9, 11}, kK3S1P1,
                                                          PoolLayout::Contiguous, ++seed),
                               stream);
        ran += runAndCheckCase(*makeMaxPool2dBackwardCase("3-D k3s2p1", dt, it, {3, 10, 9}, kK3S2P1,
                                                          PoolLayout::Gapped, ++seed),
                               stream);
    }
    EXPECT_EQ(ran, 4u);
}

TEST_P(MaxPool2dBackwardTest, AttributesAndViews) {
    const std::vector<PoolAttrs> attrs = {
        {{3}, {}, {1}, {1}, false},
        {{3, 2}, {2, 1}, {1, 0}, {1}, true},
        {{2}, {1}, {1}, {2}, false},
        {{3, 2}, {1, 3}, {1, 1}, {2, 3}, true},
        {{1 << 20, 3}, {1}, {1 << 19, 1}, {1}, true},  // a window far larger than the image
    };
    uint64_t seed = 200;
    for (const PoolAttrs &a : attrs) {
        for (PoolLayout layout : {PoolLayout::Contiguous, PoolLayout::Transposed, PoolLayout::NhwcFormat}) {
            EXPECT_TRUE(runAndCheck(
                *makeMaxPool2dBackwardCase("attrs", ACL_FLOAT, ACL_INT64, {2, 2, 9, 10}, a, layout, ++seed)));
        }
    }
    aclcl::ScopedTestHook wide(aclcl::TestHook::WideIndex);
    EXPECT_TRUE(runAndCheck(*makeMaxPool2dBackwardCase("wide", ACL_BF16, ACL_INT32, {2, 3, 8, 9}, kK3S1P1,
                                                       PoolLayout::Gapped, 300)));
}

TEST_P(MaxPool2dBackwardTest, TwoRunsAreBitIdentical) {
    auto a = makeMaxPool2dBackwardCase("a", ACL_FLOAT, ACL_INT64, {2, 4, 21, 19}, kK3S1P1, PoolLayout::Gapped, 900);
    auto b = makeMaxPool2dBackwardCase("b", ACL_FLOAT, ACL_INT64, {2, 4, 21, 19}, kK3S1P1, PoolLayout::Gapped, 900);
    ASSERT_TRUE(runAndCheck(*a));
    ASSERT_TRUE(runAndCheck(*b));
    EXPECT_EQ(maxPool2dCaseResult(*a), maxPool2dCaseResult(*b));
}

TEST_P(MaxPool2dBackwardTest, ForwardThenBackwardThroughTheApi) {
    // The forward's indices feed the backward directly; every gradient lands where the forward said.
    // 7x8, kernel 3, stride 2, padding 1, ceilMode: 4x5 outputs.
    DeviceTensor self({2, 3, 7, 8}, ACL_FLOAT), out({2, 3, 4, 5}, ACL_FLOAT), idx({2, 3, 4, 5}, ACL_INT32),
        grad({2, 3, 4, 5}, ACL_FLOAT), gin({2, 3, 7, 8}, ACL_FLOAT);
    self.upload(randomValues(2 * 3 * 7 * 8, 42));
    const std::vector<double> g = randomValues(2 * 3 * 20, 43);
    grad.upload(g);
    Attrs a(PoolAttrs{{3}, {2}, {1}, {1}, true});
    ASSERT_ACL_OK(runForward(stream, self, a, out, idx));
    ASSERT_ACL_OK(runBackward(stream, grad, self, idx, a, gin));
    const std::vector<double> ix = idx.download(), got = gin.download();
    std::vector<float> want(got.size(), 0.0f);
    for (size_t o = 0; o < ix.size(); ++o) want[(o / 20) * 56 + static_cast<size_t>(ix[o])] += static_cast<float>(g[o]);
    for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], want[i]) << i;
}

// Real sizes. Mesa's llvmpipe stops every loop of one work-item after 65,535 iterations in all, without
// an error; a kernel that walks a whole row, plane or group in one work-item returned wrong data there.
// 8 planes of 64x16384 (the per-plane scatter walked 262,144 outputs in one work-item).
TEST_P(MaxPool2dBackwardTest, LargePlanes) {
    EXPECT_TRUE(runAndCheck(*makeMaxPool2dBackwardCase("8 planes of 64x16384", ACL_FLOAT, ACL_INT64, {1, 8, 64, 16384},
                                                       kK2S2, PoolLayout::Contiguous, 154)));
}

// Windows with no position inside the input (2x2 images, kernel 2, padding 1, dilation 3): the forward
// gives -inf and an index outside the plane, and a training step feeds that straight to the backward.
// Nothing flows back from such a window: gradInput is all zeros and the synchronize reports no fault,
// on each kernel path. A bad index of a non-empty window still faults (BadIndexFaultsAtSynchronize).
TEST_P(MaxPool2dBackwardTest, EmptyWindowsFromTheForwardAreNoFault) {
    const std::pair<aclcl::TestHook, int> kernels[] = {{aclcl::TestHook::MaxPoolBackwardPlanes, 0},
                                                       {aclcl::TestHook::MaxPoolBackwardPlanes, 1},
                                                       {aclcl::TestHook::ManyWorkItemKernels, 1}};
    for (const auto &[hook, value] : kernels) {
        aclcl::ScopedTestHook forced(hook, value);
        for (aclDataType dt : {ACL_FLOAT, ACL_BF16}) {
            SCOPED_TRACE(std::to_string(static_cast<int>(hook)) + "=" + std::to_string(value) + " " +
                         aclcl::dtypeName(dt));
            DeviceTensor self({2, 3, 2, 2}, dt), out({2, 3, 1, 1}, dt), idx({2, 3, 1, 1}, ACL_INT64),
                grad({2, 3, 1, 1}, dt), gin({2, 3, 2, 2}, dt);
            self.upload(randomValues(24, 44));
            grad.upload(std::vector<double>(6, 1.5));
            gin.fillStorage(0xcc);
            Attrs a(PoolAttrs{{2}, {1}, {1}, {3}, false});
            ASSERT_ACL_OK(runForward(stream, self, a, out, idx));
            for (double k : idx.download()) EXPECT_GE(k, 4.0);  // outside the 2x2 plane, as PyTorch's
            ASSERT_ACL_OK(runBackward(stream, grad, self, idx, a, gin));  // synchronizes: no 507015
            EXPECT_EQ(gin.download(), std::vector<double>(24, 0.0));
        }
    }
}

// The two kernels (the gather with its check, and the CPU's per-plane scatter: in place for FLOAT; for
// FLOAT16 and BF16 in local memory, and, forced, through a float stage in the workspace), each forced
// on this device, against the
// bit-exact reference: overlapping windows, dilation, ceilMode, a window far larger than the image,
// every layout, 16-bit dtypes, 64-bit index math, more planes than compute units and fewer.
TEST_P(MaxPool2dBackwardTest, PlanesKernelAndGatherGiveTheReferenceBits) {
    const std::vector<PoolAttrs> attrs = {
        kK3S1P1,
        kK3S2P1,
        {{3, 2}, {1, 3}, {1, 1}, {2, 3}, true},
        {{1 << 20, 3}, {1}, {1 << 19, 1}, {1}, true},
    };
    size_t ran = 0;
    uint64_t seed = 400;
    const std::pair<aclcl::TestHook, int> kernels[] = {{aclcl::TestHook::MaxPoolBackwardPlanes, 1},
                                                       {aclcl::TestHook::MaxPoolBackwardPlanes, 2},
                                                       {aclcl::TestHook::ManyWorkItemKernels, 1}};
    for (const auto &[hook, value] : kernels) {
        SCOPED_TRACE(hook == aclcl::TestHook::ManyWorkItemKernels ? "gather"
                     : value == 1 ? "planes kernel, 16-bit sums in local memory (these planes fit every device's)"
                                  : "planes kernel, 16-bit sums in the workspace");
        aclcl::ScopedTestHook forced(hook, value);
        for (const PoolAttrs &a : attrs) {
            for (PoolLayout layout : {PoolLayout::Contiguous, PoolLayout::Gapped, PoolLayout::NhwcFormat}) {
                ran += runAndCheck(
                    *makeMaxPool2dBackwardCase("forced", ACL_FLOAT, ACL_INT64, {2, 3, 9, 10}, a, layout, ++seed));
            }
        }
        for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
            for (size_t i : {size_t{1}, size_t{2}}) {
                for (PoolLayout layout : {PoolLayout::Gapped, PoolLayout::NhwcFormat}) {
                    ran += runAndCheck(*makeMaxPool2dBackwardCase("forced 16-bit", dt, ACL_INT32, {2, 3, 9, 10},
                                                                  attrs[i], layout, ++seed));
                }
            }
        }
        // Rows of 37: the staged scatter rounds its stage into gradInput 16 at a time, then a tail of 5.
        for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
            ran += runAndCheck(*makeMaxPool2dBackwardCase("16-bit, rows of 37", dt, ACL_INT32, {2, 3, 9, 37}, kK3S2P1,
                                                          PoolLayout::Gapped, ++seed));
        }
        ran += runAndCheck(*makeMaxPool2dBackwardCase("one plane", ACL_FLOAT, ACL_INT32, {1, 1, 17, 23}, kK3S2P1,
                                                      PoolLayout::Transposed, ++seed));
        ran += runAndCheck(*makeMaxPool2dBackwardCase("one plane, BF16", ACL_BF16, ACL_INT64, {1, 1, 17, 23},
                                                      kK3S2P1, PoolLayout::Transposed, ++seed));
        aclcl::ScopedTestHook wide(aclcl::TestHook::WideIndex);
        ran += runAndCheck(*makeMaxPool2dBackwardCase("wide", ACL_FLOAT, ACL_INT32, {2, 3, 8, 9}, kK3S1P1,
                                                      PoolLayout::Gapped, ++seed));
        ran += runAndCheck(*makeMaxPool2dBackwardCase("wide, FLOAT16", ACL_FLOAT16, ACL_INT64, {2, 3, 8, 9}, kK3S1P1,
                                                      PoolLayout::Gapped, ++seed));
    }
    EXPECT_EQ(ran, 3u * (4 * 3 + 2 * 2 * 2 + 2 + 4));
}

TEST_P(MaxPool2dBackwardTest, RegisteredBenchmarkCasesPassTheirChecks) {
    // The smallest sweep point as aclnn_bench runs it (the others are large: bench only).
    runRegisteredCases("MaxPool2dWithIndicesBackward", 1,
                       [](const OpCase &c) { return c.name.find("sweep 1x16x64x64") != std::string::npos; });
}

// An index that is not a position of its own window: never added, 507015 at the next synchronize
// naming the operator and the index, and the stream keeps working; through the automatic choice and
// through each kernel forced.
TEST_P(MaxPool2dBackwardTest, BadIndexFaultsAtSynchronize) {
    const int64_t bads[] = {-1, 12, 30, 36, int64_t{1} << 40};  // negative, outside its window (12, 30), outside the plane
    for (int mode = 0; mode < 3; ++mode) {
        for (int64_t bad : bads) {
            SCOPED_TRACE(bad);
            SCOPED_TRACE(mode == 0 ? "automatic" : mode == 1 ? "planes kernel" : "gather");
            aclcl::ScopedTestHook planesHook(aclcl::TestHook::MaxPoolBackwardPlanes, mode == 1);
            aclcl::ScopedTestHook gatherHook(aclcl::TestHook::ManyWorkItemKernels, mode == 2);
            DeviceTensor grad({1, 2, 3, 3}, ACL_FLOAT), self({1, 2, 6, 6}, ACL_FLOAT), idx({1, 2, 3, 3}, ACL_INT64),
                gin({1, 2, 6, 6}, ACL_FLOAT);
            grad.upload(std::vector<double>(18, 1.0));
            std::vector<double> ix(18);
            for (size_t o = 0; o < 18; ++o) {
                ix[o] = static_cast<double>(((o % 9) / 3) * 12 + (o % 3) * 2);  // its window's top-left
            }
            ix[4] = static_cast<double>(bad);  // output (1, 1) of plane 0: its window is rows 2-3, columns 2-3
            idx.upload(ix);
            Attrs a(kK2S2);
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            ASSERT_ACL_OK(kMaxPool2dWithIndicesBackward.plan(backwardArgs(grad, self, idx, a, gin), &ws, &ex));
            ASSERT_EQ(ws, 0u);
            ASSERT_ACL_OK(kMaxPool2dWithIndicesBackward.run(nullptr, 0, ex, stream));
            EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
            const std::string msg = aclGetRecentErrMsg();
            EXPECT_NE(msg.find("aclnnMaxPool2dWithIndicesBackward"), std::string::npos) << msg;
            EXPECT_NE(msg.find(std::to_string(bad)), std::string::npos) << msg;
            EXPECT_NE(msg.find("output position 4 "), std::string::npos) << msg;
            // What happened, in this fault's own words: 12 and 30 lie in the plane (36 positions) but
            // outside the window; the gradient was dropped, nothing written.
            const bool inPlane = bad >= 0 && bad < 36;
            EXPECT_NE(msg.find(inPlane ? "inside the input plane but not a position of that output's own window"
                                       : "outside the input plane [0, 36)"),
                      std::string::npos)
                << msg;
            EXPECT_NE(msg.find("gradient was dropped"), std::string::npos) << msg;
            EXPECT_EQ(msg.find("written there"), std::string::npos) << msg;
            const std::vector<double> got = gin.download();
            for (size_t i = 0; i < got.size(); ++i) {
                const size_t h = (i % 36) / 6, w = i % 6;
                // (2, 2) of plane 0 lost its gradient.
                const bool picked = h % 2 == 0 && w % 2 == 0 && !(i == 14);
                EXPECT_EQ(got[i], picked ? 1.0 : 0.0) << i;
            }
            EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
        }
    }
}

// Several bad indices in one call: the fault names the one at the smallest output position, on every run,
// whichever kernel runs and in whatever order its work-items run: the last output of plane 0 against the
// first of every later plane (which a work-item per plane reaches first), every output, a few scattered.
TEST_P(MaxPool2dBackwardTest, SeveralBadIndicesNameTheSmallestPosition) {
    std::vector<double> valid(128);  // each output's window's top-left
    for (size_t o = 0; o < 128; ++o) valid[o] = static_cast<double>(((o % 16) / 4) * 16 + (o % 4) * 2);
    for (int mode = 0; mode < 3; ++mode) {
        SCOPED_TRACE(mode == 0 ? "automatic" : mode == 1 ? "planes kernel" : "gather");
        aclcl::ScopedTestHook planesHook(aclcl::TestHook::MaxPoolBackwardPlanes, mode == 1);
        aclcl::ScopedTestHook gatherHook(aclcl::TestHook::ManyWorkItemKernels, mode == 2);
        DeviceTensor grad({2, 4, 4, 4}, ACL_FLOAT), self({2, 4, 8, 8}, ACL_FLOAT), idx({2, 4, 4, 4}, ACL_INT64),
            gin({2, 4, 8, 8}, ACL_FLOAT);
        grad.upload(std::vector<double>(128, 1.0));
        expectFaultsNameTheSmallestPosition(
            stream, idx, valid, {{15, 16, 32, 48, 64, 80, 96, 112}, {}, {127, 40, 77}},  // {}: every output
            1000.0,                                                                       // outside the plane of 64
            [](size_t p) {
                return "aclnnMaxPool2dWithIndicesBackward: index " + std::to_string(1000 + p) +
                       " of indices at output position " + std::to_string(p) + " ";
            },
            [&](void **ws) {
                uint64_t size = 0;
                aclOpExecutor *ex = nullptr;
                const int planned = kMaxPool2dWithIndicesBackward.plan(backwardArgs(grad, self, idx, Attrs(kK2S2), gin),
                                                                       &size, &ex);
                EXPECT_EQ(size, 0u);
                *ws = nullptr;
                return planned != ACL_SUCCESS ? planned : kMaxPool2dWithIndicesBackward.run(nullptr, 0, ex, stream);
            });
    }
}

// The scatter checks a row's outputs eight at a time where it can (32-bit index math, unit-stride
// index rows, no dilation), the rest one at a time. A bad index at each position of a row (steps of
// eight and the tail), of each kind (a row or a column just outside its window on either side, the
// last column of the next output's window), with both index dtypes, beside outputs whose indices
// name their windows' first positions (so that a check that misplaced the windows of later lanes
// would pass the bad one too, with the 3x9 windows): 507015 naming it, that one term dropped and every
// other term added.
TEST_P(MaxPool2dBackwardTest, BadIndexAtEveryPositionOfTheScatterRow) {
    aclcl::ScopedTestHook planesHook(aclcl::TestHook::MaxPoolBackwardPlanes);
    const int64_t C = 2, H = 7, W = 21;
    const int64_t oh = 1, plane = 1;  // the bad one: output (1, ow) of plane 1
    const PoolAttrs k3x9{{3, 9}, {1, 1}, {1, 4}, {1, 1}, false};
    size_t ran = 0;
    for (const PoolAttrs &pa : {kK3S2P1, k3x9}) {
        const int64_t kH = pa.kernel[0], kW = pa.kernel[1], sH = pa.stride[0], sW = pa.stride[1];
        const int64_t pH = pa.padding[0], pW = pa.padding[1];
        const int64_t OH = (H + 2 * pH - kH) / sH + 1, OW = (W + 2 * pW - kW) / sW + 1;
        for (aclDataType it : {ACL_INT32, ACL_INT64}) {
            for (int64_t ow = 0; ow < OW; ++ow) {
                const int64_t top = oh * sH - pH, left = ow * sW - pW;
                // (row, column) of each bad kind; a negative column lands at the end of the row above.
                const std::pair<int64_t, int64_t> bads[] = {
                    {top + kH, left + 1}, {top - 1, left + 1}, {top + 1, left + kW}, {top + 1, left - 1},
                    {top + 1, left + sW + kW - 1}};
                for (const auto &[r, col] : bads) {
                    const int64_t bad = r * W + col;
                    SCOPED_TRACE(std::to_string(kW) + " wide, " + std::to_string(ow) + ": " + std::to_string(bad));
                    DeviceTensor grad({1, C, OH, OW}, ACL_FLOAT), self({1, C, H, W}, ACL_FLOAT),
                        idx({1, C, OH, OW}, it), gin({1, C, H, W}, ACL_FLOAT);
                    std::vector<double> g(static_cast<size_t>(C * OH * OW)), ix(g.size());
                    std::vector<double> want(static_cast<size_t>(C * H * W), 0.0);
                    for (int64_t o = 0; o < C * OH * OW; ++o) {
                        const int64_t p = o / (OH * OW), y = (o / OW) % OH, x = o % OW;
                        g[o] = static_cast<double>(o + 1);
                        const bool isBad = p == plane && y == oh && x == ow;
                        const int64_t first = std::max<int64_t>(y * sH - pH, 0) * W + std::max<int64_t>(x * sW - pW, 0);
                        ix[o] = static_cast<double>(isBad ? bad : first);
                        if (!isBad) want[static_cast<size_t>(p * H * W + first)] += g[o];
                    }
                    grad.upload(g);
                    idx.upload(ix);
                    EXPECT_EQ(runBackward(stream, grad, self, idx, Attrs(pa), gin), ACL_ERROR_RT_AICORE_EXCEPTION);  // synchronized
                    const std::string msg = aclGetRecentErrMsg();
                    EXPECT_NE(msg.find(std::to_string(bad)), std::string::npos) << msg;
                    EXPECT_EQ(gin.download(), want);
                    ++ran;
                }
            }
        }
    }
    EXPECT_EQ(ran, 2u * (11 + 21) * 5);
}

TEST_P(MaxPool2dBackwardTest, EmptyBatchAndNoWorkspace) {
    Attrs a(kK2S2);
    DeviceTensor grad({0, 2, 2, 3}, ACL_FLOAT), self({0, 2, 4, 6}, ACL_FLOAT), idx({0, 2, 2, 3}, ACL_INT64),
        gin({0, 2, 4, 6}, ACL_FLOAT);
    uint64_t ws = 7;
    ASSERT_ACL_OK(runBackward(stream, grad, self, idx, a, gin, &ws));
    EXPECT_EQ(ws, 0u);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order.

CallSpec poolBackwardCall() {
    return CallSpec(kMaxPool2dWithIndicesBackward,
                    {{"gradOutput", TensorArg{{1, 2, 3, 4}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                     {"self", TensorArg{{1, 2, 6, 8}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                     {"indices", TensorArg{{1, 2, 3, 4}, ACL_INT64, ACL_FORMAT_NCHW}},
                     {"kernelSize", Ints{2, 2}},
                     {"stride", Ints{2, 2}},
                     {"padding", Ints{0, 0}},
                     {"dilation", Ints{1, 1}},
                     {"ceilMode", false},
                     {"gradInput", TensorArg{{1, 2, 6, 8}, ACL_FLOAT, ACL_FORMAT_NCHW}}});
}

ErrorRows poolBackwardRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    return validRow() + outPointerRows() +
           nullRows({"[gradOutput]", "[self]", "[indices]", "[kernelSize]", "[stride]", "[padding]", "[dilation]",
                     "[gradInput]"}) +
           ErrorRows{
        // CANN's order: gradOutput first.
        {"every argument null",
         null({"gradOutput", "self", "indices", "kernelSize", "stride", "padding", "dilation", "gradInput"}),
         ACLNN_ERR_PARAM_NULLPTR, {"[gradOutput]", "nullptr"}},
        {"all INT32", set({"gradOutput", "self", "gradInput"}, dtype(ACL_INT32)), INVALID, {"self", "INT32", "DT_BF16"}},
        {"gradOutput FLOAT16", set("gradOutput", dtype(ACL_FLOAT16)), INVALID, {"gradOutput", "FLOAT16"}},
        {"gradInput BF16", set("gradInput", dtype(ACL_BF16)), INVALID, {"gradInput", "BF16"}},
        {"indices FLOAT", set("indices", dtype(ACL_FLOAT)), INVALID, {"indices", "DT_INT64"}},
        {"gradOutput ND", set("gradOutput", format(ACL_FORMAT_ND)), INVALID, {"gradOutput", "format"}},
        {"gradInput ND", set("gradInput", format(ACL_FORMAT_ND)), INVALID, {"gradInput", "format"}},
        {"all NC1HWC0", set({"gradOutput", "self", "indices", "gradInput"}, format(ACL_FORMAT_NC1HWC0)), INVALID,
         {"self", "format"}},
        {"indices NC1HWC0", set("indices", format(ACL_FORMAT_NC1HWC0)), INVALID, {"indices", "format"}},
        // The ranks: self, gradInput, gradOutput, indices.
        {"self 2-D", set({"self", "gradInput"}, shape({6, 8})), INVALID, {"self", "3 or 4-D", "2-D"}},
        {"gradInput 5-D", set("gradInput", shape({1, 1, 2, 6, 8})), INVALID, {"gradInput", "5-D"}},
        {"gradOutput 2-D", set("gradOutput", shape({3, 4})), INVALID, {"gradOutput", "2-D"}},
        {"indices 2-D", set("indices", shape({3, 4})), INVALID, {"indices", "2-D"}},
        // The attributes as the forward's: lengths, values, ours.
        {"stride of 3", set("stride", ints({1, 1, 1})), INVALID, {"stride", "0, 1 or 2 values"}},
        {"padding 2 over kernel 2", set("padding", ints({2})), INVALID, {"padding", "half of kernelSize"}},
        {"dilation 2^31", set("dilation", ints({int64_t{1} << 31})), INVALID, {"dilation", "below 2^31"}},
        {"gradInput W 9", set("gradInput", shape({1, 2, 6, 9})), INVALID, {"gradInput", "same size"}},
        {"self C 0", set({"self", "gradInput"}, shape({1, 0, 6, 8})), INVALID, {"non-zero C, H and W"}},
        // A 2x2 window does not fit in one row.
        {"self H 1", set({"self", "gradInput"}, shape({1, 2, 1, 8})), INVALID, {"pooled size", "0 x 4"}},
        {"gradOutput W 5", set({"gradOutput", "indices"}, shape({1, 2, 3, 5})), INVALID,
         {"gradOutput", "[1, 2, 3, 4]"}},
        {"indices 4 x 3", set("indices", shape({1, 2, 4, 3})), INVALID, {"indices", "same size"}},
        // Every row of a plane is the same memory.
        overlapRow("gradInput", {96, 48, 0, 1}),
    } + withoutExecutorRows();
}

ACLNN_ERROR_TABLE(MaxPool2dBackwardErrors, poolBackwardCall, poolBackwardRows);

INSTANTIATE_ON_ALL_DEVICES(MaxPool2dBackwardTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(MaxPool2dBackwardEveryDtype, kDtypes);

}  // namespace
