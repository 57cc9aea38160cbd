// aclnnUpsampleNearest2d and aclnnUpsampleNearest2dV2 (scales): every dtype CANN lists, NCHW and NHWC, integer and non-integer ratios up and
// down (one where PyTorch's float index differs from the exact integer one), contiguous, gapped and
// transposed views at offsets, byte for byte against the host's gather of self's stored bytes (out's gaps
// untouched); empty batches; PyTorch's golden data; the errors in CANN's check order.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "common/test_hooks.h"
#include "harness/upsample_nearest2d.h"
#include "ops/upsample_nearest2d_index.h"
#include "runtime/device.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/int_array.h"
#include "support/nearest_golden.h"
#include "support/nearest_ref.h"
#include "support/op_test.h"
#include "support/plan_log.h"

using namespace testing_support;

namespace {

struct UpsampleCase {
    int64_t N, C, H, W, OH, OW;
    float scalesH = 0, scalesW = 0;  // V2's
};
const UpsampleCase kCases[] = {
    {1, 1, 2, 2, 4, 4},      // twice: o >> 1
    {2, 3, 4, 5, 4, 5},      // the same size: a copy
    {2, 3, 3, 4, 5, 6},      // up by 5/3 and 3/2
    {1, 2, 7, 9, 3, 4},      // down by 3/7 and 4/9
    {2, 2, 6, 8, 3, 2},      // down by 2 and 4
    {1, 3, 5, 3, 15, 9},     // up by 3
    {1, 2, 3, 2, 123, 82},   // float and exact indices differ (row 41 of 123, column 41 of 82)
    {3, 1, 1, 1, 2, 3},      // one pixel
    {1, 5, 9, 1, 4, 7},
};

// How a case lays out a tensor: row-major over its shape, with gaps and an offset, or (NCHW only)
// channels-last memory under NCHW dims.
enum class Memory { Contiguous, Gapped, ChannelsLastMemory };

std::vector<int64_t> shapeOf(bool nhwc, int64_t n, int64_t c, int64_t h, int64_t w) {
    return nhwc ? std::vector<int64_t>{n, h, w, c} : std::vector<int64_t>{n, c, h, w};
}

std::vector<int64_t> stridesOf(const std::vector<int64_t> &shape, bool nhwc, Memory m) {
    if (m == Memory::Gapped) return rowMajorStrides(shape, 1);
    if (m == Memory::ChannelsLastMemory && !nhwc) {  // (N, C, H, W) dims stored as N, H, W, C
        const int64_t C = shape[1], H = shape[2], W = shape[3];
        return {H * W * C, 1, W * C, C};
    }
    return rowMajorStrides(shape);
}

std::vector<double> edgeValues(aclDataType d, size_t n, uint64_t seed) {
    std::vector<double> v = refValues(d, n, seed);
    if (refIsFloat(d)) {
        const double edges[] = {-0.0, INFINITY, -INFINITY, std::numeric_limits<double>::quiet_NaN()};
        for (size_t i = 0; i < 4 && i < v.size(); ++i) v[i] = edges[i];
    }
    return v;
}

// Runs one case (through V2 with the case's scales when `v2`) and checks out's whole storage against self's
// bytes gathered on the host.
void checkCase(const UpsampleCase &c, aclDataType d, bool nhwc, Memory selfMem, Memory outMem, uint64_t seed,
               aclrtStream stream, bool v2 = false) {
    const aclFormat format = nhwc ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW;
    const std::vector<int64_t> inShape = shapeOf(nhwc, c.N, c.C, c.H, c.W), outShape = shapeOf(nhwc, c.N, c.C, c.OH, c.OW);
    const std::vector<int64_t> inStrides = stridesOf(inShape, nhwc, selfMem), outStrides = stridesOf(outShape, nhwc, outMem);
    const int64_t inOffset = selfMem == Memory::Contiguous ? 0 : 3, outOffset = outMem == Memory::Contiguous ? 0 : 5;
    DeviceTensor self(inShape, d, inStrides, inOffset, format), out(outShape, d, outStrides, outOffset, format);
    if (product(inShape) > 0) self.upload(edgeValues(d, static_cast<size_t>(product(inShape)), seed));
    out.fillStorage(0x5A);
    std::vector<uint8_t> want = out.storage();
    const IntArray outputSize({c.OH, c.OW});
    if (v2) {
        ASSERT_ACL_OK(planAndRun(kUpsampleNearest2dV2, {self.get(), outputSize.get(), c.scalesH, c.scalesW, out.get()},
                                 stream));
    } else {
        ASSERT_ACL_OK(planAndRun(kUpsampleNearest2d, {self.get(), outputSize.get(), out.get()}, stream));
    }

    // Strides by (n, c, h, w) whatever the format.
    const auto axes = [nhwc](const std::vector<int64_t> &s) {
        return nhwc ? std::vector<int64_t>{s[0], s[3], s[1], s[2]} : s;
    };
    const std::vector<int64_t> is = axes(inStrides), os = axes(outStrides);
    const size_t elem = aclDataTypeSize(d);
    const bool shortcuts = forwardShortcutsRef(nhwc, c.C, c.H, c.W);
    const std::vector<uint8_t> selfBytes = self.storage();
    for (int64_t n = 0; n < c.N; ++n) {
        for (int64_t ch = 0; ch < c.C; ++ch) {
            for (int64_t oh = 0; oh < c.OH; ++oh) {
                for (int64_t ow = 0; ow < c.OW; ++ow) {
                    const int64_t from = inOffset + n * is[0] + ch * is[1] + nearestSourceRef(oh, c.H, c.OH, v2 ? c.scalesH : 0, shortcuts) * is[2] +
                                         nearestSourceRef(ow, c.W, c.OW, v2 ? c.scalesW : 0, shortcuts) * is[3];
                    const int64_t to = outOffset + n * os[0] + ch * os[1] + oh * os[2] + ow * os[3];
                    std::copy_n(selfBytes.begin() + from * static_cast<std::ptrdiff_t>(elem), elem,
                                want.begin() + to * static_cast<std::ptrdiff_t>(elem));
                }
            }
        }
    }
    const std::vector<uint8_t> got = out.storage();
    ASSERT_EQ(got.size(), want.size());
    size_t differ = 0;
    for (size_t b = 0; b < got.size(); ++b) differ += got[b] != want[b] ? 1 : 0;
    EXPECT_EQ(differ, 0u) << "out's storage differs first at byte "
                          << (std::mismatch(got.begin(), got.end(), want.begin()).first - got.begin());
}

class UpsampleNearest2dEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(UpsampleNearest2dEveryDtype, kUpsampleNearest2dDtypes);

// Each case in both formats, its tensors contiguous, gapped at offsets, or (NCHW) stored channels-last.
TEST_P(UpsampleNearest2dEveryDtype, GathersEveryCaseByteForByte) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    size_t ran = 0;
    for (const UpsampleCase &c : kCases) {
        for (bool nhwc : {false, true}) {
            const Memory selfMem = static_cast<Memory>(ran % 3), outMem = static_cast<Memory>((ran + 1) % 3);
            SCOPED_TRACE(shapeName({c.N, c.C, c.H, c.W}) + " -> " + std::to_string(c.OH) + "x" + std::to_string(c.OW) +
                         (nhwc ? " NHWC" : " NCHW") + ", self memory " + std::to_string(static_cast<int>(selfMem)) +
                         ", out memory " + std::to_string(static_cast<int>(outMem)));
            checkCase(c, d, nhwc, selfMem, outMem, 31 + ran + 40 * dtypeIndex(kUpsampleNearest2dDtypes), stream);
            ++ran;
        }
    }
    EXPECT_EQ(ran, 2 * sizeof kCases / sizeof kCases[0]);
}

// V2's scales: a scale > 0 sets the ratio (1 / scale), except where PyTorch's channels-last kernel takes
// its shortcuts (equal or doubled sizes); 0 or less leaves the sizes' ratio.
const UpsampleCase kScaledCases[] = {
    {2, 3, 3, 4, 5, 6, 1.5f, 2.5f},
    {1, 2, 7, 9, 3, 4, 0.3f, 0.5f},   // down, scales not the sizes' ratios
    {1, 2, 4, 5, 8, 8, 3.0f, 1.7f},   // H twice: NHWC halves (the scale unused), NCHW takes 1 / 3
    {1, 1, 4, 5, 8, 5, 3.0f, 1.7f},   // C == 1: NCHW too halves, and copies W
    {1, 1, 3, 2, 123, 82, 0.0f, -1.0f},  // no scales: the float index of the first operator
    {2, 2, 5, 5, 5, 9, 0.5f, 1.8f},   // H the same size (unused scale)
};

class UpsampleNearest2dV2EveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(UpsampleNearest2dV2EveryDtype, kUpsampleNearest2dDtypes);

TEST_P(UpsampleNearest2dV2EveryDtype, GathersEveryScaledCaseByteForByte) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    size_t ran = 0;
    for (const UpsampleCase &c : kScaledCases) {
        for (bool nhwc : {false, true}) {
            const Memory selfMem = static_cast<Memory>((ran + 1) % 3), outMem = static_cast<Memory>(ran % 3);
            SCOPED_TRACE(shapeName({c.N, c.C, c.H, c.W}) + " -> " + std::to_string(c.OH) + "x" + std::to_string(c.OW) +
                         " scales " + std::to_string(c.scalesH) + ", " + std::to_string(c.scalesW) +
                         (nhwc ? " NHWC" : " NCHW"));
            checkCase(c, d, nhwc, selfMem, outMem, 71 + ran + 40 * dtypeIndex(kUpsampleNearest2dDtypes), stream, true);
            ++ran;
        }
    }
    EXPECT_EQ(ran, 2 * sizeof kScaledCases / sizeof kScaledCases[0]);
}

// The host's axis map (host/ops/upsample_nearest2d_index.h) takes a shortcut where the float index gives
// the same source for every output index (scale 1 or 0.5): each (in, out, scales) pair against the float
// formula itself, every index, also where it must not (out past in or past 2 in, other scales).
TEST(UpsampleNearest2dAxis, ShortcutsOnlyWhereTheFloatIndexAgrees) {
    size_t shortcuts = 0, checked = 0;
    for (int64_t in = 1; in <= 300; ++in) {
        for (int64_t out : {in - 1, in, in + 1, 2 * in - 1, 2 * in, 2 * in + 1, 3 * in}) {
            if (out <= 0) continue;
            for (double scales : {0.0, 1.0, 2.0, 0.5, 1.7}) {
                const aclcl::NearestAxis a = aclcl::nearestAxis(in, out, scales, false);
                shortcuts += a.mode != 2 ? 1 : 0;
                for (int64_t o = 0; o < out; ++o, ++checked) {
                    ASSERT_EQ(aclcl::nearestSource(a, o, in), nearestSourceRef(o, in, out, scales, false))
                        << "in " << in << ", out " << out << ", scales " << scales << ", o " << o << ", mode " << a.mode;
                }
            }
        }
    }
    EXPECT_GT(shortcuts, 1000u);
    EXPECT_GT(checked, 1000000u);
}

class UpsampleNearest2dTest : public OpTest {};
INSTANTIATE_ON_ALL_DEVICES(UpsampleNearest2dTest);

// PyTorch's float index, not the exact quotient: 3 rows to 123 take row 41 from row 0 (41 * 3 / 123 is
// exactly 1, but 41 * (float)(3 / 123) rounds below it).
TEST_P(UpsampleNearest2dTest, FollowsPyTorchsFloatIndex) {
    ASSERT_EQ(nearestSourceRef(41, 3, 123, 0, false), 0);
    ASSERT_EQ(41 * 3 / 123, 1);
    DeviceTensor self({1, 1, 3, 1}, ACL_FLOAT, ACL_FORMAT_NCHW), out({1, 1, 123, 1}, ACL_FLOAT, ACL_FORMAT_NCHW);
    self.upload({10, 20, 30});
    const IntArray outputSize({123, 1});
    ASSERT_ACL_OK(planAndRun(kUpsampleNearest2d, {self.get(), outputSize.get(), out.get()}, stream));
    const std::vector<double> got = out.download();
    EXPECT_EQ(got[40], 10);
    EXPECT_EQ(got[41], 10);
    EXPECT_EQ(got[42], 20);
}

// N == 0: success, and nothing written.
TEST_P(UpsampleNearest2dTest, EmptyBatchWritesNothing) {
    for (bool nhwc : {false, true}) {
        const aclFormat format = nhwc ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW;
        DeviceTensor self(shapeOf(nhwc, 0, 3, 4, 4), ACL_FLOAT, format);
        DeviceTensor out(shapeOf(nhwc, 0, 3, 8, 8), ACL_FLOAT, {1, 1, 1, 1}, 0, format);
        out.fillStorage(0x5A);
        const std::vector<uint8_t> before = out.storage();
        const IntArray outputSize({8, 8});
        ASSERT_ACL_OK(planAndRun(kUpsampleNearest2d, {self.get(), outputSize.get(), out.get()}, stream));
        EXPECT_EQ(out.storage(), before);
    }
}

// A large case (the benchmark's shape with a smaller batch): every row and column through the twice path.
TEST_P(UpsampleNearest2dTest, RealSizesInBothFormats) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the real-size cases");
    for (bool nhwc : {false, true}) {
        checkCase({2, 64, 56, 56, 112, 112}, ACL_FLOAT, nhwc, Memory::Contiguous, Memory::Contiguous, 7, stream);
        checkCase({1, 16, 56, 56, 97, 131}, ACL_FLOAT16, nhwc, Memory::Gapped, Memory::Contiguous, 8, stream);
    }
}

// The grid kernel that GPUs and rusticl take, forced on the CPU devices (the row kernel runs in every other
// test there): each case in both formats and every memory pairing, in a 1-, 2- and 8-byte dtype.
TEST_P(UpsampleNearest2dTest, GridKernelMatchesOnEveryDevice) {
    aclcl::ScopedTestHook grid(aclcl::TestHook::ManyWorkItemKernels);
    size_t ran = 0;
    for (aclDataType d : {ACL_UINT8, ACL_FLOAT16, ACL_DOUBLE}) {
        if (needsFp64(d) && !fp64()) continue;
        for (const UpsampleCase &c : kCases) {
            for (bool nhwc : {false, true}) {
                const Memory selfMem = static_cast<Memory>(ran % 3), outMem = static_cast<Memory>((ran + 2) % 3);
                SCOPED_TRACE(std::string(aclcl::dtypeName(d)) + " " + shapeName({c.N, c.C, c.H, c.W}) + " -> " +
                             std::to_string(c.OH) + "x" + std::to_string(c.OW) + (nhwc ? " NHWC" : " NCHW"));
                checkCase(c, d, nhwc, selfMem, outMem, 500 + ran, stream);
                ++ran;
            }
        }
    }
    EXPECT_GE(ran, 2 * 2 * sizeof kCases / sizeof kCases[0]);
}

// Which kernel the plan takes, from its log: the row kernel where the device takes walking kernels (one out
// row a work-item within the walk bound, kernels/launch.h), the grid kernel elsewhere and when forced.
TEST_P(UpsampleNearest2dTest, RowKernelOnCpuDevices) {
    DeviceTensor self({2, 3, 8, 8}, ACL_FLOAT, ACL_FORMAT_NCHW), out({2, 3, 16, 16}, ACL_FLOAT, ACL_FORMAT_NCHW);
    const IntArray outputSize({16, 16});
    const bool rows = !aclcl::deviceAt(device()).manyWorkItemKernels();
    const std::string text = planLog(kUpsampleNearest2d, {self.get(), outputSize.get(), out.get()});
    EXPECT_EQ(text.find("kernel upsample_nearest2d_fwd_rows ") != std::string::npos, rows) << text;
    EXPECT_EQ(text.find("kernel upsample_nearest2d_fwd ") != std::string::npos, !rows) << text;
    aclcl::ScopedTestHook grid(aclcl::TestHook::ManyWorkItemKernels);
    const std::string forced = planLog(kUpsampleNearest2d, {self.get(), outputSize.get(), out.get()});
    EXPECT_EQ(forced.find("kernel upsample_nearest2d_fwd_rows "), std::string::npos) << forced;
    EXPECT_NE(forced.find("kernel upsample_nearest2d_fwd "), std::string::npos) << forced;
}

// The benchmark's registered cases (the speed case 8x64x56x56 -> 112x112 and a non-integer ratio in fp16).
TEST_P(UpsampleNearest2dTest, RegisteredCases) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the benchmark's cases");
    runRegisteredCases("UpsampleNearest2d", 2);
}

// One golden case: self and out in the case's layout (param nhwc), through V2 with param scales when `v2`,
// compared bit for bit.
void checkGoldenCase(const golden::Case &c, bool v2, aclrtStream stream) {
    GoldenPair t = goldenPair(c, "self", "out");
    DeviceTensor &self = t.in, &out = t.out;
    const IntArray outputSize(c.ints("outputSize"));
    if (v2) {
        const std::vector<double> &scales = c.values("scales");
        ASSERT_ACL_OK(planAndRun(kUpsampleNearest2dV2, {self.get(), outputSize.get(), static_cast<float>(scales[0]),
                                                        static_cast<float>(scales[1]), out.get()},
                                 stream));
    } else {
        ASSERT_ACL_OK(planAndRun(kUpsampleNearest2d, {self.get(), outputSize.get(), out.get()}, stream));
    }
    const CheckResult r = compareExactly(out.download(), c.tensor("out").values, sameValue, c.name, "out");
    EXPECT_TRUE(r.ok) << r.detail;
}

// A golden file's cases, those in fp64 skipped on a device without it (each file holds one).
void checkGoldenFile(const char *file, size_t fileCases, bool v2, bool deviceFp64, aclrtStream stream) {
    constexpr size_t kFp64Cases = 1;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        return goldenDtype(c.tensor("self").dtype) == ACL_DOUBLE && !deviceFp64 ? "no fp64 on this device" : "";
    };
    const size_t minimumRuns = deviceFp64 ? fileCases : fileCases - kFp64Cases;
    forEachGoldenCase({file, fileCases, minimumRuns, noFp64},
                      [&](const golden::Case &c) { checkGoldenCase(c, v2, stream); });
}

TEST_P(UpsampleNearest2dTest, MatchesPyTorchGolden) {
    checkGoldenFile("upsample_nearest2d.golden", 12, false, fp64(), stream);
}

TEST_P(UpsampleNearest2dTest, V2MatchesPyTorchGolden) {
    checkGoldenFile("upsample_nearest2d_v2.golden", 8, true, fp64(), stream);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; (views); self's dtype, out's = self's; outputSize's length, self 4-D,
// dims 2 and 3 and outputSize non-zero, dim 1 non-zero; self's format, out's = self's; out 4-D with self's
// N and C; out's H and W = outputSize; (fp64 on the device, out not overlapping itself); the empty batch.

CallSpec upsampleCall() {
    return CallSpec(kUpsampleNearest2d, {{"self", TensorArg{{2, 3, 3, 4}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                                         {"outputSize", Ints{5, 6}},
                                         {"out", TensorArg{{2, 3, 5, 6}, ACL_FLOAT, ACL_FORMAT_NCHW}}});
}
ErrorRows upsampleRows() {
    return validRow() + outPointerRows() + nullRows({"self", "outputSize", "out"}) + ErrorRows{
        shortRow("self"),
        {"self DT_INT32", set({"self", "out"}, dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_INT32"}},
        {"out of another dtype", set("out", dtype(ACL_FLOAT16)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_FLOAT", "DT_FLOAT16"}},
        {"outputSize of 3 values", set("outputSize", ints({5, 6, 1})), ACLNN_ERR_PARAM_INVALID, {"outputSize", "2 values"}},
        {"self 3-D", set("self", shape({3, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "4-D", "3-D"}},
        {"self W 0", set("self", shape({2, 3, 3, 0})), ACLNN_ERR_PARAM_INVALID, {"self", "[2, 3, 3, 0]"}},
        {"outputSize value 0", set("outputSize", ints({5, 0})), ACLNN_ERR_PARAM_INVALID, {"outputSize", "[5, 0]"}},
        {"self C 0", set("self", shape({2, 0, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "dim 1", "[2, 0, 3, 4]"}},
        {"self ND", set({"self", "out"}, format(ACL_FORMAT_ND)), ACLNN_ERR_PARAM_INVALID, {"self", "ND"}},
        {"out NHWC", set("out", format(ACL_FORMAT_NHWC)), ACLNN_ERR_PARAM_INVALID, {"out", "format"}},
        {"out 3-D", set("out", shape({3, 5, 6})), ACLNN_ERR_PARAM_INVALID, {"out", "4-D", "3-D"}},
        {"out C 4", set("out", shape({2, 4, 5, 6})), ACLNN_ERR_PARAM_INVALID, {"out", "N and C", "[2, 4, 5, 6]"}},
        {"out N 1", set("out", shape({1, 3, 5, 6})), ACLNN_ERR_PARAM_INVALID, {"out", "N and C", "[1, 3, 5, 6]"}},
        {"out H not outputSize", set("out", shape({2, 3, 6, 6})), ACLNN_ERR_PARAM_INVALID,
         {"out", "outputSize", "[5, 6]", "[2, 3, 6, 6]"}},
        {"out NHWC dims of NCHW", set({"self", "out"}, format(ACL_FORMAT_NHWC)), ACLNN_ERR_PARAM_INVALID,
         {"out", "N and C"}},
        withoutFp64Row("DT_DOUBLE without fp64", set({"self", "out"}, dtype(ACL_DOUBLE)), {"fp64"}),
        overlapRow("out", {0, 30, 6, 1}),
        {"NHWC", set("self", shape({2, 3, 4, 3}), format(ACL_FORMAT_NHWC)) +
                     set("out", shape({2, 5, 6, 3}), format(ACL_FORMAT_NHWC)),
         ACL_SUCCESS, {}},
        {"empty batch", set("self", shape({0, 3, 3, 4})) + set("out", shape({0, 3, 5, 6})), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(UpsampleNearest2dErrors, upsampleCall, upsampleRows);

// V2, in CANN's order: nulls (self, out, then outputSize: ours); (views); an empty self or out succeeds
// before any other check; self's dtype, out's = self's; outputSize's length, self 4-D, dims 2 and 3 and
// outputSize non-zero, dim 1 non-zero; out 4-D with self's N and C (in out's layout); out's format; out's H
// and W; (fp64, overlap). Self's format is not checked.

CallSpec v2Call() {
    return CallSpec(kUpsampleNearest2dV2, {{"self", TensorArg{{2, 3, 3, 4}, ACL_FLOAT, ACL_FORMAT_NCHW}},
                                           {"outputSize", Ints{5, 6}},
                                           {"scalesH", 1.5},
                                           {"scalesW", 2.5},
                                           {"out", TensorArg{{2, 3, 5, 6}, ACL_FLOAT, ACL_FORMAT_NCHW}}});
}
ErrorRows v2Rows() {
    return validRow() + outPointerRows() + nullRows({"self", "out", "outputSize"}) + ErrorRows{
        shortRow("self"),
        {"empty self of rank 3", set("self", shape({0, 3, 4})), ACL_SUCCESS, {}},
        {"self DT_INT32", set({"self", "out"}, dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_INT32"}},
        {"out of another dtype", set("out", dtype(ACL_FLOAT16)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_FLOAT", "DT_FLOAT16"}},
        {"outputSize of 3 values", set("outputSize", ints({5, 6, 1})), ACLNN_ERR_PARAM_INVALID, {"outputSize", "2 values"}},
        {"self 3-D", set("self", shape({3, 3, 4})), ACLNN_ERR_PARAM_INVALID, {"self", "4-D", "3-D"}},
        {"outputSize value 0", set("outputSize", ints({5, 0})), ACLNN_ERR_PARAM_INVALID, {"outputSize", "[5, 0]"}},
        {"out 3-D", set("out", shape({3, 5, 6})), ACLNN_ERR_PARAM_INVALID, {"out", "4-D", "3-D"}},
        {"out C 4", set("out", shape({2, 4, 5, 6})), ACLNN_ERR_PARAM_INVALID, {"out", "N and C", "[2, 4, 5, 6]"}},
        {"out ND", set("out", format(ACL_FORMAT_ND)), ACLNN_ERR_PARAM_INVALID, {"out", "ND"}},
        {"out H not outputSize", set("out", shape({2, 3, 6, 6})), ACLNN_ERR_PARAM_INVALID,
         {"out", "outputSize", "[5, 6]", "[2, 3, 6, 6]"}},
        withoutFp64Row("DT_DOUBLE without fp64", set({"self", "out"}, dtype(ACL_DOUBLE)), {"fp64"}),
        overlapRow("out", {0, 30, 6, 1}),
        {"self ND, out NCHW", set("self", format(ACL_FORMAT_ND)), ACL_SUCCESS, {}},
        {"no scales", set("scalesH", value(0.0)) + set("scalesW", value(-1.0)), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(UpsampleNearest2dV2Errors, v2Call, v2Rows);

}  // namespace
