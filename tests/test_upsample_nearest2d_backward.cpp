// aclnnUpsampleNearest2dBackward: every dtype CANN lists, NCHW and NHWC, integer and non-integer ratios up
// and down, scales that set the ratio (and the sizes PyTorch copies or halves whatever the scale), views at
// offsets, against the host: the documented fp32 sum (rows in order, each row's columns in order) emulated
// exactly, and the sum in double within the bound of an fp32 sum rounded once; run-to-run bits; empty
// tensors; PyTorch's golden data; the errors in CANN's check order.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "common/test_hooks.h"
#include "harness/upsample_nearest2d_backward.h"
#include "runtime/device.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/int_array.h"
#include "support/nearest_golden.h"
#include "support/nearest_ref.h"
#include "support/op_test.h"
#include "support/plan_log.h"
#include "support/sum_bound.h"

using namespace testing_support;

namespace {

struct BackwardCase {
    int64_t N, C, H, W, OH, OW;
    double scalesH = 0, scalesW = 0;
};
const BackwardCase kCases[] = {
    {1, 1, 2, 2, 4, 4},
    {2, 3, 4, 5, 4, 5},
    {2, 3, 3, 4, 5, 6},
    {1, 2, 7, 9, 3, 4},          // down: some inputs receive nothing
    {2, 2, 6, 8, 3, 2},
    {1, 3, 5, 3, 15, 9},
    {1, 2, 3, 2, 123, 82},       // PyTorch's float index differs from the exact one
    {1, 2, 4, 5, 8, 8, 3.0, 3.0},   // H: twice, the scale unused; W: ratio 1/3
    {2, 1, 5, 6, 9, 4, 1.7, 0.6},   // scales that are not the sizes' ratios
    {1, 1, 1, 1, 40, 50},        // one input takes every output
    {2, 3, 5, 7, 10, 14},        // twice both ways: the row kernel's unrolled pairs where the columns step 1
    {1, 2, 5, 6, 9, 12, 2.0, 0}, // H: scale 0.5 into 9 rows, halving with a last row of one; W: twice
};

enum class Memory { Contiguous, Gapped, ChannelsLastMemory };

std::vector<int64_t> shapeOf(bool nhwc, int64_t n, int64_t c, int64_t h, int64_t w) {
    return nhwc ? std::vector<int64_t>{n, h, w, c} : std::vector<int64_t>{n, c, h, w};
}

std::vector<int64_t> stridesOf(const std::vector<int64_t> &shape, bool nhwc, Memory m) {
    if (m == Memory::Gapped) return rowMajorStrides(shape, 1);
    if (m == Memory::ChannelsLastMemory && !nhwc) {
        const int64_t C = shape[1], H = shape[2], W = shape[3];
        return {H * W * C, 1, W * C, C};
    }
    return rowMajorStrides(shape);
}

struct BackwardRun {
    std::vector<double> got;       // gradInput, row-major over its shape
    std::vector<double> gradOut;   // gradOut as stored, row-major over its shape
};

BackwardRun runCase(const BackwardCase &c, aclDataType d, bool nhwc, Memory gMem, Memory giMem, uint64_t seed,
            aclrtStream stream) {
    const aclFormat format = nhwc ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW;
    const std::vector<int64_t> gShape = shapeOf(nhwc, c.N, c.C, c.OH, c.OW), giShape = shapeOf(nhwc, c.N, c.C, c.H, c.W);
    const int64_t gOffset = gMem == Memory::Contiguous ? 0 : 3, giOffset = giMem == Memory::Contiguous ? 0 : 5;
    DeviceTensor gradOut(gShape, d, stridesOf(gShape, nhwc, gMem), gOffset, format),
        gradInput(giShape, d, stridesOf(giShape, nhwc, giMem), giOffset, format);
    BackwardRun r;
    r.gradOut = randomValues(static_cast<size_t>(product(gShape)), seed, -4, 4);
    for (double &v : r.gradOut) v = roundTo(v, d);
    if (!r.gradOut.empty()) gradOut.upload(r.gradOut);
    gradInput.fillStorage(0x5A);
    const IntArray outputSize({c.OH, c.OW}), inputSize(giShape);
    EXPECT_ACL_OK(planAndRun(kUpsampleNearest2dBackward,
                             {gradOut.get(), outputSize.get(), inputSize.get(), c.scalesH, c.scalesW, gradInput.get()},
                             stream));
    r.got = gradInput.download();
    return r;
}

// Checks one run: each gradInput element exactly the fp32 sum in the documented order rounded once to the
// dtype, and within anyOrderSumBound of the sum in double.
void checkRun(const BackwardCase &c, aclDataType d, bool nhwc, const BackwardRun &r) {
    const auto gAt = [&](int64_t n, int64_t ch, int64_t h, int64_t w) {
        return r.gradOut[static_cast<size_t>(nhwc ? ((n * c.OH + h) * c.OW + w) * c.C + ch
                                                  : ((n * c.C + ch) * c.OH + h) * c.OW + w)];
    };
    size_t bad = 0, checked = 0;
    for (int64_t n = 0; n < c.N; ++n) {
        for (int64_t ch = 0; ch < c.C; ++ch) {
            for (int64_t ih = 0; ih < c.H; ++ih) {
                for (int64_t iw = 0; iw < c.W; ++iw) {
                    float sum = 0;
                    double exact = 0, absSum = 0, terms = 0;
                    for (int64_t oh = 0; oh < c.OH; ++oh) {
                        if (nearestSourceRef(oh, c.H, c.OH, c.scalesH) != ih) continue;
                        for (int64_t ow = 0; ow < c.OW; ++ow) {
                            if (nearestSourceRef(ow, c.W, c.OW, c.scalesW) != iw) continue;
                            const double v = gAt(n, ch, oh, ow);
                            sum += static_cast<float>(v);
                            exact += v;
                            absSum += std::fabs(v);
                            terms += 1;
                        }
                    }
                    const size_t at = static_cast<size_t>(nhwc ? ((n * c.H + ih) * c.W + iw) * c.C + ch
                                                               : ((n * c.C + ch) * c.H + ih) * c.W + iw);
                    const double got = r.got[at], want = roundTo(sum, d);
                    const double bound = anyOrderSumBound(exact, absSum, terms, accumulationUnit(false), d);
                    ++checked;
                    if ((!sameValue(got, want) || std::fabs(got - exact) > bound) && bad++ < 3) {
                        ADD_FAILURE() << "gradInput (" << n << ", " << ch << ", " << ih << ", " << iw << "): got " << got
                                      << ", want " << want << " (double sum " << exact << ", bound " << bound << ")";
                    }
                }
            }
        }
    }
    EXPECT_EQ(bad, 0u);
    EXPECT_EQ(checked, r.got.size());
}

class UpsampleNearest2dBackwardEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(UpsampleNearest2dBackwardEveryDtype, kUpsampleNearest2dBackwardDtypes);

TEST_P(UpsampleNearest2dBackwardEveryDtype, SumsEveryCaseInItsOrder) {
    const aclDataType d = dtype();
    size_t ran = 0;
    for (const BackwardCase &c : kCases) {
        for (bool nhwc : {false, true}) {
            const Memory gMem = static_cast<Memory>(ran % 3), giMem = static_cast<Memory>((ran + 2) % 3);
            SCOPED_TRACE(shapeName({c.N, c.C, c.H, c.W}) + " from " + std::to_string(c.OH) + "x" + std::to_string(c.OW) +
                         " scales " + std::to_string(c.scalesH) + ", " + std::to_string(c.scalesW) +
                         (nhwc ? " NHWC" : " NCHW") + ", memory " + std::to_string(static_cast<int>(gMem)) + "/" +
                         std::to_string(static_cast<int>(giMem)));
            const BackwardRun r = runCase(c, d, nhwc, gMem, giMem, 51 + ran + 40 * dtypeIndex(kUpsampleNearest2dBackwardDtypes),
                                  stream);
            checkRun(c, d, nhwc, r);
            ++ran;
        }
    }
    EXPECT_EQ(ran, 2 * sizeof kCases / sizeof kCases[0]);
}

class UpsampleNearest2dBackwardTest : public OpTest {};
INSTANTIATE_ON_ALL_DEVICES(UpsampleNearest2dBackwardTest);

// The grid kernel that GPUs and rusticl take, forced on the CPU devices (the row kernel runs in every other
// test there): every case in both formats, FLOAT and BF16.
TEST_P(UpsampleNearest2dBackwardTest, GridKernelMatchesOnEveryDevice) {
    aclcl::ScopedTestHook grid(aclcl::TestHook::ManyWorkItemKernels);
    size_t ran = 0;
    for (aclDataType d : {ACL_FLOAT, ACL_BF16}) {
        for (const BackwardCase &c : kCases) {
            for (bool nhwc : {false, true}) {
                const Memory gMem = static_cast<Memory>((ran + 1) % 3), giMem = static_cast<Memory>(ran % 3);
                SCOPED_TRACE(std::string(aclcl::dtypeName(d)) + " " + shapeName({c.N, c.C, c.H, c.W}) + " from " +
                             std::to_string(c.OH) + "x" + std::to_string(c.OW) + (nhwc ? " NHWC" : " NCHW"));
                checkRun(c, d, nhwc, runCase(c, d, nhwc, gMem, giMem, 700 + ran, stream));
                ++ran;
            }
        }
    }
    EXPECT_EQ(ran, 2 * 2 * sizeof kCases / sizeof kCases[0]);
}

// Which kernel the plan takes, from its log: the row kernel where the device takes walking kernels, the
// grid kernel elsewhere and when forced.
TEST_P(UpsampleNearest2dBackwardTest, RowKernelOnCpuDevices) {
    DeviceTensor gradOut({2, 3, 16, 16}, ACL_FLOAT, ACL_FORMAT_NCHW), gradInput({2, 3, 8, 8}, ACL_FLOAT, ACL_FORMAT_NCHW);
    const IntArray outputSize({16, 16}), inputSize({2, 3, 8, 8});
    const Args args{gradOut.get(), outputSize.get(), inputSize.get(), 0.0, 0.0, gradInput.get()};
    const bool rows = !aclcl::deviceAt(device()).manyWorkItemKernels();
    const std::string text = planLog(kUpsampleNearest2dBackward, args);
    EXPECT_EQ(text.find("kernel upsample_nearest2d_bwd_rows ") != std::string::npos, rows) << text;
    EXPECT_EQ(text.find("kernel upsample_nearest2d_bwd ") != std::string::npos, !rows) << text;
    aclcl::ScopedTestHook grid(aclcl::TestHook::ManyWorkItemKernels);
    const std::string forced = planLog(kUpsampleNearest2dBackward, args);
    EXPECT_EQ(forced.find("kernel upsample_nearest2d_bwd_rows "), std::string::npos) << forced;
    EXPECT_NE(forced.find("kernel upsample_nearest2d_bwd "), std::string::npos) << forced;
}

// The same call twice gives the same bits (a gather, no atomics), on a case where many terms meet.
TEST_P(UpsampleNearest2dBackwardTest, SameBitsRunToRun) {
    const BackwardCase c{2, 4, 7, 5, 61, 47};
    const BackwardRun a = runCase(c, ACL_FLOAT, false, Memory::Contiguous, Memory::Contiguous, 9, stream);
    const BackwardRun b = runCase(c, ACL_FLOAT, false, Memory::Contiguous, Memory::Contiguous, 9, stream);
    ASSERT_EQ(a.got.size(), b.got.size());
    for (size_t i = 0; i < a.got.size(); ++i) ASSERT_TRUE(sameValue(a.got[i], b.got[i])) << "element " << i;
    checkRun(c, ACL_FLOAT, false, a);
}

// N == 0 or C == 0: success, nothing written.
TEST_P(UpsampleNearest2dBackwardTest, EmptyTensorsWriteNothing) {
    for (const std::vector<int64_t> &nc : {std::vector<int64_t>{0, 3}, {2, 0}}) {
        DeviceTensor gradOut({nc[0], nc[1], 8, 8}, ACL_FLOAT, ACL_FORMAT_NCHW);
        DeviceTensor gradInput({nc[0], nc[1], 4, 4}, ACL_FLOAT, {1, 1, 1, 1}, 0, ACL_FORMAT_NCHW);
        gradInput.fillStorage(0x5A);
        const std::vector<uint8_t> before = gradInput.storage();
        const IntArray outputSize({8, 8}), inputSize({nc[0], nc[1], 4, 4});
        ASSERT_ACL_OK(planAndRun(kUpsampleNearest2dBackward,
                                 {gradOut.get(), outputSize.get(), inputSize.get(), 0.0, 0.0, gradInput.get()}, stream));
        EXPECT_EQ(gradInput.storage(), before);
    }
}

TEST_P(UpsampleNearest2dBackwardTest, RealSizesInBothFormats) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the real-size cases");
    for (bool nhwc : {false, true}) {
        const BackwardCase twice{2, 16, 56, 56, 112, 112}, odd{1, 8, 41, 37, 97, 131};
        checkRun(twice, ACL_FLOAT, nhwc, runCase(twice, ACL_FLOAT, nhwc, Memory::Contiguous, Memory::Contiguous, 3, stream));
        checkRun(odd, ACL_BF16, nhwc, runCase(odd, ACL_BF16, nhwc, Memory::Gapped, Memory::Contiguous, 4, stream));
    }
}

// The benchmark's registered cases (the speed case 8x64x56x56 -> 112x112 and a non-integer ratio in fp16).
TEST_P(UpsampleNearest2dBackwardTest, RegisteredCases) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the benchmark's cases");
    runRegisteredCases("UpsampleNearest2dBackward", 2);
}

// fp32: PyTorch's CPU kernel adds each input's terms in the same order, so the bits are PyTorch's.
// bfloat16: PyTorch 1.13 sums in bfloat16; the file stores the fp32 sum rounded once (golden/ops note).
TEST_P(UpsampleNearest2dBackwardTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 8;
    forEachGoldenCase({"upsample_nearest2d_backward.golden", kFileCases, kFileCases, nullptr},
                      [&](const golden::Case &c) {
        GoldenPair t = goldenPair(c, "gradOut", "gradInput");
        DeviceTensor &gradOut = t.in, &gradInput = t.out;
        const golden::Tensor &want = c.tensor("gradInput");
        const IntArray outputSize(c.ints("outputSize")), inputSize(want.dims);
        const std::vector<double> &scales = c.values("scales");
        ASSERT_ACL_OK(planAndRun(kUpsampleNearest2dBackward,
                                 {gradOut.get(), outputSize.get(), inputSize.get(), scales[0], scales[1], gradInput.get()},
                                 stream));
        const CheckResult r = compareExactly(gradInput.download(), want.values, sameValue, c.name, "gradInput");
        EXPECT_TRUE(r.ok) << r.detail;
    });
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; (views); gradOut's dtype, gradInput's = gradOut's; gradOut 4-D,
// outputSize's length, inputSize's; gradInput's format, gradInput 4-D with gradOut's N and C; the input and
// output H, W > 0; gradOut's shape; (gradInput's shape = inputSize, gradInput not overlapping itself, the
// walk bound); empty tensors.

CallSpec backwardCall() {
    return CallSpec(kUpsampleNearest2dBackward, {{"gradOut", TensorArg{{2, 3, 5, 6}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                                                 {"outputSize", Ints{5, 6}},
                                                 {"inputSize", Ints{2, 3, 3, 4}},
                                                 {"scalesH", 0.0},
                                                 {"scalesW", 0.0},
                                                 {"gradInput", TensorArg{{2, 3, 3, 4}, ACL_FLOAT, ACL_FORMAT_NCHW}}});
}
ErrorRows backwardRows() {
    return validRow() + outPointerRows() + nullRows({"gradOut", "outputSize", "inputSize", "gradInput"}) + ErrorRows{
        shortRow("gradOut"),
        {"gradOut DT_DOUBLE", set({"gradOut", "gradInput"}, dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID,
         {"gradOut", "DT_DOUBLE"}},
        {"gradInput of another dtype", set("gradInput", dtype(ACL_FLOAT16)), ACLNN_ERR_PARAM_INVALID,
         {"gradInput", "DT_FLOAT", "DT_FLOAT16"}},
        {"gradOut 3-D", set("gradOut", shape({3, 5, 6})), ACLNN_ERR_PARAM_INVALID, {"gradOut", "4-D", "3-D"}},
        {"outputSize of 3 values", set("outputSize", ints({5, 6, 1})), ACLNN_ERR_PARAM_INVALID, {"outputSize", "2 values"}},
        {"inputSize of 3 values", set("inputSize", ints({2, 3, 3})), ACLNN_ERR_PARAM_INVALID, {"inputSize", "4 values"}},
        {"gradInput ND", set("gradInput", format(ACL_FORMAT_ND)), ACLNN_ERR_PARAM_INVALID, {"gradInput", "ND"}},
        {"gradInput 3-D", set("gradInput", shape({3, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"gradInput", "4-D", "3-D"}},
        {"gradInput C 4", set("gradInput", shape({2, 4, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"gradInput", "N and C", "[2, 4, 3, 4]"}},
        {"inputSize H 0", set("inputSize", ints({2, 3, 0, 4})), ACLNN_ERR_PARAM_INVALID, {"inputSize", "[2, 3, 0, 4]"}},
        {"outputSize value -1", set("outputSize", ints({5, -1})), ACLNN_ERR_PARAM_INVALID, {"outputSize", "[5, -1]"}},
        {"gradOut not outputSize", set("outputSize", ints({5, 7})), ACLNN_ERR_PARAM_INVALID,
         {"gradOut", "[2, 3, 5, 7]", "[2, 3, 5, 6]"}},
        {"gradOut C not inputSize's", set("inputSize", ints({2, 4, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"gradOut", "[2, 4, 5, 6]"}},
        {"gradInput not inputSize", set("inputSize", ints({2, 3, 4, 4})), ACLNN_ERR_PARAM_INVALID,
         {"gradInput", "[2, 3, 4, 4]", "[2, 3, 3, 4]"}},
        overlapRow("gradInput", {0, 12, 4, 1}),
        {"more terms than one work-item sums",
         set("gradOut", shape({2, 3, 200, 200})) + set("outputSize", ints({200, 200})) +
             set("inputSize", ints({2, 3, 1, 1})) + set("gradInput", shape({2, 3, 1, 1})),
         ACLNN_ERR_PARAM_INVALID, {"gradOut elements", "work-item"}},
        {"NHWC", set("gradOut", shape({2, 5, 6, 3}), format(ACL_FORMAT_NHWC)) +
                     set("gradInput", shape({2, 3, 4, 3}), format(ACL_FORMAT_NHWC)) + set("inputSize", ints({2, 3, 4, 3})),
         ACL_SUCCESS, {}},
        {"scales", set("scalesH", value(1.5)) + set("scalesW", value(2.5)), ACL_SUCCESS, {}},
        {"empty batch", set("gradOut", shape({0, 3, 5, 6})) + set("gradInput", shape({0, 3, 3, 4})) +
                            set("inputSize", ints({0, 3, 3, 4})),
         ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(UpsampleNearest2dBackwardErrors, backwardCall, backwardRows);

}  // namespace
