// aclnnIm2col: the CANN docs' example, PyTorch golden data, byte-exact host references over every
// dtype, casts to out's dtype, strided and offset views, extreme geometries, both kernels and both
// index widths, determinism, threads, repeatable executors, empty batches, out overlapping self, and
// every documented error in CANN's order.
//
// Tolerances: none. The operator copies elements (and casts small integers, exact in every dtype, or
// PyTorch's cast in the golden data): every comparison is exact.

#include <map>

#include "support/op_test.h"
#include "aclnnop/aclnn_im2col.h"
#include "cases/im2col_cases.h"
#include "cases/im2col_geometry.h"
#include "common/test_hooks.h"
#include "ops/im2col_window.h"

using namespace testing_support;

namespace {

// The window arguments: kernelSize, dilation, padding, stride.
struct Window {
    std::vector<int64_t> kernel = {2, 2}, dilation = {1, 1}, padding = {1, 1}, stride = {1, 1};
};

aclnnStatus runIm2col(aclrtStream stream, const aclTensor *self, const Window &w, const aclTensor *out,
                      uint64_t *wsOut = nullptr) {
    IntArray k(w.kernel), d(w.dilation), p(w.padding), s(w.stride);
    return planAndRun(
        [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnIm2colGetWorkspaceSize(self, k, d, p, s, out, ws, ex); },
        aclnnIm2col, stream, wsOut);
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
    ASSERT_ACL_OK(aclnnIm2colGetWorkspaceSize(s, k, d, p, st, o, &ws, &ex));
    ASSERT_ACL_OK(aclSetAclOpExecutorRepeatable(ex));
    ASSERT_ACL_OK(aclnnIm2col(nullptr, ws, ex, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    ASSERT_ACL_OK(runIm2col(stream, s, Window{}, want));
    EXPECT_EQ(o.download(), want.download());
    ASSERT_ACL_OK(aclSetInputTensorAddr(ex, 0, s, s2.data()));
    ASSERT_ACL_OK(aclnnIm2col(nullptr, ws, ex, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    ASSERT_ACL_OK(runIm2col(stream, s2, Window{}, want));
    EXPECT_EQ(o.download(), want.download());
    EXPECT_NE(o.download(), std::vector<double>(o.numel(), 0.0));
    EXPECT_ACL_OK(aclDestroyAclOpExecutor(ex));
}

TEST_P(Im2colTest, EmptyBatchSucceedsWithoutWork) {
    DeviceTensor s({0, 3, 4, 5}, ACL_FLOAT), o({0, 12, 30}, ACL_FLOAT);
    IntArray k({2, 2}), d({1, 1}), p({1, 1}), st({1, 1});
    ASSERT_NO_FATAL_FAILURE(runWithoutWorkspace(
        [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnIm2colGetWorkspaceSize(s, k, d, p, st, o, ws, ex); },
        aclnnIm2col, stream));
}

TEST_P(Im2colTest, OutOverlappingSelfIsRejectedAndWritesNothing) {
    // The shared run-time check (docs/ops): out over self's memory is 161002 and nothing is written.
    DeviceTensor big({200}, ACL_FLOAT);
    big.upload(randomValues(200, 1100));
    // self: the first 24 elements of big's storage; out: elements 10..169.
    const StorageView s(big, {1, 2, 3, 4}, {24, 12, 4, 1}), o(big, {1, 8, 20}, {160, 20, 1}, 10);
    IntArray k({2, 2}), d({1, 1}), p({1, 1}), st({1, 1});
    expectOutOverSelfRejected(
        big, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnIm2colGetWorkspaceSize(s, k, d, p, st, o, ws, ex); },
        aclnnIm2col, stream);
}

// ---------------------------------------------------------------------------------------------
// Errors: each documented check returns its code and a message naming the argument, in CANN's order.

struct Im2colCall : ErrorCall {
    static constexpr const char *kOp = "aclnnIm2col";
    std::vector<int64_t> selfShape = {1, 2, 4, 5}, outShape = {1, 8, 30};  // k2 p1 s1: 5 x 6 blocks
    aclDataType selfType = ACL_FLOAT, outType = ACL_FLOAT;
    Window w;
    std::vector<int64_t> outStrides;  // empty: contiguous
    bool selfStorageShort = false;    // self a view reaching one element past its declared storage
};

aclnnStatus planCall(const Im2colCall &c, aclrtStream stream) {
    DeviceTensor s(c.selfShape, c.selfType);
    const RowTensor o(TensorArg{c.outShape, c.outType, ACL_FORMAT_ND, c.outStrides});
    const RowTensor self(s, c.selfStorageShort);
    IntArray k(c.w.kernel), d(c.w.dilation), p(c.w.padding), st(c.w.stride);
    return callPhase(
        c,
        [&](uint64_t *ws, aclOpExecutor **ex) {
            return aclnnIm2colGetWorkspaceSize(c.orNull("self", self.get()), c.orNull("kernelSize", k.get()),
                                               c.orNull("dilation", d.get()), c.orNull("padding", p.get()),
                                               c.orNull("stride", st.get()), c.orNull("out", o.get()), ws, ex);
        },
        aclnnIm2col, stream);
}

using Im2colErrors = ErrorTableTest<Im2colCall>;

TEST_P(Im2colErrors, ValidCallSucceeds) {
    // The base of every error below is a valid call: each row changes one thing.
    expectRows({
        {"the valid call", nullptr, ACL_SUCCESS, {}},
        {"the valid call, 3-D", [](Im2colCall &c) {
             c.selfShape = {2, 4, 5};
             c.outShape = {8, 30};
         },
         ACL_SUCCESS, {}},
    });
}

TEST_P(Im2colErrors, NullArguments) {
    expectRows(Rows{{"self null", NullArgs{"self"}, ACLNN_ERR_PARAM_NULLPTR,
                     {"aclnnIm2colGetWorkspaceSize", "[self]", "nullptr"}}} +
               nullRows({"kernelSize", "dilation", "padding", "stride", "[out]"}) +
               // CANN's order: self, kernelSize, dilation, padding, stride, out.
               Rows{{"dilation, padding, stride and out null", NullArgs{"dilation", "padding", "stride", "out"},
                     ACLNN_ERR_PARAM_NULLPTR, {"dilation"}}} +
               phaseRows({"aclnnIm2col"}));
}

TEST_P(Im2colErrors, UnsupportedDtype) {
    expectRows({
        // COMPLEX128 is not in the docs' list.
        {"COMPLEX128", [](Im2colCall &c) { c.selfType = c.outType = ACL_COMPLEX128; }, ACLNN_ERR_PARAM_INVALID,
         {"aclnnIm2colGetWorkspaceSize", "self", "COMPLEX128", "DT_COMPLEX32", "DT_BOOL"}},
        {"out STRING", [](Im2colCall &c) { c.outType = ACL_STRING; }, ACLNN_ERR_PARAM_INVALID, {"out", "STRING"}},
    });
}

// A row's change: self's and out's dtypes.
std::function<void(Im2colCall &)> dtypes(aclDataType self, aclDataType out) {
    return [=](Im2colCall &c) {
        c.selfType = self;
        c.outType = out;
    };
}

TEST_P(Im2colErrors, CastNotAllowed) {
    expectRows({
        {"FLOAT -> INT32", dtypes(ACL_FLOAT, ACL_INT32), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_FLOAT", "DT_INT32", "floating -> integral"}},
        {"COMPLEX64 -> FLOAT", dtypes(ACL_COMPLEX64, ACL_FLOAT), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_COMPLEX64", "complex -> real"}},
        {"INT8 -> BOOL", dtypes(ACL_INT8, ACL_BOOL), ACLNN_ERR_PARAM_INVALID, {"out", "DT_BOOL", "non-bool -> bool"}},
        {"COMPLEX32 -> COMPLEX64", dtypes(ACL_COMPLEX32, ACL_COMPLEX64), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_COMPLEX32", "self's dtype"}},
        {"FLOAT16 -> COMPLEX32", dtypes(ACL_FLOAT16, ACL_COMPLEX32), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_COMPLEX32", "self's dtype"}},
    });
}

TEST_P(Im2colErrors, Fp64WithoutDeviceSupport) {
    if (fp64()) GTEST_SKIP() << "this device has fp64";
    expectRows({
        {"DOUBLE", dtypes(ACL_DOUBLE, ACL_DOUBLE), ACLNN_ERR_PARAM_INVALID, {"self", "fp64"}},
        {"out DOUBLE", dtypes(ACL_FLOAT, ACL_DOUBLE), ACLNN_ERR_PARAM_INVALID, {"out", "fp64"}},
    });
}

TEST_P(Im2colErrors, RankNot3Or4) {
    expectRows({
        {"2-D", [](Im2colCall &c) { c.selfShape = {4, 5}; }, ACLNN_ERR_PARAM_INVALID, {"self", "3 or 4-D", "2-D"}},
        {"5-D", [](Im2colCall &c) { c.selfShape = {1, 1, 2, 4, 5}; }, ACLNN_ERR_PARAM_INVALID,
         {"self", "3 or 4-D", "5-D"}},
    });
}

TEST_P(Im2colErrors, ZeroDimOutsideTheBatch) {
    // CANN: only a 4-D self's N may be 0 (checked before the arrays: a bad kernelSize is not reported).
    const auto emptySelf = [](std::vector<int64_t> self) {
        return [=](Im2colCall &c) {
            c.selfShape = self;
            c.w.kernel = {2, 2, 2};
        };
    };
    const std::vector<std::string> fragments = {"self", "positive", "N may be 0"};
    expectRows({
        {"C 0", emptySelf({1, 0, 4, 5}), ACLNN_ERR_PARAM_INVALID, fragments},
        {"H 0", emptySelf({1, 2, 0, 5}), ACLNN_ERR_PARAM_INVALID, fragments},
        {"W 0", emptySelf({1, 2, 4, 0}), ACLNN_ERR_PARAM_INVALID, fragments},
        {"3-D C 0", emptySelf({0, 4, 5}), ACLNN_ERR_PARAM_INVALID, fragments},
    });
}

TEST_P(Im2colErrors, ArraySizeNot2) {
    expectRows({
        {"kernelSize of 3", [](Im2colCall &c) { c.w.kernel = {1, 1, 1}; }, ACLNN_ERR_PARAM_INVALID,
         {"kernelSize", "2 values", "3"}},
        {"dilation of 3", [](Im2colCall &c) { c.w.dilation = {1, 1, 1}; }, ACLNN_ERR_PARAM_INVALID,
         {"dilation", "2 values", "3"}},
        {"padding of 3", [](Im2colCall &c) { c.w.padding = {1, 1, 1}; }, ACLNN_ERR_PARAM_INVALID,
         {"padding", "2 values", "3"}},
        {"stride of 3", [](Im2colCall &c) { c.w.stride = {1, 1, 1}; }, ACLNN_ERR_PARAM_INVALID,
         {"stride", "2 values", "3"}},
        // CANN's order: every size before any value; stride's size before kernelSize's value.
        {"stride of 1 and kernelSize 0", [](Im2colCall &c) {
             c.w.kernel = {0, 2};
             c.w.stride = {1};
         },
         ACLNN_ERR_PARAM_INVALID, {"stride", "2 values"}},
    });
}

TEST_P(Im2colErrors, AttributeValuesOutOfRange) {
    expectRows({
        {"kernelSize 0", [](Im2colCall &c) { c.w.kernel = {0, 2}; }, ACLNN_ERR_PARAM_INVALID,
         {"kernelSize", "greater than 0", "[0, 2]"}},
        {"stride -1", [](Im2colCall &c) { c.w.stride = {1, -1}; }, ACLNN_ERR_PARAM_INVALID, {"stride", "greater than 0"}},
        {"dilation 0", [](Im2colCall &c) { c.w.dilation = {0, 1}; }, ACLNN_ERR_PARAM_INVALID,
         {"dilation", "greater than 0"}},
        {"padding -1", [](Im2colCall &c) { c.w.padding = {-1, 0}; }, ACLNN_ERR_PARAM_INVALID, {"padding", "non-negative"}},
        {"kernelSize 2^40", [](Im2colCall &c) { c.w.kernel = {1LL << 40, 2}; }, ACLNN_ERR_PARAM_INVALID,
         {"kernelSize", "at most"}},
        // CANN's order of the values: kernelSize, stride, dilation, padding.
        {"padding, dilation and stride bad", [](Im2colCall &c) {
             c.w.padding = {-1, 0};
             c.w.dilation = {0, 1};
             c.w.stride = {0, 1};
         },
         ACLNN_ERR_PARAM_INVALID, {"stride"}},
    });
}

TEST_P(Im2colErrors, NoSlidingBlocks) {
    // 4 + 2 - 7 < 0: no block in H.
    expectRows({{"kernel 7 over H 4", [](Im2colCall &c) { c.w.kernel = {7, 2}; }, ACLNN_ERR_PARAM_INVALID,
                 {"self", "too small", "[1, 2, 4, 5]"}}});
}

TEST_P(Im2colErrors, OutShapeWrong) {
    const auto out = [](std::vector<int64_t> shape) { return [=](Im2colCall &c) { c.outShape = shape; }; };
    const std::vector<std::string> fragments = {"out", "[1, 8, 30]"};
    expectRows({
        {"31 blocks", out({1, 8, 31}), ACLNN_ERR_PARAM_INVALID, fragments},
        {"9 rows", out({1, 9, 30}), ACLNN_ERR_PARAM_INVALID, fragments},
        {"N 2", out({2, 8, 30}), ACLNN_ERR_PARAM_INVALID, fragments},
        {"2-D", out({8, 30}), ACLNN_ERR_PARAM_INVALID, fragments},
        {"4-D", out({1, 1, 8, 30}), ACLNN_ERR_PARAM_INVALID, fragments},
    });
}

TEST_P(Im2colErrors, OverlappingOut) {
    // Every row is the same memory.
    expectRows({overlapRow("out", [](Im2colCall &c) { c.outStrides = {240, 0, 1}; })});
}

TEST_P(Im2colErrors, MalformedView) {
    expectRows({shortRow("self", [](Im2colCall &c) { c.selfStorageShort = true; })});
}

INSTANTIATE_ON_ALL_DEVICES(Im2colTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(Im2colEveryDtype, kAllDtypes);
INSTANTIATE_ON_ALL_DEVICES(Im2colErrors);

}  // namespace
