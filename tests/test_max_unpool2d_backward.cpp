// aclnnMaxUnpool2dBackward: the CANN sample (docs/ops), PyTorch golden data, exact host references over the
// dtype matrix (out's dtype differing from gradOutput's, single rounding included), strided and offset
// views, extreme shapes, both kernels, 64-bit index math, determinism, the bad-index fault, empty
// input and every documented error.
//
// Tolerance: none. The operator is a gather; every value is compared exactly with the indexed input
// converted once to out's dtype (NaN equals NaN, -0 differs from +0).

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "support/error_rows.h"
#include "support/fault_checks.h"
#include "support/op_test.h"
#include "cases/max_unpool2d_backward_cases.h"
#include "cases/max_unpool2d_geometry.h"
#include "common/dtype.h"
#include "common/test_hooks.h"
#include "harness/max_unpool2d_backward.h"
#include "ops/max_unpool2d_common.h"

using namespace testing_support;

namespace {

// Plans and runs; returns the run's status (the synchronize is left to the caller).
aclnnStatus enqueueOp(aclrtStream stream, const aclTensor *grad, const aclTensor *self, const aclTensor *indices,
                      const std::vector<int64_t> &outputSize, aclTensor *out, void **workspace) {
    IntArray size(outputSize);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclnnStatus st = kMaxUnpool2dBackward.plan({grad, self, indices, size, out}, &ws, &ex);
    if (st != 0) return st;
    *workspace = nullptr;
    if (ws > 0 && aclrtMalloc(workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST) != 0) return -1;
    return kMaxUnpool2dBackward.run(*workspace, ws, ex, stream);
}

aclnnStatus runOp(aclrtStream stream, const aclTensor *grad, const aclTensor *self, const aclTensor *indices,
                  const std::vector<int64_t> &outputSize, aclTensor *out) {
    return planAndRun(kMaxUnpool2dBackward, {grad, self, indices, IntArray(outputSize), out}, stream);
}

// A small case (kSmallUnpool): gradOutput 2 x 3 x 9 x 11 gathered into 5 x 7.
MaxUnpool2dBackwardSpec small(const std::string &name, aclDataType grad, aclDataType out, aclDataType indices) {
    MaxUnpool2dBackwardSpec s = specWithGeometry<MaxUnpool2dBackwardSpec>(name, kSmallUnpool);
    s.grad = grad;
    s.out = out;
    s.indices = indices;
    return s;
}

class MaxUnpool2dBackwardTest : public SpecOpTest<MaxUnpool2dBackwardSpec, makeMaxUnpool2dBackwardCase> {};

TEST_P(MaxUnpool2dBackwardTest, CannSampleResult) {
    DeviceTensor grad({1, 3, 3, 1}, ACL_FLOAT), self({1, 3, 2, 2}, ACL_FLOAT), indices({1, 3, 2, 2}, ACL_INT32),
        out({1, 3, 2, 2}, ACL_FLOAT);
    grad.upload({0, 1, 2, 3, 4, 5, 6, 7, 8});
    self.upload(std::vector<double>(12, 1.0));
    indices.upload({0, 1, 2, 1, 2, 0, 1, 1, 1, 0, 0, 0});
    ASSERT_ACL_OK(runOp(stream, grad, self, indices, {3, 1}, out));
    EXPECT_EQ(out.download(), (std::vector<double>{0, 1, 2, 1, 5, 3, 4, 4, 7, 6, 6, 6}));
}

TEST_P(MaxUnpool2dBackwardTest, MatchesPyTorchGolden) {
    const auto skipReason = [&](const golden::Case &c) -> std::string {
        // The quick tier runs the fp32 cases and a few integer ones.
        const bool few = c.name.rfind("f32_", 0) == 0 || c.name == "cann_sample" || c.name == "i8_4d_i64_larger" ||
                         c.name == "cast_i16_to_f32";
        if (quickTier() && !few) return fullTierOnly("the other cases");
        const aclDataType gType = goldenDtype(c.tensor("gradOutput").dtype), oType = goldenDtype(c.tensor("out").dtype);
        return (gType == ACL_DOUBLE || oType == ACL_DOUBLE) && !fp64() ? "no fp64 on this device" : "";
    };
    // At least: the quick tier's 8; in the full tier 25 of the 27, or 24 where the 3 DOUBLE cases cannot run.
    const size_t minimumRuns = quickTier() ? 8u : (fp64() ? 25u : 24u);
    forEachGoldenCase({"max_unpool2d_backward.golden", 0, minimumRuns, skipReason}, [&](const golden::Case &c) {
        const golden::Tensor &g = c.tensor("gradOutput"), &s = c.tensor("self"), &ix = c.tensor("indices"),
                             &want = c.tensor("out");
        const aclDataType gType = goldenDtype(g.dtype), oType = goldenDtype(want.dtype);
        DeviceTensor grad(g.dims, gType), self(s.dims, goldenDtype(s.dtype)), indices(ix.dims, goldenDtype(ix.dtype)),
            out(want.dims, oType);
        grad.upload(g.values);
        self.upload(s.values);
        indices.upload(ix.values);
        out.fillStorage(0xcc);
        ASSERT_ACL_OK(runOp(stream, grad, self, indices, c.ints("outputSize"), out));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(sameValue(got[i], want.values[i]))
                << "value " << i << ": " << got[i] << " vs " << want.values[i];
        }
    });
}

// One test per dtype and device (Devices/MaxUnpool2dBackwardEveryDtype.GradOutputToItself/pocl_cpu_0_bf16),
// over the library's list of gradOutput's dtypes.
const std::vector<aclDataType> kAllDtypes = aclcl::kUnpoolValueDtypes;

class MaxUnpool2dBackwardEveryDtype : public DeviceDtypeTest {};

TEST_P(MaxUnpool2dBackwardEveryDtype, GradOutputToItself) {
    const aclDataType d = dtype();
    if (quickTier() && d != ACL_FLOAT && d != ACL_FLOAT16 && d != ACL_INT8) {
        GTEST_SKIP() << fullTierOnly("the dtypes other than float32, float16 and int8");
    }
    // The indices' dtype alternates along kAllDtypes: int64 at even positions, int32 at odd ones.
    const size_t pos = dtypeIndex(kAllDtypes);
    const aclDataType idx = (pos % 2) ? ACL_INT32 : ACL_INT64;
    const bool ran =
        runAndCheckCase(*makeMaxUnpool2dBackwardCase(
                            small(std::string(aclcl::dtypeName(d)) + " idx " + aclcl::dtypeName(idx), d, d, idx)),
                        stream);
    // The case runs, but where the dtype needs fp64 the device lacks (a recorded skip).
    EXPECT_EQ(ran, !(d == ACL_DOUBLE && !fp64()));
}

TEST_P(MaxUnpool2dBackwardTest, CastsToOtherOutDtypes) {
    const struct {
        aclDataType from, to;
    } casts[] = {
        {ACL_FLOAT, ACL_DOUBLE},   {ACL_FLOAT, ACL_FLOAT16},  {ACL_FLOAT, ACL_BF16},    {ACL_FLOAT, ACL_COMPLEX64},
        {ACL_DOUBLE, ACL_FLOAT},   {ACL_DOUBLE, ACL_FLOAT16}, {ACL_DOUBLE, ACL_BF16},   {ACL_FLOAT16, ACL_FLOAT},
        {ACL_BF16, ACL_FLOAT16},   {ACL_INT8, ACL_FLOAT},     {ACL_INT16, ACL_FLOAT},   {ACL_INT32, ACL_BF16},
        {ACL_INT64, ACL_BF16},     {ACL_INT64, ACL_FLOAT},    {ACL_INT64, ACL_DOUBLE},  {ACL_INT64, ACL_INT8},
        {ACL_INT32, ACL_UINT8},    {ACL_UINT8, ACL_INT64},    {ACL_INT16, ACL_UINT32},  {ACL_BOOL, ACL_FLOAT},
        {ACL_BOOL, ACL_INT32},     {ACL_INT8, ACL_COMPLEX128}, {ACL_UINT8, ACL_FLOAT16}, {ACL_INT32, ACL_FLOAT16},
    };
    int n = 0;
    for (const auto &c : casts) {
        const std::string name = std::string(aclcl::dtypeName(c.from)) + " -> " + aclcl::dtypeName(c.to);
        if (quickTier() && n++ > 2 && skipInQuickTier(name)) continue;  // the quick tier: the first three
        const aclDataType idx = (n % 2) ? ACL_INT32 : ACL_INT64;
        runAndCheck(small(name, c.from, c.to, idx));
    }
}

// Values whose conversion through float would round twice: the operator rounds once.
TEST_P(MaxUnpool2dBackwardTest, CastsRoundOnce) {
    struct Probe {
        aclDataType from, to;
        double value, want;
    };
    std::vector<Probe> probes = {
        // 2^30 + 2^22 + 1 -> bf16: above the tie, rounds up (through float it would tie and round down).
        {ACL_INT32, ACL_BF16, 1073741824.0 + 4194304.0 + 1.0, 1073741824.0 + 8388608.0},
        {ACL_INT64, ACL_BF16, 1073741824.0 + 4194304.0 + 1.0, 1073741824.0 + 8388608.0},
    };
    if (fp64()) {
        // 1 + 2^-11 + 2^-40 -> fp16 rounds up to 1 + 2^-10; through float it would tie and round to 1.
        probes.push_back({ACL_DOUBLE, ACL_FLOAT16, 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40),
                          1.0 + std::ldexp(1.0, -10)});
        // 1 + 2^-8 + 2^-40 -> bf16 rounds up to 1 + 2^-7.
        probes.push_back(
            {ACL_DOUBLE, ACL_BF16, 1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40), 1.0 + std::ldexp(1.0, -7)});
    }
    for (bool direct : {false, true}) {
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::MaxUnpoolBackwardDirect, direct);
        for (const Probe &p : probes) {
            SCOPED_TRACE(std::string(aclcl::dtypeName(p.from)) + " -> " + aclcl::dtypeName(p.to));
            DeviceTensor grad({1, 2, 2}, p.from), self({1, 1, 8}, p.from), indices({1, 1, 8}, ACL_INT64),
                out({1, 1, 8}, p.to);
            grad.upload({p.value, -p.value, 0, 1});
            indices.upload({0, 1, 0, 1, 0, 1, 2, 3});
            ASSERT_ACL_OK(runOp(stream, grad, self, indices, {2, 2}, out));
            const std::vector<double> got = out.download();
            EXPECT_EQ(got[0], p.want);
            EXPECT_EQ(got[1], -p.want);
            EXPECT_EQ(got[7], 1.0);
        }
    }
}

TEST_P(MaxUnpool2dBackwardTest, NonFiniteValuesPassUnchanged) {
    DeviceTensor grad({1, 2, 3}, ACL_FLOAT), self({1, 2, 4}, ACL_FLOAT), indices({1, 2, 4}, ACL_INT64),
        out({1, 2, 4}, ACL_FLOAT);
    grad.upload({NAN, INFINITY, -INFINITY, -0.0, 1.5, -2.5});
    indices.upload({0, 1, 2, 3, 5, 4, 3, 0});
    ASSERT_ACL_OK(runOp(stream, grad, self, indices, {2, 3}, out));
    const std::vector<double> got = out.download();
    const std::vector<double> want = {NAN, INFINITY, -INFINITY, -0.0, -2.5, 1.5, -0.0, NAN};
    for (size_t i = 0; i < want.size(); ++i) EXPECT_TRUE(sameValue(got[i], want[i])) << i << ": " << got[i];
}

TEST_P(MaxUnpool2dBackwardTest, StridedAndOffsetViews) {
    const UnpoolLayout layouts[] = {UnpoolLayout::Offset, UnpoolLayout::Padded, UnpoolLayout::InnerStrided,
                                    UnpoolLayout::PlaneTransposed};
    const char *names[] = {"offset", "padded", "inner-strided", "plane-transposed"};
    for (int l = 0; l < 4; ++l) {
        for (int64_t N : {int64_t{0}, int64_t{2}}) {
            MaxUnpool2dBackwardSpec s =
                small(std::string(names[l]) + (N ? " 4-D" : " 3-D"), ACL_FLOAT, ACL_FLOAT, ACL_INT64);
            s.N = N;
            s.layout = UnpoolLayout(layouts[l]);
            runAndCheck(s);
            if (skipInQuickTier(s.name + " i16->f16")) continue;
            s.grad = ACL_INT16;
            s.out = ACL_FLOAT16;
            s.indices = ACL_INT32;
            s.name += " i16->f16";
            runAndCheck(s);
        }
    }
}

TEST_P(MaxUnpool2dBackwardTest, ExtremeShapes) {
    struct S {
        const char *name;
        MaxUnpool2dGeometry g;
    };
    const S shapes[] = {
        {"output plane larger", {2, 3, 4, 5, 17, 13}},
        {"output plane smaller", {1, 4, 9, 8, 3, 2}},
        {"output plane 1x1", {2, 2, 3, 3, 1, 1}},
        {"single column planes", {1, 3, 7, 1, 5, 1}},
        {"single row planes", {0, 3, 1, 9, 1, 6}},
        {"odd sizes (vector tails)", {3, 5, 13, 11, 19, 23}},
        {"plane beyond the staging budget", {0, 2, 20, 20, 300, 301}},
        {"many planes", {4, 40, 2, 3, 4, 6}},
    };
    for (const S &z : shapes) {
        MaxUnpool2dBackwardSpec s = specWithGeometry<MaxUnpool2dBackwardSpec>(z.name, z.g);
        s.seed = 3;
        runAndCheck(s);
        if (skipInQuickTier(s.name + " (direct kernel)")) continue;
        aclcl::ScopedTestHook direct(aclcl::TestHook::MaxUnpoolBackwardDirect);
        s.name += " (direct kernel)";
        s.indices = ACL_INT32;
        runAndCheck(s);
    }
}

// Real sizes, on every device (a kernel walking a whole plane in one work-item would stop after 65,535
// iterations on Mesa's llvmpipe, silently): 256x512 output planes, a SegNet decoder at 512x512, and a
// 512x512 one.
TEST_P(MaxUnpool2dBackwardTest, RealSizePlanes) {
    MaxUnpool2dBackwardSpec s;
    s.name = "128x256 into 256x512";
    setGeometry(s, {1, 2, 128, 256, 256, 512});
    s.seed = 5;
    runAndCheck(s);
    s.name = "256x256 into 512x512";
    s.C = 1;
    s.H = s.W = 256;
    s.oH = s.oW = 512;
    runAndCheck(s);
}

TEST_P(MaxUnpool2dBackwardTest, WideIndexKernelsMatch) {
    aclcl::ScopedTestHook wide(aclcl::TestHook::WideIndex);
    for (bool direct : {false, true}) {
        if (direct && skipInQuickTier("wide index, direct (and plane-transposed)")) continue;
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::MaxUnpoolBackwardDirect, direct);
        MaxUnpool2dBackwardSpec s =
            small(direct ? "wide index, direct" : "wide index, staged", ACL_FLOAT, ACL_FLOAT, ACL_INT64);
        runAndCheck(s);
        s.layout = UnpoolLayout::PlaneTransposed;
        s.name += ", plane-transposed";
        runAndCheck(s);
    }
}

TEST_P(MaxUnpool2dBackwardTest, TwoRunsAreBitIdentical) {
    MaxUnpool2dBackwardSpec s = small("determinism", ACL_FLOAT, ACL_FLOAT, ACL_INT64);
    setGeometry(s, {3, 8, 16, 16, 32, 32});
    std::unique_ptr<OpCase> c = makeMaxUnpool2dBackwardCase(s);
    c->setup();
    ASSERT_ACL_OK(runCaseOnce(*c, stream));
    ASSERT_TRUE(c->check().ok);
    DeviceTensor grad({3, 8, 32, 32}, ACL_FLOAT), self({3, 8, 16, 16}, ACL_FLOAT), indices({3, 8, 16, 16}, ACL_INT64),
        first({3, 8, 16, 16}, ACL_FLOAT), second({3, 8, 16, 16}, ACL_FLOAT);
    grad.upload(randomValues(static_cast<size_t>(grad.numel()), 5));
    std::vector<double> idx = randomValues(static_cast<size_t>(indices.numel()), 6, 0, 1024);
    for (double &k : idx) k = std::floor(k);
    indices.upload(idx);
    ASSERT_ACL_OK(runOp(stream, grad, self, indices, {32, 32}, first));
    ASSERT_ACL_OK(runOp(stream, grad, self, indices, {32, 32}, second));
    EXPECT_EQ(first.storage(), second.storage());
}

TEST_P(MaxUnpool2dBackwardTest, SpeedCaseAndSweepPassTheirChecks) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the speed case and the size sweep");
    runRegisteredCases("MaxUnpool2dBackward", 6);
}

// An index outside [0, oH*oW): no read out of bounds, 0 written there, 507015 at the next synchronize
// with a message naming the operator and the index, and the stream keeps working.
TEST_P(MaxUnpool2dBackwardTest, BadIndexFaultsAtSynchronize) {
    struct Bad {
        int64_t position, value;
    };
    const Bad bads[] = {{5, 12}, {9, -1}, {0, int64_t{1} << 40}};
    for (bool direct : {false, true}) {
        if (direct && skipInQuickTier("the direct kernel's bad indices")) continue;
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::MaxUnpoolBackwardDirect, direct);
        for (const Bad &b : bads) {
            caseTally().ran();
            SCOPED_TRACE(std::string(direct ? "direct" : "staged") + ", index " + std::to_string(b.value));
            DeviceTensor grad({1, 2, 3, 4}, ACL_FLOAT), self({1, 2, 4, 4}, ACL_FLOAT),
                indices({1, 2, 4, 4}, ACL_INT64), out({1, 2, 4, 4}, ACL_FLOAT);
            std::vector<double> g(24);
            for (size_t i = 0; i < g.size(); ++i) g[i] = static_cast<double>(i) + 100;
            grad.upload(g);
            std::vector<double> idx(32);
            for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<double>((i * 5) % 12);
            idx[static_cast<size_t>(b.position)] = static_cast<double>(b.value);
            indices.upload(idx);
            out.fillStorage(0x7f);
            void *ws = nullptr;
            ASSERT_ACL_OK(enqueueOp(stream, grad, self, indices, {3, 4}, out, &ws));
            EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
            const std::string msg = aclGetRecentErrMsg();
            EXPECT_NE(msg.find("aclnnMaxUnpool2dBackward"), std::string::npos) << msg;
            EXPECT_NE(msg.find(std::to_string(b.value)), std::string::npos) << msg;
            EXPECT_NE(msg.find("position " + std::to_string(b.position)), std::string::npos) << msg;
            EXPECT_NE(msg.find("outside gradOutput's plane [0, 12)"), std::string::npos) << msg;
            EXPECT_NE(msg.find("out there was set to 0"), std::string::npos) << msg;
            if (ws) aclrtFree(ws);
            const std::vector<double> got = out.download();
            for (size_t i = 0; i < got.size(); ++i) {
                const double want = static_cast<int64_t>(i) == b.position ? 0.0 : g[(i / 16) * 12 + size_t(idx[i])];
                EXPECT_EQ(got[i], want) << "element " << i;
            }
            // The fault was reported once; the stream is usable again.
            EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
            idx[static_cast<size_t>(b.position)] = 3;
            indices.upload(idx);
            EXPECT_ACL_OK(runOp(stream, grad, self, indices, {3, 4}, out));
            EXPECT_EQ(out.download()[static_cast<size_t>(b.position)], g[(b.position / 16) * 12 + 3]);
        }
    }
}

TEST_P(MaxUnpool2dBackwardTest, ManyBadIndicesReportTheSmallestPosition) {
    DeviceTensor grad({2, 3, 3}, ACL_FLOAT), self({2, 5, 5}, ACL_FLOAT), indices({2, 5, 5}, ACL_INT32),
        out({2, 5, 5}, ACL_FLOAT);
    grad.upload(std::vector<double>(18, 1.0));
    std::vector<double> idx(50, 4);
    for (size_t i = 0; i < idx.size(); i += 3) idx[i] = 9 + static_cast<double>(i);  // 9, 12, ...: all bad
    indices.upload(idx);
    void *ws = nullptr;
    ASSERT_ACL_OK(enqueueOp(stream, grad, self, indices, {3, 3}, out, &ws));
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
    const std::string msg = aclGetRecentErrMsg();
    EXPECT_NE(msg.find("index 9 of indices at flat position 0 "), std::string::npos) << msg;  // the smallest
    if (ws) aclrtFree(ws);
    const std::vector<double> got = out.download();
    for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], i % 3 == 0 ? 0.0 : 1.0) << i;
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
}

// Several bad indices in one call, on both kernels: the fault names the one at the smallest position on
// every run, in whatever order the work-items run (the last of plane 0 against the first of every later
// plane, every index, a few scattered).
TEST_P(MaxUnpool2dBackwardTest, SeveralBadIndicesNameTheSmallestPosition) {
    for (bool direct : {false, true}) {
        SCOPED_TRACE(direct ? "direct" : "staged");
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::MaxUnpoolBackwardDirect, direct);
        DeviceTensor grad({2, 4, 4, 4}, ACL_FLOAT), self({2, 4, 3, 3}, ACL_FLOAT), indices({2, 4, 3, 3}, ACL_INT64),
            out({2, 4, 3, 3}, ACL_FLOAT);
        grad.upload(randomValues(128, 3));
        expectUnpoolFaultsNameTheSmallestPosition(stream, indices, "aclnnMaxUnpool2dBackward", [&](void **ws) {
            return enqueueOp(stream, grad, self, indices, {4, 4}, out, ws);
        });
    }
}

TEST_P(MaxUnpool2dBackwardTest, EmptySelfSucceedsWithoutWork) {
    struct Shapes {
        std::vector<int64_t> grad, self;
    };
    for (const Shapes &s : {Shapes{{0, 3, 4, 4}, {0, 3, 2, 2}}, Shapes{{2, 0, 4, 4}, {2, 0, 2, 2}},
                            Shapes{{3, 4, 4}, {3, 0, 2}}, Shapes{{3, 0, 4}, {3, 2, 0}}}) {
        DeviceTensor grad(s.grad, ACL_FLOAT), self(s.self, ACL_FLOAT), indices(s.self, ACL_INT64),
            out(s.self, ACL_FLOAT);
        IntArray size({s.grad[s.grad.size() - 2], s.grad[s.grad.size() - 1]});
        ASSERT_NO_FATAL_FAILURE(runWithoutWorkspace(kMaxUnpool2dBackward.planPhase({grad, self, indices, size, out}),
                                                    kMaxUnpool2dBackward.runPhase(), stream));
    }
}

// ---------------------------------------------------------------------------------------------
// Errors: each documented check returns its code and a message naming the argument, in CANN's order
// (support/error_rows.h); every row changes one thing in the valid call.

CallSpec unpoolBackwardCall() {
    return CallSpec(kMaxUnpool2dBackward, {{"gradOutput", TensorArg{{2, 3, 6, 5}}},
                                           {"self", TensorArg{{2, 3, 4, 4}}},
                                           {"indices", TensorArg{{2, 3, 4, 4}, ACL_INT64}},
                                           {"outputSize", Ints{6, 5}},
                                           {"out", TensorArg{{2, 3, 4, 4}}}});
}

ErrorRows unpoolBackwardRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    ErrorRows rows = validRow() + outPointerRows() + nullRows({"gradOutput", "[self]", "indices", "outputSize", "[out]"}) +
                     ErrorRows{shortRow("indices")};
    for (aclDataType dt : {ACL_COMPLEX64, ACL_UINT32}) {
        rows.push_back({std::string("gradOutput ") + aclcl::dtypeName(dt), set({"gradOutput", "self", "out"}, dtype(dt)),
                        INVALID, {"gradOutput", aclcl::dtypeName(dt)}});
    }
    return rows + ErrorRows{
        {"self FLOAT16", set("self", dtype(ACL_FLOAT16)), INVALID, {"self", "FLOAT16"}},
        {"indices INT16", set("indices", dtype(ACL_INT16)), INVALID, {"indices", "INT16"}},
        {"indices FLOAT", set("indices", dtype(ACL_FLOAT)), INVALID, {"indices", "DT_FLOAT"}},
        {"out floating -> integral", set("out", dtype(ACL_INT32)), INVALID, {"out", "DT_FLOAT", "DT_INT32"}},
        {"out non-bool -> bool", set({"gradOutput", "self"}, dtype(ACL_INT32)) + set("out", dtype(ACL_BOOL)), INVALID,
         {"out", "DT_BOOL"}},
        withoutFp64Row("gradOutput DOUBLE", set({"gradOutput", "self", "out"}, dtype(ACL_DOUBLE)), {"gradOutput", "fp64"}),
        withoutFp64Row("out DOUBLE", set("out", dtype(ACL_DOUBLE)), {"out", "fp64"}),
        withoutFp64Row("out COMPLEX128", set("out", dtype(ACL_COMPLEX128)), {"out", "fp64"}),
        {"self 2-D", set("gradOutput", shape({6, 5})) + set({"self", "indices", "out"}, shape({4, 4})), INVALID,
         {"self", "3 or 4", "2-D"}},
        {"self 5-D", set("gradOutput", shape({1, 2, 3, 6, 5})) + set({"self", "indices", "out"}, shape({1, 2, 3, 4, 4})),
         INVALID, {"self", "5-D"}},
        {"gradOutput 3-D", set("gradOutput", shape({3, 6, 5})), INVALID, {"gradOutput", "4-D", "3-D"}},
        {"gradOutput C 4", set("gradOutput", shape({2, 4, 6, 5})), INVALID, {"gradOutput", "N and C", "[2, 4, 6, 5]"}},
        {"gradOutput N 1", set("gradOutput", shape({1, 3, 6, 5})), INVALID, {"gradOutput", "[1, 3, 6, 5]"}},
        {"indices W 5", set("indices", shape({2, 3, 4, 5})), INVALID, {"indices", "[2, 3, 4, 5]"}},
        {"out 2 x 8", set("out", shape({2, 3, 2, 8})), INVALID, {"out", "[2, 3, 2, 8]"}},
        {"outputSize of 3", set("outputSize", ints({6, 5, 1})), INVALID, {"outputSize", "2 values", "3"}},
        {"outputSize 5 x 6", set("outputSize", ints({5, 6})), INVALID, {"gradOutput", "outputSize", "[5, 6]", "[2, 3, 6, 5]"}},
        // No index into an empty plane can be valid.
        {"gradOutput H 0", set("gradOutput", shape({2, 3, 0, 5})) + set("outputSize", ints({0, 5})), INVALID,
         {"gradOutput", "non-empty"}},
        // Every row of a plane is the same memory.
        overlapRow("out", {48, 16, 0, 1}),
    } + withoutExecutorRows();
}

ACLNN_ERROR_TABLE(MaxUnpool2dBackwardErrors, unpoolBackwardCall, unpoolBackwardRows);

INSTANTIATE_ON_ALL_DEVICES(MaxUnpool2dBackwardTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(MaxUnpool2dBackwardEveryDtype, kAllDtypes);

}  // namespace
