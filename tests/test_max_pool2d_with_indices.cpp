// aclnnMaxPool2dWithIndices: the CANN docs' example, PyTorch golden data, exact host references
// (ties, NaN, infinities, signed zeros) over every dtype and both index dtypes, every attribute
// length, ceilMode and dilation, strided/offset/NHWC views, the element kernel, wide indices,
// determinism, empty batches, and every documented error in CANN's order.
//
// Tolerances: none. out is a copy of the chosen element and indices are integers: every comparison
// is exact (NaN matches NaN, and the sign of zero is compared).

#include <cmath>
#include <map>

#include "support/error_rows.h"
#include "support/op_test.h"
#include "cases/max_pool2d_cases.h"
#include "common/test_hooks.h"
#include "harness/max_pool2d_with_indices.h"

using namespace testing_support;

namespace {

using Attrs = PoolAttrArrays;

aclnnStatus runPool(aclrtStream stream, const aclTensor *self, const Attrs &a, aclTensor *out, aclTensor *idx,
                    uint64_t *wsOut = nullptr) {
    return planAndRun(kMaxPool2dWithIndices, {self, a.kernel, a.stride, a.padding, a.dilation, a.ceil, out, idx},
                      stream, wsOut);
}

const PoolAttrs kK2S2{{2, 2}, {2, 2}, {0, 0}, {1, 1}, false};
const PoolAttrs kK3S2P1{{3, 3}, {2, 2}, {1, 1}, {1, 1}, false};

class MaxPool2dTest : public OpTest {};

TEST_P(MaxPool2dTest, CannDocsExample) {
    DeviceTensor self({1, 1, 4, 3}, ACL_FLOAT, ACL_FORMAT_NCHW), out({1, 1, 2, 1}, ACL_FLOAT, ACL_FORMAT_NCHW),
        idx({1, 1, 2, 1}, ACL_INT32, ACL_FORMAT_NCHW);
    self.upload({0.0850, -0.5147, -0.0212, -0.5654, -0.3222, 0.5847, 1.7510, 0.9954, 0.1842, 0.8392, 0.4835,
                 0.9213});
    Attrs a(kK2S2);
    ASSERT_ACL_OK(runPool(stream, self, a, out, idx));
    EXPECT_EQ(out.download(), (std::vector<double>{static_cast<float>(0.0850), static_cast<float>(1.7510)}));
    EXPECT_EQ(idx.download(), (std::vector<double>{0, 6}));
}

// torch_npu and DIOPI tag a tensor's format by its rank (NCL for 3-D, NCHW for 4-D) on flat storage:
// the same call tagged that way and tagged ND gives the same bits.
TEST_P(MaxPool2dTest, FormatsAsTorchNpuTagsThem) {
    for (const ClientTaggedPool &p : clientTaggedPools()) {
        SCOPED_TRACE(p.label);
        const std::vector<double> x = randomValues(static_cast<size_t>(DeviceTensor(p.self, ACL_FLOAT).numel()), 77);
        std::vector<std::vector<double>> outs, idxs;
        for (aclFormat f : {ACL_FORMAT_ND, p.format}) {
            DeviceTensor self(p.self, ACL_FLOAT, f), out(p.out, ACL_FLOAT, f), idx(p.out, ACL_INT64, f);
            self.upload(x);
            ASSERT_ACL_OK(runPool(stream, self, Attrs(kK2S2), out, idx));
            outs.push_back(out.download());
            idxs.push_back(idx.download());
        }
        EXPECT_EQ(outs[0], outs[1]);
        EXPECT_EQ(idxs[0], idxs[1]);
    }
}

TEST_P(MaxPool2dTest, MatchesPyTorchGolden) {
    forEachGoldenCase({"max_pool2d_with_indices.golden", 17, 17}, [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &wantOut = c.tensor("out"), &wantIdx = c.tensor("indices");
        const aclDataType dt = goldenDtype(s.dtype);
        DeviceTensor self(s.dims, dt), out(wantOut.dims, dt), idx(wantIdx.dims, goldenDtype(wantIdx.dtype));
        self.upload(s.values);
        out.fillStorage(0xcc);
        idx.fillStorage(0xcc);
        PoolAttrs pa{c.ints("kernelSize"), c.ints("stride"), c.ints("padding"), c.ints("dilation"),
                     c.num("ceilMode") != 0};
        if (c.name.find("stride_empty") != std::string::npos) pa.stride.clear();  // passed empty: = kernelSize
        Attrs a(pa);
        ASSERT_ACL_OK(runPool(stream, self, a, out, idx));
        const std::vector<double> gotOut = out.download(), gotIdx = idx.download();
        ASSERT_EQ(gotOut.size(), wantOut.values.size());
        for (size_t i = 0; i < gotOut.size(); ++i) {
            ASSERT_TRUE(sameValue(gotOut[i], wantOut.values[i])) << "out " << i << ": " << gotOut[i];
            ASSERT_EQ(gotIdx[i], wantIdx.values[i]) << "indices " << i;
        }
    });
}

// One test per dtype and device (Devices/MaxPool2dEveryDtype.EveryIndexDtype/pocl_cpu_0_bf16);
// the seeds are those the dtypes had when they shared one loop.
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

class MaxPool2dEveryDtype : public DeviceDtypeTest {};

TEST_P(MaxPool2dEveryDtype, EveryIndexDtype) {
    const aclDataType dt = dtype();
    const size_t pos = dtypeIndex(kDtypes);
    uint64_t seed = 100 + 4 * pos;
    size_t ran = 0;
    for (aclDataType it : {ACL_INT32, ACL_INT64}) {
        ran += runAndCheckCase(*makeMaxPool2dCase("4-D k3s2p1 specials", dt, it, {2, 3, 11, 9}, kK3S2P1,
                                                  PoolLayout::Contiguous, PoolValues::Specials, ++seed),
                               stream);
        ran += runAndCheckCase(*makeMaxPool2dCase("3-D k2s2 ties", dt, it, {3, 8, 10}, kK2S2, PoolLayout::Gapped,
                                                  PoolValues::Ties, ++seed),
                               stream);
    }
    EXPECT_EQ(ran, 4u);
}

TEST_P(MaxPool2dTest, AttributeLengthsCeilModeAndDilation) {
    const std::vector<PoolAttrs> attrs = {
        {{3}, {}, {1}, {1}, false},                 // stride empty: = kernel
        {{3, 2}, {}, {1, 0}, {1}, true},            // rectangular kernel, stride empty, ceil
        {{2}, {1}, {1}, {2}, false},                // stride 1 < kernel: overlapping windows, dilation
        {{3, 2}, {2, 3}, {1, 1}, {2, 3}, true},     // everything rectangular, ceil
        {{4, 3}, {3}, {2, 1}, {1, 2}, true},        // stride one value for both
        {{1}, {2}, {0}, {1}, false},                // 1x1 windows
        {{2}, {1}, {1}, {3}, false},                // some windows with no element inside the input
        {{1 << 20, 3}, {1}, {1 << 19, 1}, {1}, true},  // a window far larger than the image
    };
    uint64_t seed = 200;
    for (const PoolAttrs &a : attrs) {
        EXPECT_TRUE(runAndCheck(*makeMaxPool2dCase("attrs", ACL_FLOAT, ACL_INT64, {2, 2, 9, 11}, a,
                                                   PoolLayout::Contiguous, PoolValues::Specials, ++seed)));
    }
    // The smallest image: 2x2 with dilation 3 and padding 1 gives windows with nothing inside.
    EXPECT_TRUE(runAndCheck(*makeMaxPool2dCase("empty windows", ACL_FLOAT, ACL_INT32, {1, 2, 2},
                                               PoolAttrs{{2}, {1}, {1}, {3}, false}, PoolLayout::Contiguous,
                                               PoolValues::Random, 250)));
}

// Real sizes. Mesa's llvmpipe stops every loop of one work-item after 65,535 iterations in all, without
// an error; a kernel that walks a whole row, plane or group in one work-item returned wrong data there.
// An output row of 70,000 (input rows of 140,000, kernel 2, stride 2).
TEST_P(MaxPool2dTest, LongRows) {
    EXPECT_TRUE(runAndCheck(*makeMaxPool2dCase("output row of 70000", ACL_FLOAT, ACL_INT64, {1, 2, 140000}, kK2S2,
                                               PoolLayout::Contiguous, PoolValues::Random, 153)));
}

TEST_P(MaxPool2dTest, StridedOffsetAndNhwcViews) {
    size_t ran = 0;
    uint64_t seed = 300;
    for (PoolLayout layout : {PoolLayout::Gapped, PoolLayout::Transposed, PoolLayout::NhwcFormat}) {
        for (aclDataType dt : {ACL_FLOAT, ACL_BF16}) {
            ran += runAndCheck(*makeMaxPool2dCase("4-D", dt, ACL_INT64, {2, 3, 9, 8}, kK3S2P1, layout,
                                                  PoolValues::Specials, ++seed));
            ran += runAndCheck(*makeMaxPool2dCase("3-D ceil", dt, ACL_INT32, {3, 7, 10},
                                                  PoolAttrs{{2, 3}, {2}, {1}, {1}, true}, layout, PoolValues::Ties,
                                                  ++seed));
        }
    }
    EXPECT_EQ(ran, 12u);
}

TEST_P(MaxPool2dTest, ElementKernelMatches) {
    // The one-work-item-per-output kernel GPUs get, here on every device (the shared element-kernel hook).
    aclcl::ScopedTestHook element(aclcl::TestHook::ManyWorkItemKernels);
    uint64_t seed = 400;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
        EXPECT_TRUE(runAndCheck(*makeMaxPool2dCase("element", dt, ACL_INT64, {2, 3, 13, 17}, kK3S2P1,
                                                   PoolLayout::Gapped, PoolValues::Specials, ++seed)));
        EXPECT_TRUE(runAndCheck(*makeMaxPool2dCase("element nhwc", dt, ACL_INT32, {2, 3, 9, 8},
                                                   PoolAttrs{{2}, {1}, {1}, {2}, true}, PoolLayout::NhwcFormat,
                                                   PoolValues::Ties, ++seed)));
    }
}

TEST_P(MaxPool2dTest, WideIndexKernelMatches) {
    aclcl::ScopedTestHook wide(aclcl::TestHook::WideIndex);
    EXPECT_TRUE(runAndCheck(*makeMaxPool2dCase("wide", ACL_FLOAT, ACL_INT64, {2, 3, 10, 12}, kK3S2P1,
                                               PoolLayout::Transposed, PoolValues::Specials, 500)));
    aclcl::ScopedTestHook element(aclcl::TestHook::ManyWorkItemKernels);
    EXPECT_TRUE(runAndCheck(*makeMaxPool2dCase("wide element", ACL_BF16, ACL_INT32, {2, 3, 10, 12}, kK2S2,
                                               PoolLayout::Gapped, PoolValues::Specials, 501)));
}

TEST_P(MaxPool2dTest, RegisteredBenchmarkCasesPassTheirChecks) {
    // The smallest sweep point as aclnn_bench runs it (the others are large: bench only).
    runRegisteredCases("MaxPool2dWithIndices", 1,
                       [](const OpCase &c) { return c.name.find("sweep 1x16x64x64") != std::string::npos; });
}

TEST_P(MaxPool2dTest, TwoRunsAreBitIdentical) {
    auto a = makeMaxPool2dCase("a", ACL_FLOAT16, ACL_INT64, {2, 4, 30, 41}, kK3S2P1, PoolLayout::Gapped,
                               PoolValues::Specials, 900);
    auto b = makeMaxPool2dCase("b", ACL_FLOAT16, ACL_INT64, {2, 4, 30, 41}, kK3S2P1, PoolLayout::Gapped,
                               PoolValues::Specials, 900);
    ASSERT_TRUE(runAndCheck(*a));
    ASSERT_TRUE(runAndCheck(*b));
    const std::vector<double> ra = maxPool2dCaseResult(*a), rb = maxPool2dCaseResult(*b);
    ASSERT_EQ(ra.size(), rb.size());
    for (size_t i = 0; i < ra.size(); ++i) ASSERT_TRUE(sameValue(ra[i], rb[i])) << i;
}

TEST_P(MaxPool2dTest, NoWorkspaceAndEmptyBatch) {
    Attrs a(kK2S2);
    DeviceTensor s({0, 3, 4, 6}, ACL_FLOAT), o({0, 3, 2, 3}, ACL_FLOAT), i({0, 3, 2, 3}, ACL_INT64);
    uint64_t ws = 7;
    ASSERT_ACL_OK(runPool(stream, s, a, o, i, &ws));
    EXPECT_EQ(ws, 0u);
    DeviceTensor s2({2, 3, 4, 6}, ACL_FLOAT, {100, 30, 1, 4}, 9), o2({2, 3, 2, 3}, ACL_FLOAT),
        i2({2, 3, 2, 3}, ACL_INT32, {1, 2, 18, 6}, 3);
    ws = 7;
    ASSERT_ACL_OK(runPool(stream, s2, a, o2, i2, &ws));
    EXPECT_EQ(ws, 0u);  // every tensor through its own strides
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order (support/error_rows.h): every row changes one thing in the valid call.

CallSpec poolCall() {
    return CallSpec(kMaxPool2dWithIndices, {{"self", TensorArg{{1, 2, 6, 8}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                                            {"kernelSize", Ints{2, 2}},
                                            {"stride", Ints{2, 2}},
                                            {"padding", Ints{0, 0}},
                                            {"dilation", Ints{1, 1}},
                                            {"ceilMode", false},
                                            {"out", TensorArg{{1, 2, 3, 4}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                                            {"indices", TensorArg{{1, 2, 3, 4}, ACL_INT64, ACL_FORMAT_NCHW}}});
}

ErrorRows poolRows() {
    const aclnnStatus NULLPTR = ACLNN_ERR_PARAM_NULLPTR, INVALID = ACLNN_ERR_PARAM_INVALID;
    constexpr int64_t k2p31 = int64_t{1} << 31;
    return validRow() + outPointerRows() + ErrorRows{
        // An argument and every later one null: the first null is reported (CANN checks all seven).
        {"self onward null", null({"self", "kernelSize", "stride", "padding", "dilation", "out", "indices"}), NULLPTR,
         {"[self]", "nullptr"}},
        {"kernelSize onward null", null({"kernelSize", "stride", "padding", "dilation", "out", "indices"}), NULLPTR,
         {"[kernelSize]", "nullptr"}},
        {"stride onward null", null({"stride", "padding", "dilation", "out", "indices"}), NULLPTR,
         {"[stride]", "nullptr"}},
        {"padding onward null", null({"padding", "dilation", "out", "indices"}), NULLPTR, {"[padding]", "nullptr"}},
        {"dilation onward null", null({"dilation", "out", "indices"}), NULLPTR, {"[dilation]", "nullptr"}},
        {"out onward null", null({"out", "indices"}), NULLPTR, {"[out]", "nullptr"}},
        {"indices null", null("indices"), NULLPTR, {"[indices]", "nullptr"}},
        // The message names phase one, not only the operator.
        {"self DOUBLE", set({"self", "out"}, dtype(ACL_DOUBLE)), INVALID,
         {std::string(kMaxPool2dWithIndices.api()) + "GetWorkspaceSize", "self", "DOUBLE", "DT_BF16"}},
        {"out FLOAT16", set("out", dtype(ACL_FLOAT16)), INVALID, {"out", "self", "FLOAT16"}},
        {"indices INT16", set("indices", dtype(ACL_INT16)), INVALID, {"indices", "INT16", "DT_INT32"}},
        // CANN's order: self's dtype before out's before indices'.
        {"indices INT16, out FLOAT16", set("indices", dtype(ACL_INT16)) + set("out", dtype(ACL_FLOAT16)), INVALID,
         {"out"}},
        {"out ND", set({"out", "indices"}, format(ACL_FORMAT_ND)), INVALID, {"out", "format"}},
        {"all NC1HWC0", set({"self", "out", "indices"}, format(ACL_FORMAT_NC1HWC0)), INVALID, {"self", "format"}},
        {"self 5-D", set("self", shape({1, 1, 2, 6, 8})), INVALID, {"self", "3 or 4-D", "5-D"}},
        // The attributes' lengths, then their values.
        {"kernelSize of 3", set("kernelSize", ints({2, 2, 2})), INVALID, {"kernelSize", "1 or 2 values", "3"}},
        {"stride of 3", set("stride", ints({2, 2, 2})), INVALID, {"stride", "0, 1 or 2 values"}},
        {"padding empty", set("padding", ints({})), INVALID, {"padding", "1 or 2 values", "0"}},
        {"dilation of 3", set("dilation", ints({1, 1, 1})), INVALID, {"dilation", "1 or 2 values"}},
        // A bad kernel value and a bad dilation length: the lengths come first.
        {"dilation of 3, kernelSize 0", set("dilation", ints({1, 1, 1})) + set("kernelSize", ints({0, 2})), INVALID,
         {"dilation"}},
        {"kernelSize 0", set("kernelSize", ints({2, 0})), INVALID, {"kernelSize", "> 0", "[2, 0]"}},
        {"stride -1", set("stride", ints({-1})), INVALID, {"stride", "> 0"}},
        {"padding 2 over kernel 2", set("padding", ints({2, 0})), INVALID, {"padding", "half of kernelSize", "[2, 0]"}},
        {"padding -1", set("padding", ints({-1})), INVALID, {"padding", ">= 0"}},
        {"dilation 0", set("dilation", ints({1, 0})), INVALID, {"dilation", "> 0"}},
        // Ours, after CANN's checks: the window arithmetic stays in 64 bits.
        {"kernelSize 2^31", set("kernelSize", ints({k2p31, 2})), INVALID, {"kernelSize", "below 2^31"}},
        {"stride 2^31", set("stride", ints({k2p31})), INVALID, {"stride", "below 2^31"}},
        {"dilation 2^31", set("dilation", ints({k2p31})), INVALID, {"dilation", "below 2^31"}},
        {"self C 0", set("self", shape({1, 0, 6, 8})), INVALID, {"self", "non-zero C, H and W"}},
        {"self H 0", set("self", shape({1, 2, 0, 8})), INVALID, {"self", "non-zero C, H and W"}},
        {"self W 0", set("self", shape({1, 2, 6, 0})), INVALID, {"self", "non-zero C, H and W"}},
        {"3-D self C 0", set("self", shape({0, 6, 8})), INVALID, {"self", "non-zero C, H and W"}},
        // A 2x2 window does not fit in one row.
        {"self H 1", set("self", shape({1, 2, 1, 8})), INVALID, {"pooled size", "0 x 4"}},
        {"out W 5", set("out", shape({1, 2, 3, 5})), INVALID, {"out", "[1, 2, 3, 4]", "[1, 2, 3, 5]"}},
        {"indices 4 x 3", set("indices", shape({1, 2, 4, 3})), INVALID, {"indices", "same size"}},
        // Every row of a plane is the same memory.
        overlapRow("out", {24, 12, 0, 1}),
        overlapRow("indices", {24, 12, 0, 1}),
    } + withoutExecutorRows();
}

ACLNN_ERROR_TABLE(MaxPool2dErrors, poolCall, poolRows);

INSTANTIATE_ON_ALL_DEVICES(MaxPool2dTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(MaxPool2dEveryDtype, kDtypes);

}  // namespace
