// aclnnIm2col: the CANN docs' example, PyTorch golden data, byte-exact host references over every
// dtype, casts to out's dtype, strided and offset views, extreme geometries, both kernels and both
// index widths, determinism, threads, repeatable executors, empty batches, out overlapping self, and
// every documented error in CANN's order.
//
// Tolerances: none. The operator copies elements (and casts small integers, exact in every dtype, or
// PyTorch's cast in the golden data): every comparison is exact.

#include <map>

#include "support/error_rows.h"
#include "support/op_test.h"
#include "cases/im2col_cases.h"
#include "cases/im2col_geometry.h"
#include "common/test_hooks.h"
#include "harness/im2col.h"
#include "ops/im2col_window.h"

using namespace testing_support;

namespace {

// The window arguments: kernelSize, dilation, padding, stride.
struct Window {
    std::vector<int64_t> kernel = {2, 2}, dilation = {1, 1}, padding = {1, 1}, stride = {1, 1};
};

aclnnStatus runIm2col(aclrtStream stream, const aclTensor *self, const Window &w, const aclTensor *out,
                      uint64_t *wsOut = nullptr) {
    return planAndRun(
        kIm2col, {self, IntArray(w.kernel), IntArray(w.dilation), IntArray(w.padding), IntArray(w.stride), out}, stream,
        wsOut);
}

// Every dtype the CANN docs list: the library's list.
const std::vector<aclDataType> kAllDtypes = aclcl::kIm2colDtypes;

Im2colSpec spec(const std::string &name, aclDataType dt, int64_t N, int64_t C, int64_t H, int64_t W, const Window &w,
                Im2colLayout layout, uint64_t seed, aclDataType out = ACL_DT_UNDEFINED) {
    Im2colSpec s;
    s.name = name;
    s.self = dt;
    s.out = out == ACL_DT_UNDEFINED ? dt : out;
    setGeometry(s, {N, C, H, W, w.kernel[0], w.kernel[1], w.dilation[0], w.dilation[1], w.padding[0], w.padding[1],
                    w.stride[0], w.stride[1]});
    s.layout = layout;
    s.seed = seed;
    return s;
}

class Im2colTest : public SpecOpTest<Im2colSpec, makeIm2colCase> {};

// ---------------------------------------------------------------------------------------------
// The CANN docs' example: self (2, 2, 3) = 0..11, kernel 2x2, padding 1, stride 2 -> out (8, 4).

TEST_P(Im2colTest, CannDocsExample) {
    DeviceTensor self({2, 2, 3}, ACL_FLOAT), out({8, 4}, ACL_FLOAT);
    self.upload({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
    Window w;
    w.stride = {2, 2};
    ASSERT_ACL_OK(runIm2col(stream, self, w, out));
    const std::vector<double> want = {0, 0, 0, 4, 0, 0, 3, 5, 0, 1, 0, 0, 0, 2, 0, 0,
                                      0, 0, 0, 10, 0, 0, 9, 11, 0, 7, 0, 0, 6, 8, 0, 0};
    EXPECT_EQ(out.download(), want);
}

// ---------------------------------------------------------------------------------------------
// PyTorch golden data, value for value.

TEST_P(Im2colTest, MatchesPyTorchGolden) {
    // Two cases need fp64.
    size_t fp64Cases = 0;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        const aclDataType in = goldenDtype(c.tensor("self").dtype), outType = goldenDtype(c.tensor("out").dtype);
        if (in != ACL_DOUBLE && in != ACL_COMPLEX128 && outType != ACL_COMPLEX128) return "";
        ++fp64Cases;
        return fp64() ? "" : "no fp64 on this device";
    };
    forEachGoldenCase({"im2col.golden", 28, fp64() ? 28u : 26u, noFp64}, [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        const aclDataType in = goldenDtype(s.dtype), outType = goldenDtype(want.dtype);
        DeviceTensor self(s.dims, in), out(want.dims, outType);
        self.upload(s.values);
        out.fillStorage(0xcc);
        Window w{c.ints("kernelSize"), c.ints("dilation"), c.ints("padding"), c.ints("stride")};
        ASSERT_ACL_OK(runIm2col(stream, self, w, out));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], want.values[i]) << "value " << i;
    });
    EXPECT_EQ(fp64Cases, 2u);
}

// ---------------------------------------------------------------------------------------------
// Host references.

// One test per dtype and device (Devices/Im2colEveryDtype.IsCopiedByteForByte/pocl_cpu_0_int8).
class Im2colEveryDtype : public DeviceDtypeTest {};

TEST_P(Im2colEveryDtype, IsCopiedByteForByte) {
    const aclDataType dt = dtype();
    size_t ran = 0;
    // The seeds of each dtype's cases differ from every other dtype's.
    uint64_t seed = 100 + 10 * static_cast<uint64_t>(dt);
    Window k3;
    k3.kernel = {3, 2};
    Window strided{{2, 3}, {2, 1}, {1, 2}, {2, 3}};
    // Rows of 21 columns with unit strides: on Intel's runtime the row kernel copies them 8 at a
    // time (VEC_COPY) and the rest one by one.
    Window wide{{3, 3}, {1, 1}, {1, 1}, {1, 1}};
    for (const Im2colSpec &s : {spec("4-D", dt, 2, 3, 5, 7, k3, Im2colLayout::Contiguous, seed + 1),
                                spec("3-D gapped", dt, 0, 2, 8, 11, strided, Im2colLayout::Gapped, seed + 2),
                                spec("4-D wide rows", dt, 1, 2, 4, 21, wide, Im2colLayout::Contiguous, seed + 3)}) {
        ran += runAndCheckCase(*makeIm2colCase(s), stream);
    }
    // Every case runs, but where the dtype needs fp64 the device lacks (a recorded skip).
    EXPECT_EQ(ran, dt == ACL_DOUBLE && !fp64() ? 0u : 3u);
}

TEST_P(Im2colTest, CastsToOutsDtype) {
    // self and out of different dtypes: small integers, exact in both; out's values and every byte of
    // its storage outside the view are checked.
    // (The golden data has f32->f16, f64->bf16, f16->f32, i32->f32, f32->c64 and bool->i64.)
    // Each pair is a program build of its own (about 0.5 s on PoCL): a few kinds, not every pair.
    const std::pair<aclDataType, aclDataType> pairs[] = {
        {ACL_BF16, ACL_FLOAT16}, {ACL_FLOAT, ACL_BF16}, {ACL_INT64, ACL_INT16}, {ACL_UINT8, ACL_UINT64},
        {ACL_DOUBLE, ACL_FLOAT}};
    Window w{{2, 3}, {1, 2}, {1, 2}, {1, 2}};
    size_t ran = 0, fp64Cases = 0;
    uint64_t seed = 150;
    for (const auto &p : pairs) {
        fp64Cases += p.first == ACL_DOUBLE || p.second == ACL_DOUBLE;
        ran += runAndCheck(spec("cast", p.first, 2, 2, 5, 6, w, Im2colLayout::Gapped, ++seed, p.second));
    }
    EXPECT_EQ(ran, std::size(pairs) - (fp64() ? 0 : fp64Cases));
}

TEST_P(Im2colTest, StridedAndOffsetViews) {
    size_t ran = 0;
    uint64_t seed = 200;
    Window k3;
    k3.kernel = {3, 3};
    Window strided{{2, 3}, {2, 1}, {0, 2}, {1, 2}};
    for (Im2colLayout layout :
         {Im2colLayout::Gapped, Im2colLayout::Offset, Im2colLayout::Transposed, Im2colLayout::InnerStrided}) {
        // One dtype per element size: 1, 2, 4 and 8 bytes; and one cast.
        for (aclDataType dt : {ACL_INT8, ACL_BF16, ACL_FLOAT, ACL_COMPLEX64}) {
            ran += runAndCheck(spec("4-D", dt, 2, 3, 6, 9, k3, layout, ++seed));
            ran += runAndCheck(spec("3-D strided window", dt, 0, 2, 7, 8, strided, layout, ++seed));
        }
        ran += runAndCheck(spec("cast", ACL_INT16, 2, 2, 6, 5, k3, layout, ++seed, ACL_FLOAT));
    }
    EXPECT_EQ(ran, 4u * 9u);
}

TEST_P(Im2colTest, ExtremeGeometries) {
    struct G {
        int64_t N, C, H, W;
        Window w;
        const char *what;
    };
    const std::vector<G> geos = {
        {2, 3, 1, 1, {{1, 1}, {1, 1}, {0, 0}, {1, 1}}, "1x1 image, 1x1 kernel"},
        {1, 2, 2, 3, {{4, 5}, {1, 1}, {2, 2}, {1, 1}}, "kernel larger than the image"},
        {1, 2, 3, 3, {{2, 2}, {1, 1}, {4, 3}, {1, 1}}, "padding larger than the image"},
        {2, 2, 9, 10, {{2, 2}, {1, 1}, {0, 0}, {3, 4}}, "stride larger than the kernel"},
        {1, 2, 9, 8, {{2, 3}, {3, 2}, {2, 1}, {2, 3}}, "dilation and stride"},
        {1, 1, 3, 300, {{3, 7}, {1, 1}, {1, 3}, {1, 1}}, "wide rows"},
        {0, 2, 5, 200, {{1, 9}, {1, 30}, {0, 40}, {1, 7}}, "wide dilated taps"},
        {1, 1, 1, 5, {{1, 5}, {1, 1}, {0, 0}, {1, 1}}, "kernel as wide as the image, one block"},
    };
    uint64_t seed = 300;
    for (const G &g : geos) {
        for (aclDataType dt : {ACL_FLOAT, ACL_INT16, ACL_UINT8}) {
            EXPECT_TRUE(runAndCheck(spec(g.what, dt, g.N, g.C, g.H, g.W, g.w, Im2colLayout::Gapped, ++seed)));
        }
    }
}

// Real sizes. Mesa's llvmpipe stops every loop of one work-item after 65,535 iterations in all, without
// an error; a kernel that walks a whole row, plane or group in one work-item returned wrong data there.
// Self (1, 16, 5000), kernel 1x3: rows of 79,968 columns.
TEST_P(Im2colTest, LongRows) {
    Im2colSpec s =
        specWithGeometry<Im2colSpec>("rows of 79968", Im2colGeometry{0, 1, 16, 5000, 1, 3, 1, 1, 0, 0, 1, 1});
    s.seed = 152;
    EXPECT_TRUE(runAndCheck(*makeIm2colCase(s)));
}

TEST_P(Im2colTest, WideIndexKernelsMatch) {
    // The 64-bit index variant, forced on small tensors (the real thing needs views reaching 2^30).
    aclcl::ScopedTestHook wide(aclcl::TestHook::WideIndex);
    Window w{{3, 2}, {1, 2}, {1, 1}, {2, 1}};
    uint64_t seed = 500;
    for (int element = 0; element < 2; ++element) {
        aclcl::ScopedTestHook kernel(aclcl::TestHook::ManyWorkItemKernels, element);
        for (aclDataType dt : {ACL_FLOAT, ACL_INT8, ACL_COMPLEX64}) {
            EXPECT_TRUE(runAndCheck(spec("wide index", dt, 2, 3, 7, 30, w, Im2colLayout::Transposed, ++seed)));
        }
        EXPECT_TRUE(
            runAndCheck(spec("wide index cast", ACL_BF16, 2, 3, 7, 9, w, Im2colLayout::Gapped, ++seed, ACL_FLOAT)));
    }
}

TEST_P(Im2colTest, GpuElementKernelMatches) {
    // The one-work-item-per-element kernel that GPU devices get, run here on the CPU devices through
    // the Im2col kernel-choice hook (the row kernel runs in every other test on them).
    aclcl::ScopedTestHook elementKernel(aclcl::TestHook::ManyWorkItemKernels);
    uint64_t seed = 600;
    Window k3;
    k3.kernel = {3, 3};
    Window strided{{2, 3}, {2, 1}, {1, 2}, {2, 3}};
    size_t ran = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_UINT8, ACL_FLOAT16, ACL_INT64, ACL_COMPLEX32}) {
        for (Im2colLayout layout : {Im2colLayout::Contiguous, Im2colLayout::Transposed}) {
            ran += runAndCheck(spec("element kernel", dt, 2, 3, 9, 17, k3, layout, ++seed));
            ran += runAndCheck(spec("element kernel, 3-D", dt, 0, 3, 8, 11, strided, layout, ++seed));
        }
    }
    ran += runAndCheck(
        spec("element kernel cast", ACL_INT32, 2, 2, 6, 7, k3, Im2colLayout::InnerStrided, ++seed, ACL_FLOAT16));
    EXPECT_EQ(ran, 21u);
}

TEST_P(Im2colTest, RegisteredBenchmarkCasesPassTheirChecks) {
    // The largest sweep point is bench only.
    runRegisteredCases("Im2col", 4, [](const OpCase &c) { return c.name.find("sweep 16x64") == std::string::npos; });
}

TEST_P(Im2colTest, TwoRunsAreBitIdentical) {
    Window k3;
    k3.kernel = {3, 3};
    auto a = makeIm2colCase(spec("a", ACL_FLOAT16, 2, 8, 20, 30, k3, Im2colLayout::Gapped, 900));
    auto b = makeIm2colCase(spec("b", ACL_FLOAT16, 2, 8, 20, 30, k3, Im2colLayout::Gapped, 900));
    ASSERT_TRUE(runAndCheck(*a));
    ASSERT_TRUE(runAndCheck(*b));
    EXPECT_TRUE(im2colOutStorage(*a) == im2colOutStorage(*b));
}

TEST_P(Im2colTest, ThreadsOnTheirOwnStreamsRunAtOnce) {
    // Four threads, each on its own stream, plan and run over several dtypes at once (the same
    // programs are built and shared); every result is checked byte for byte.
    expectCasesPassOnOwnStreams(device(), 4, 3, [](const ThreadRound &k) {
        const Window w{{3, 2}, {1, 1}, {1, 1}, {1, 2}};
        return makeIm2colCase(spec("thread", k.dtype, 2, 3, 11, 13, w, Im2colLayout::Gapped, k.seed));
    });
}

TEST_P(Im2colTest, NoWorkspaceForAnyView) {
    // Self and out are read and written through their own strides: nothing is packed or staged.
    DeviceTensor s({2, 3, 4, 5}, ACL_FLOAT, {100, 30, 1, 4}, 9), o({2, 12, 30}, ACL_FLOAT, {1, 2, 24}, 3);
    uint64_t ws = 1;
    ASSERT_ACL_OK(runIm2col(stream, s, Window{}, o, &ws));
    EXPECT_EQ(ws, 0u);
}

TEST_P(Im2colTest, RepeatableExecutorRunsTwice) {
    const std::vector<int64_t> self = {2, 3, 9, 11}, out = {2, 12, 120};
    DeviceTensor s(self, ACL_INT32), s2(self, ACL_INT32), o(out, ACL_INT32), want(out, ACL_INT32);
    IntArray k({2, 2}), d({1, 1}), p({1, 1}), st({1, 1});
    s.upload(randomValues(static_cast<size_t>(s.numel()), 1000, -1e6, 1e6));
    s2.upload(randomValues(static_cast<size_t>(s.numel()), 1001, -1e6, 1e6));
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(kIm2col.plan({s, k, d, p, st, o}, &ws, &ex));
    ASSERT_ACL_OK(aclSetAclOpExecutorRepeatable(ex));
    ASSERT_ACL_OK(kIm2col.run(nullptr, ws, ex, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    ASSERT_ACL_OK(runIm2col(stream, s, Window{}, want));
    EXPECT_EQ(o.download(), want.download());
    ASSERT_ACL_OK(aclSetInputTensorAddr(ex, 0, s, s2.data()));
    ASSERT_ACL_OK(kIm2col.run(nullptr, ws, ex, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    ASSERT_ACL_OK(runIm2col(stream, s2, Window{}, want));
    EXPECT_EQ(o.download(), want.download());
    EXPECT_NE(o.download(), std::vector<double>(o.numel(), 0.0));
    EXPECT_ACL_OK(aclDestroyAclOpExecutor(ex));
}

TEST_P(Im2colTest, EmptyBatchSucceedsWithoutWork) {
    DeviceTensor s({0, 3, 4, 5}, ACL_FLOAT), o({0, 12, 30}, ACL_FLOAT);
    IntArray k({2, 2}), d({1, 1}), p({1, 1}), st({1, 1});
    ASSERT_NO_FATAL_FAILURE(runWithoutWorkspace(kIm2col.planPhase({s, k, d, p, st, o}), kIm2col.runPhase(), stream));
}

TEST_P(Im2colTest, OutOverlappingSelfIsRejectedAndWritesNothing) {
    // The shared run-time check (docs/ops): out over self's memory is 161002 and nothing is written.
    DeviceTensor big({200}, ACL_FLOAT);
    big.upload(randomValues(200, 1100));
    // self: the first 24 elements of big's storage; out: elements 10..169.
    const StorageView s(big, {1, 2, 3, 4}, {24, 12, 4, 1}), o(big, {1, 8, 20}, {160, 20, 1}, 10);
    IntArray k({2, 2}), d({1, 1}), p({1, 1}), st({1, 1});
    expectOutOverSelfRejected(big, kIm2col.planPhase({s, k, d, p, st, o}), kIm2col.runPhase(), stream);
}

// ---------------------------------------------------------------------------------------------
// Errors: each documented check returns its code and a message naming the argument, in CANN's order.

// The valid call: k2 p1 s1 over 4 x 5 gives 5 x 6 blocks.
CallSpec im2colCall() {
    return CallSpec(kIm2col, {{"self", TensorArg{{1, 2, 4, 5}}},
                              {"kernelSize", Ints{2, 2}},
                              {"dilation", Ints{1, 1}},
                              {"padding", Ints{1, 1}},
                              {"stride", Ints{1, 1}},
                              {"out", TensorArg{{1, 8, 30}}}});
}

ErrorRows im2colRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    // CANN: only a 4-D self's N may be 0 (checked before the arrays: a bad kernelSize is not reported).
    const auto emptySelf = [](std::vector<int64_t> self) {
        return set("self", shape(std::move(self))) + set("kernelSize", ints({2, 2, 2}));
    };
    const std::vector<std::string> emptyFragments = {"self", "positive", "N may be 0"};
    const std::vector<std::string> outFragments = {"out", "[1, 8, 30]"};
    // Phase one's name, which its messages start with.
    const std::string planName = std::string(kIm2col.api()) + "GetWorkspaceSize";
    return validRow() + ErrorRows{
        {"the valid call, 3-D", set("self", shape({2, 4, 5})) + set("out", shape({8, 30})), ACL_SUCCESS, {}},
    } + outPointerRows() + ErrorRows{
        {"self null", null("self"), ACLNN_ERR_PARAM_NULLPTR, {planName, "[self]", "nullptr"}},
    } + nullRows({"kernelSize", "dilation", "padding", "stride", "[out]"}) + ErrorRows{
        // CANN's order: self, kernelSize, dilation, padding, stride, out.
        {"dilation, padding, stride and out null", null({"dilation", "padding", "stride", "out"}),
         ACLNN_ERR_PARAM_NULLPTR, {"dilation"}},
        shortRow("self"),
        shortRow("out"),
        // COMPLEX128 is not in the docs' list.
        {"self COMPLEX128", set({"self", "out"}, dtype(ACL_COMPLEX128)), INVALID,
         {planName, "self", "COMPLEX128", "DT_COMPLEX32", "DT_BOOL"}},
        {"out STRING", set("out", dtype(ACL_STRING)), INVALID, {"out", "STRING"}},
        {"FLOAT -> INT32", set("out", dtype(ACL_INT32)), INVALID,
         {"out", "DT_FLOAT", "DT_INT32", "floating -> integral"}},
        {"COMPLEX64 -> FLOAT", set("self", dtype(ACL_COMPLEX64)), INVALID, {"out", "DT_COMPLEX64", "complex -> real"}},
        {"INT8 -> BOOL", set("self", dtype(ACL_INT8)) + set("out", dtype(ACL_BOOL)), INVALID,
         {"out", "DT_BOOL", "non-bool -> bool"}},
        {"COMPLEX32 -> COMPLEX64", set("self", dtype(ACL_COMPLEX32)) + set("out", dtype(ACL_COMPLEX64)), INVALID,
         {"out", "DT_COMPLEX32", "self's dtype"}},
        {"FLOAT16 -> COMPLEX32", set("self", dtype(ACL_FLOAT16)) + set("out", dtype(ACL_COMPLEX32)), INVALID,
         {"out", "DT_COMPLEX32", "self's dtype"}},
        withoutFp64Row("self DOUBLE", set({"self", "out"}, dtype(ACL_DOUBLE)), {"self", "fp64"}),
        withoutFp64Row("out DOUBLE", set("out", dtype(ACL_DOUBLE)), {"out", "fp64"}),
        {"self 2-D", set("self", shape({4, 5})), INVALID, {"self", "3 or 4-D", "2-D"}},
        {"self 5-D", set("self", shape({1, 1, 2, 4, 5})), INVALID, {"self", "3 or 4-D", "5-D"}},
        {"self C 0", emptySelf({1, 0, 4, 5}), INVALID, emptyFragments},
        {"self H 0", emptySelf({1, 2, 0, 5}), INVALID, emptyFragments},
        {"self W 0", emptySelf({1, 2, 4, 0}), INVALID, emptyFragments},
        {"3-D self C 0", emptySelf({0, 4, 5}), INVALID, emptyFragments},
        {"kernelSize of 3", set("kernelSize", ints({1, 1, 1})), INVALID, {"kernelSize", "2 values", "3"}},
        {"dilation of 3", set("dilation", ints({1, 1, 1})), INVALID, {"dilation", "2 values", "3"}},
        {"padding of 3", set("padding", ints({1, 1, 1})), INVALID, {"padding", "2 values", "3"}},
        {"stride of 3", set("stride", ints({1, 1, 1})), INVALID, {"stride", "2 values", "3"}},
        // CANN's order: every size before any value; stride's size before kernelSize's value.
        {"stride of 1 and kernelSize 0", set("kernelSize", ints({0, 2})) + set("stride", ints({1})), INVALID,
         {"stride", "2 values"}},
        {"kernelSize 0", set("kernelSize", ints({0, 2})), INVALID, {"kernelSize", "greater than 0", "[0, 2]"}},
        {"stride -1", set("stride", ints({1, -1})), INVALID, {"stride", "greater than 0"}},
        {"dilation 0", set("dilation", ints({0, 1})), INVALID, {"dilation", "greater than 0"}},
        {"padding -1", set("padding", ints({-1, 0})), INVALID, {"padding", "non-negative"}},
        {"kernelSize 2^40", set("kernelSize", ints({1LL << 40, 2})), INVALID, {"kernelSize", "at most"}},
        // CANN's order of the values: kernelSize, stride, dilation, padding.
        {"padding, dilation and stride bad",
         set("padding", ints({-1, 0})) + set("dilation", ints({0, 1})) + set("stride", ints({0, 1})), INVALID,
         {"stride"}},
        // 4 + 2 - 7 < 0: no block in H; 5 + 2 - 8 < 0: none in W.
        {"kernel 7 over H 4", set("kernelSize", ints({7, 2})), INVALID, {"self", "too small", "[1, 2, 4, 5]"}},
        {"kernel 8 over W 5", set("kernelSize", ints({2, 8})), INVALID, {"self", "too small", "(5, 0)"}},
        {"out 31 blocks", set("out", shape({1, 8, 31})), INVALID, outFragments},
        {"out 9 rows", set("out", shape({1, 9, 30})), INVALID, outFragments},
        {"out N 2", set("out", shape({2, 8, 30})), INVALID, outFragments},
        {"out 2-D", set("out", shape({8, 30})), INVALID, outFragments},
        {"out 4-D", set("out", shape({1, 1, 8, 30})), INVALID, outFragments},
        // Every row is the same memory.
        overlapRow("out", {240, 0, 1}),
    } + withoutExecutorRows({"aclnnIm2col"});
}

ACLNN_ERROR_TABLE(Im2colErrors, im2colCall, im2colRows);

INSTANTIATE_ON_ALL_DEVICES(Im2colTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(Im2colEveryDtype, kAllDtypes);

}  // namespace
