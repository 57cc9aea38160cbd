// aclnnMaxUnpool2d: the CANN docs' example, PyTorch golden data, byte-exact host references over every
// dtype and both index dtypes, strided and offset views, duplicate indices (the documented rule: the
// highest flat position wins) on both kernels, extremes, the wide-index kernels, determinism, threads,
// a repeatable executor, empty tensors, the bad-index fault, out overlapping self, and every documented
// error in CANN's order.
//
// Tolerances: none. The operator copies elements; every comparison is of bytes or values, exactly
// (tests/cases/max_unpool2d_cases.cpp compares out's whole storage byte for byte).

#include <algorithm>
#include <cmath>
#include <map>

#include "support/error_rows.h"
#include "support/fault_checks.h"
#include "support/op_test.h"
#include "cases/max_unpool2d_cases.h"
#include "cases/max_unpool2d_geometry.h"
#include "common/dtype.h"
#include "common/test_hooks.h"
#include "harness/max_unpool2d.h"
#include "ops/max_unpool2d_common.h"
#include "runtime/device.h"

using namespace testing_support;

namespace {

aclnnStatus runOp(aclrtStream stream, const aclTensor *self, const aclTensor *indices,
                  const std::vector<int64_t> &outputSize, aclTensor *out, uint64_t *wsOut = nullptr) {
    return planAndRun(kMaxUnpool2d, {self, indices, IntArray(outputSize), out}, stream, wsOut);
}

// Plans and enqueues (the synchronize is left to the caller, who frees *workspace after it: the GPU
// kernels keep their claim words there).
aclnnStatus enqueueOp(aclrtStream stream, const aclTensor *self, const aclTensor *indices,
                      const std::vector<int64_t> &outputSize, aclTensor *out, void **workspace) {
    IntArray size(outputSize);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    *workspace = nullptr;
    const aclnnStatus st = kMaxUnpool2d.plan({self, indices, size, out}, &ws, &ex);
    if (st != ACL_SUCCESS) return st;
    if (ws != 0 && aclrtMalloc(workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return -1;
    return kMaxUnpool2d.run(*workspace, ws, ex, stream);
}

// Every value dtype the operator accepts (CANN's list, BF16 and BOOL): the library's list.
const std::vector<aclDataType> kAllDtypes = aclcl::kUnpoolValueDtypes;

// "[2, 3, 4]", as the messages print shapes.
std::string shapeText(const std::vector<int64_t> &dims) {
    std::string s = "[";
    for (size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
    return s + "]";
}

// A small case (kSmallUnpool: 2 x 3 x 5 x 7 unpooled into 9 x 11).
MaxUnpool2dSpec small(const std::string &name, aclDataType dtype, aclDataType indices) {
    MaxUnpool2dSpec s = specWithGeometry<MaxUnpool2dSpec>(name, kSmallUnpool);
    s.dtype = dtype;
    s.indices = indices;
    return s;
}

class MaxUnpool2dTest : public SpecOpTest<MaxUnpool2dSpec, makeMaxUnpool2dCase> {};

// ---------------------------------------------------------------------------------------------
// The CANN docs' example: 1..4 unpooled to 4x4 at 3, 8, 11, 13.

TEST_P(MaxUnpool2dTest, CannDocsExample) {
    DeviceTensor self({1, 1, 2, 2}, ACL_FLOAT), indices({1, 1, 2, 2}, ACL_INT64), out({1, 1, 4, 4}, ACL_FLOAT);
    self.upload({1, 2, 3, 4});
    indices.upload({3, 8, 11, 13});
    out.fillStorage(0x7f);
    ASSERT_ACL_OK(runOp(stream, self, indices, {4, 4}, out));
    EXPECT_EQ(out.download(), (std::vector<double>{0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 3, 0, 4, 0, 0}));
}

// ---------------------------------------------------------------------------------------------
// PyTorch golden data, value for value.

TEST_P(MaxUnpool2dTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 20, kFp64Cases = 1;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        return goldenDtype(c.tensor("self").dtype) == ACL_DOUBLE && !fp64() ? "no fp64 on this device" : "";
    };
    const size_t minimumRuns = fp64() ? kFileCases : kFileCases - kFp64Cases;
    forEachGoldenCase({"max_unpool2d.golden", kFileCases, minimumRuns, noFp64}, [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &ix = c.tensor("indices"), &want = c.tensor("out");
        const aclDataType dtype = goldenDtype(s.dtype);
        DeviceTensor self(s.dims, dtype), indices(ix.dims, goldenDtype(ix.dtype)), out(want.dims, dtype);
        self.upload(s.values);
        indices.upload(ix.values);
        out.fillStorage(0xcc);
        ASSERT_ACL_OK(runOp(stream, self, indices, c.ints("outputSize"), out));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(sameValue(got[i], want.values[i])) << "value " << i << ": " << got[i] << " vs " << want.values[i];
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Byte-exact host references, on the automatic kernel and the other one (ManyWorkItemKernels forces the
// claim kernels GPUs get).

// One test per dtype and device (Devices/MaxUnpool2dEveryDtype.IsCopiedByteForByte/pocl_cpu_0_bf16).
class MaxUnpool2dEveryDtype : public DeviceDtypeTest {};

TEST_P(MaxUnpool2dEveryDtype, IsCopiedByteForByte) {
    const aclDataType dt = dtype();
    size_t ran = 0;
    // The seeds of each dtype's cases differ from every other dtype's.
    uint64_t seed = 100 + 10 * static_cast<uint64_t>(dt);
    for (bool claims : {false, true}) {
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::ManyWorkItemKernels, claims);
        for (aclDataType ix : {ACL_INT32, ACL_INT64}) {
            MaxUnpool2dSpec s = small(
                std::string(aclcl::dtypeName(dt)) + " idx " + aclcl::dtypeName(ix) + (claims ? " claims" : " planes"),
                dt, ix);
            s.seed = ++seed;
            if (ix == ACL_INT32) {  // 3-D, and gaps in every dimension
                s.N = 0;
                s.layout = UnpoolLayout::Padded;
            }
            ran += runAndCheckCase(*makeMaxUnpool2dCase(s), stream);
        }
    }
    // Every case runs, but where the dtype needs fp64 the device lacks (a recorded skip).
    EXPECT_EQ(ran, dt == ACL_DOUBLE && !fp64() ? 0u : 4u);
}

TEST_P(MaxUnpool2dTest, StridedAndOffsetViews) {
    size_t ran = 0;
    uint64_t seed = 200;
    for (bool claims : {false, true}) {
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::ManyWorkItemKernels, claims);
        for (UnpoolLayout layout : {UnpoolLayout::Offset, UnpoolLayout::Padded, UnpoolLayout::InnerStrided,
                                    UnpoolLayout::PlaneTransposed}) {
            for (int64_t N : {int64_t{0}, int64_t{2}}) {
                // One dtype per element size: 1, 2, 4 and 8 bytes.
                for (aclDataType dt : {ACL_UINT8, ACL_BF16, ACL_FLOAT, ACL_INT64}) {
                    MaxUnpool2dSpec s = small("view", dt, N ? ACL_INT64 : ACL_INT32);
                    s.N = N;
                    s.layout = layout;
                    s.seed = ++seed;
                    ran += runAndCheck(s);
                }
            }
        }
    }
    EXPECT_EQ(ran, 2u * 4u * 2u * 4u);
}

TEST_P(MaxUnpool2dTest, DuplicateIndicesTheLastInputWins) {
    // Many inputs per position (about three each), on both kernels, with planes wider than one
    // work-group's chunk (so that duplicates fall in one chunk and across chunks).
    size_t ran = 0;
    uint64_t seed = 300;
    for (bool claims : {false, true}) {
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::ManyWorkItemKernels, claims);
        for (aclDataType dt : {ACL_FLOAT, ACL_INT8, ACL_FLOAT16}) {
            MaxUnpool2dSpec s = small(claims ? "duplicates, claims" : "duplicates, planes", dt, ACL_INT64);
            s.H = 24;
            s.W = 30;
            s.oH = 25;
            s.oW = 31;
            s.pick = UnpoolIndices::Duplicates;
            s.seed = ++seed;
            ran += runAndCheck(s);
            s.layout = UnpoolLayout::PlaneTransposed;
            s.indices = ACL_INT32;
            s.seed = ++seed;
            ran += runAndCheck(s);
        }
    }
    EXPECT_EQ(ran, 12u);
    // Every input names position 0: the last one's value is the result.
    for (bool claims : {false, true}) {
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::ManyWorkItemKernels, claims);
        DeviceTensor self({1, 20, 30}, ACL_INT32), indices({1, 20, 30}, ACL_INT32), out({1, 25, 30}, ACL_INT32);
        std::vector<double> v(600);
        for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i) + 1;
        self.upload(v);
        indices.upload(std::vector<double>(600, 0.0));
        ASSERT_ACL_OK(runOp(stream, self, indices, {25, 30}, out));
        const std::vector<double> got = out.download();
        EXPECT_EQ(got[0], 600.0) << (claims ? "claims" : "planes");
        for (size_t i = 1; i < got.size(); ++i) ASSERT_EQ(got[i], 0.0) << i;
    }
}

TEST_P(MaxUnpool2dTest, Extremes) {
    struct S {
        const char *name;
        MaxUnpool2dGeometry g;
        UnpoolIndices pick;
    };
    const S shapes[] = {
        {"output plane = input plane (a permutation)", {2, 3, 4, 5, 5, 4}, UnpoolIndices::Unique},
        {"output plane 1x1", {2, 2, 1, 1, 1, 1}, UnpoolIndices::Unique},
        {"output 1 row", {1, 3, 2, 3, 1, 9}, UnpoolIndices::Unique},
        {"output 1 column", {0, 3, 3, 2, 7, 1}, UnpoolIndices::Unique},
        {"pooled k2s2, odd output", {2, 3, 6, 7, 13, 15}, UnpoolIndices::Pooled},
        {"large output plane", {0, 2, 3, 3, 70, 90}, UnpoolIndices::Unique},
        {"many planes", {4, 40, 2, 3, 4, 6}, UnpoolIndices::Unique},
    };
    uint64_t seed = 400;
    for (bool claims : {false, true}) {
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::ManyWorkItemKernels, claims);
        for (const S &z : shapes) {
            MaxUnpool2dSpec s = small(std::string(z.name) + (claims ? ", claims" : ", planes"), ACL_FLOAT, ACL_INT64);
            setGeometry(s, z.g);
            s.pick = z.pick;
            s.seed = ++seed;
            EXPECT_TRUE(runAndCheck(s));
        }
    }
}

// Real sizes. Mesa's llvmpipe stops every loop of one work-item after 65,535 iterations in all, without
// an error; a kernel that walks a whole row, plane or group in one work-item returned wrong data there.
// Output planes of 256x512 (a SegNet decoder at 512x512): the per-plane kernel zeroed 131,072
// positions in one work-item.
TEST_P(MaxUnpool2dTest, LargePlanes) {
    MaxUnpool2dSpec s = small("256x512 output planes", ACL_FLOAT, ACL_INT64);
    setGeometry(s, {1, 2, 128, 256, 256, 512});
    s.pick = UnpoolIndices::Pooled;
    s.seed = 155;
    EXPECT_TRUE(runAndCheck(s));
}

TEST_P(MaxUnpool2dTest, WideIndexKernelsMatch) {
    // The 64-bit index variants, forced on small tensors (the real thing needs views reaching 2^30).
    aclcl::ScopedTestHook wide(aclcl::TestHook::WideIndex);
    uint64_t seed = 500;
    for (bool claims : {false, true}) {
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::ManyWorkItemKernels, claims);
        for (UnpoolLayout layout : {UnpoolLayout::Contiguous, UnpoolLayout::PlaneTransposed}) {
            MaxUnpool2dSpec s = small("wide index", ACL_FLOAT16, ACL_INT64);
            s.layout = layout;
            s.pick = UnpoolIndices::Duplicates;
            s.seed = ++seed;
            EXPECT_TRUE(runAndCheck(s));
        }
    }
}

TEST_P(MaxUnpool2dTest, RegisteredBenchmarkCasesPassTheirChecks) {
    // The smaller sweep points (the speed case and the two largest are bench only).
    runRegisteredCases("MaxUnpool2d", 3,
                       [](const OpCase &c) { return !c.speedCase && c.name.find("sweep 8x") == std::string::npos; });
}

TEST_P(MaxUnpool2dTest, TwoRunsAreBitIdentical) {
    for (bool claims : {false, true}) {
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::ManyWorkItemKernels, claims);
        MaxUnpool2dSpec s = small("determinism", ACL_FLOAT, ACL_INT64);
        s.H = s.W = 20;
        s.oH = s.oW = 21;
        s.pick = UnpoolIndices::Duplicates;
        s.seed = 900;
        auto a = makeMaxUnpool2dCase(s), b = makeMaxUnpool2dCase(s);
        ASSERT_TRUE(runAndCheck(*a));
        ASSERT_TRUE(runAndCheck(*b));
        EXPECT_TRUE(maxUnpool2dOutStorage(*a) == maxUnpool2dOutStorage(*b));
    }
}

TEST_P(MaxUnpool2dTest, ThreadsOnTheirOwnStreamsRunAtOnce) {
    expectCasesPassOnOwnStreams(device(), 4, 3, [](const ThreadRound &k) {
        const bool odd = (k.t + k.r) % 2;
        MaxUnpool2dSpec s = small("thread", k.dtype, odd ? ACL_INT32 : ACL_INT64);
        s.pick = odd ? UnpoolIndices::Duplicates : UnpoolIndices::Unique;
        s.layout = UnpoolLayout::Padded;
        s.seed = k.seed;
        return makeMaxUnpool2dCase(s);
    });
}

// Views are addressed in place, so the CPU kernel needs no workspace for any of them; the GPU kernels
// need their claim words, 4 bytes per element of out, whatever the views and the dtype.
TEST_P(MaxUnpool2dTest, WorkspaceOnlyForTheClaimWords) {
    for (bool claims : {false, true}) {
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::ManyWorkItemKernels, claims);
        for (aclDataType dt : {ACL_FLOAT, ACL_INT8, ACL_INT64}) {
            SCOPED_TRACE(std::string(claims ? "claims " : "automatic ") + aclcl::dtypeName(dt));
            DeviceTensor s({2, 3, 4, 5}, dt, {100, 30, 1, 4}, 9), ix({2, 3, 4, 5}, ACL_INT32, {60, 1, 15, 3}, 2),
                o({2, 3, 6, 8}, dt, {1, 2, 6 * 8 * 6, 6 * 6}, 3);
            ix.upload(std::vector<double>(120, 7.0));
            uint64_t ws = 1;
            ASSERT_ACL_OK(runOp(stream, s, ix, {6, 8}, o, &ws));
            // The GPU kernels run on GPUs and rusticl, and here where forced (docs/ops/max_unpool2d.md).
            const bool gpuKernels = claims || aclcl::deviceAt(device()).manyWorkItemKernels();
            EXPECT_EQ(ws, gpuKernels ? 4u * 2 * 3 * 6 * 8 : 0u);
        }
    }
}

TEST_P(MaxUnpool2dTest, RepeatableExecutorRunsTwice) {
    DeviceTensor s({2, 3, 4, 5}, ACL_INT32), s2({2, 3, 4, 5}, ACL_INT32), ix({2, 3, 4, 5}, ACL_INT64),
        o({2, 3, 6, 7}, ACL_INT32), want({2, 3, 6, 7}, ACL_INT32);
    s.upload(randomValues(120, 1000, -1e6, 1e6));
    s2.upload(randomValues(120, 1001, -1e6, 1e6));
    std::vector<double> idx(120);
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<double>((i * 11) % 42);
    ix.upload(idx);
    IntArray size({6, 7});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(kMaxUnpool2d.plan({s, ix, size, o}, &ws, &ex));
    ASSERT_ACL_OK(aclSetAclOpExecutorRepeatable(ex));
    void *w = nullptr;
    if (ws > 0) ASSERT_ACL_OK(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(kMaxUnpool2d.run(w, ws, ex, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    ASSERT_ACL_OK(runOp(stream, s, ix, {6, 7}, want));
    EXPECT_EQ(o.download(), want.download());
    ASSERT_ACL_OK(aclSetInputTensorAddr(ex, 0, s, s2.data()));
    ASSERT_ACL_OK(kMaxUnpool2d.run(w, ws, ex, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    ASSERT_ACL_OK(runOp(stream, s2, ix, {6, 7}, want));
    EXPECT_EQ(o.download(), want.download());
    EXPECT_ACL_OK(aclDestroyAclOpExecutor(ex));
    if (w) aclrtFree(w);
}

TEST_P(MaxUnpool2dTest, EmptySelfSucceedsWithoutWork) {
    // CANN's rule: only dimension 0 may be empty (N of a 4-D self, C of a 3-D one).
    for (const std::vector<int64_t> &self : {std::vector<int64_t>{0, 3, 2, 2}, std::vector<int64_t>{0, 2, 2}}) {
        std::vector<int64_t> outShape = self;
        outShape[outShape.size() - 2] = 4;
        outShape[outShape.size() - 1] = 3;
        DeviceTensor s(self, ACL_FLOAT), ix(self, ACL_INT64), o(outShape, ACL_FLOAT);
        IntArray size({4, 3});
        ASSERT_NO_FATAL_FAILURE(runWithoutWorkspace(kMaxUnpool2d.planPhase({s, ix, size, o}), kMaxUnpool2d.runPhase(), stream));
    }
}

// An index outside [0, oH*oW): nothing written there (no write out of bounds: out's storage beyond the
// view keeps its fill), 507015 at the next synchronize naming the operator, the index and its position,
// and the stream keeps working.
TEST_P(MaxUnpool2dTest, BadIndexFaultsAtSynchronize) {
    struct Bad {
        int64_t position, value;
    };
    const Bad bads[] = {{5, 12}, {9, -1}, {0, int64_t{1} << 40}, {31, 13}};
    for (bool claims : {false, true}) {
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::ManyWorkItemKernels, claims);
        for (const Bad &b : bads) {
            SCOPED_TRACE(std::string(claims ? "claims" : "planes") + ", index " + std::to_string(b.value));
            // out: 2 planes of 3x4 inside a storage of 3 planes, so that a write past the view shows.
            int64_t storage = 36;
            DeviceTensor self({1, 2, 2, 4}, ACL_FLOAT), indices({1, 2, 2, 4}, ACL_INT64), backing({36}, ACL_FLOAT);
            aclTensor *out = aclCreateTensor(std::vector<int64_t>{1, 2, 3, 4}.data(), 4, ACL_FLOAT,
                                             std::vector<int64_t>{24, 12, 4, 1}.data(), 0, ACL_FORMAT_ND, &storage, 1,
                                             backing.data());
            std::vector<double> v(16);
            for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i) + 100;
            self.upload(v);
            std::vector<double> idx(16);
            for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<double>((i * 5) % 12);  // distinct per plane
            const size_t pos = static_cast<size_t>(b.position % 16);
            idx[pos] = static_cast<double>(b.value);
            indices.upload(idx);
            backing.upload(std::vector<double>(36, -7.0));
            void *ws = nullptr;
            ASSERT_ACL_OK(enqueueOp(stream, self, indices, {3, 4}, out, &ws));
            EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
            if (ws) aclrtFree(ws);
            const std::string msg = aclGetRecentErrMsg();
            EXPECT_NE(msg.find("aclnnMaxUnpool2d"), std::string::npos) << msg;
            EXPECT_NE(msg.find(std::to_string(b.value)), std::string::npos) << msg;
            EXPECT_NE(msg.find("position " + std::to_string(pos)), std::string::npos) << msg;
            EXPECT_NE(msg.find("outside out's plane [0, 12)"), std::string::npos) << msg;
            EXPECT_NE(msg.find("written nowhere"), std::string::npos) << msg;
            std::vector<double> want(36, -7.0);
            for (size_t p = 0; p < 2; ++p) {
                for (size_t k = 0; k < 12; ++k) want[p * 12 + k] = 0.0;
                for (size_t i = 0; i < 8; ++i) {
                    if (p * 8 + i != pos) want[p * 12 + static_cast<size_t>(idx[p * 8 + i])] = v[p * 8 + i];
                }
            }
            EXPECT_EQ(backing.download(), want);
            // The fault was reported once; the stream is usable again.
            EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
            idx[pos] = (pos * 5) % 12;
            indices.upload(idx);
            EXPECT_ACL_OK(runOp(stream, self, indices, {3, 4}, out));
            aclDestroyTensor(out);
        }
    }
}

// Several bad indices in one call, on both kernels: the fault names the one at the smallest position on
// every run, in whatever order the work-items run (the last of plane 0 against the first of every later
// plane, every index, a few scattered).
TEST_P(MaxUnpool2dTest, SeveralBadIndicesNameTheSmallestPosition) {
    for (bool claims : {false, true}) {
        SCOPED_TRACE(claims ? "claims" : "planes");
        aclcl::ScopedTestHook kernelChoice(aclcl::TestHook::ManyWorkItemKernels, claims);
        DeviceTensor self({2, 4, 3, 3}, ACL_FLOAT), indices({2, 4, 3, 3}, ACL_INT64), out({2, 4, 4, 4}, ACL_FLOAT);
        self.upload(randomValues(72, 4));
        expectUnpoolFaultsNameTheSmallestPosition(stream, indices, "aclnnMaxUnpool2d", [&](void **ws) {
            return enqueueOp(stream, self, indices, {4, 4}, out, ws);
        });
    }
}

TEST_P(MaxUnpool2dTest, OutOverlappingSelfIsRejectedAndWritesNothing) {
    DeviceTensor big({60}, ACL_FLOAT), ix({1, 2, 3, 4}, ACL_INT64);
    big.upload(randomValues(60, 1100));
    ix.upload(std::vector<double>(24, 1.0));
    const StorageView s(big, {1, 2, 3, 4}, {24, 12, 4, 1}), o(big, {1, 2, 5, 6}, {60, 30, 6, 1});
    IntArray size({5, 6});
    expectOutOverSelfRejected(big, kMaxUnpool2d.planPhase({s, ix, size, o}), kMaxUnpool2d.runPhase(), stream);
}

// ---------------------------------------------------------------------------------------------
// Errors: each documented check returns its code and a message naming the argument, in CANN's order.

CallSpec unpoolCall() {
    return CallSpec(kMaxUnpool2d, {{"self", TensorArg{{2, 3, 4, 4}}},
                                   {"indices", TensorArg{{2, 3, 4, 4}, ACL_INT64}},
                                   {"outputSize", Ints{6, 5}},
                                   {"out", TensorArg{{2, 3, 6, 5}}}});
}

// self, indices and out as one geometry: self's shape, out's plane H x W.
Change unpoolShapes(const std::vector<int64_t> &self, int64_t H, int64_t W) {
    std::vector<int64_t> out = self;
    out[out.size() - 2] = H;
    out[out.size() - 1] = W;
    return set({"self", "indices"}, shape(self)) + set("out", shape(out));
}

ErrorRows unpoolRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    ErrorRows rows = validRow() + outPointerRows() + nullRows({"[self]", "[indices]", "[outputSize]", "[out]"}) + ErrorRows{
        // CANN's order: self first.
        {"all four null", null({"self", "indices", "outputSize", "out"}), ACLNN_ERR_PARAM_NULLPTR, {"[self]"}},
    };
    for (aclDataType dt : {ACL_COMPLEX64, ACL_UINT32, ACL_UINT16}) {
        rows.push_back({std::string("self ") + aclcl::dtypeName(dt), set({"self", "out"}, dtype(dt)), INVALID,
                        {"self", aclcl::dtypeName(dt), "DT_FLOAT16", "DT_BOOL"}});
    }
    rows = rows + ErrorRows{
        {"out FLOAT16", set("out", dtype(ACL_FLOAT16)), INVALID, {"out", "self", "FLOAT16"}},
        // CANN's order: out's dtype before indices' dtype.
        {"out FLOAT16, indices INT16", set("out", dtype(ACL_FLOAT16)) + set("indices", dtype(ACL_INT16)), INVALID,
         {"out", "FLOAT16"}},
    };
    for (aclDataType dt : {ACL_INT16, ACL_FLOAT, ACL_UINT64}) {
        rows.push_back({std::string("indices ") + aclcl::dtypeName(dt), set("indices", dtype(dt)), INVALID,
                        {"indices", aclcl::dtypeName(dt), "DT_INT32", "DT_INT64"}});
    }
    rows = rows + ErrorRows{
        withoutFp64Row("self DOUBLE", set({"self", "out"}, dtype(ACL_DOUBLE)), {"self", "fp64"}),
        {"self 2-D", unpoolShapes({4, 4}, 6, 5), INVALID, {"self", "3 or 4", "2-D"}},
        {"self 5-D", unpoolShapes({1, 2, 3, 4, 4}, 6, 5), INVALID, {"self", "5-D"}},
        {"indices 3-D", set("indices", shape({3, 4, 4})), INVALID, {"indices", "4-D", "3-D"}},
        {"indices W 5", set("indices", shape({2, 3, 4, 5})), INVALID, {"indices", "[2, 3, 4, 5]", "[2, 3, 4, 4]"}},
    };
    // CANN's rule: only dimension 0 may be empty.
    for (const std::vector<int64_t> &self : {std::vector<int64_t>{2, 0, 4, 4}, std::vector<int64_t>{2, 3, 0, 4},
                                             std::vector<int64_t>{2, 3, 4, 0}, std::vector<int64_t>{3, 0, 4}}) {
        rows.push_back({"self " + shapeText(self), unpoolShapes(self, 6, 5), INVALID,
                        {"self", "non-empty", shapeText(self)}});
    }
    rows = rows + ErrorRows{
        {"outputSize of 1", set("outputSize", ints({6})), INVALID, {"outputSize", "2 values", "1"}},
        {"outputSize of 3", set("outputSize", ints({6, 5, 1})), INVALID, {"outputSize", "2 values", "3"}},
        {"outputSize H 0", set("outputSize", ints({0, 5})), INVALID, {"outputSize", "greater than 0", "[0, 5]"}},
        {"outputSize W -1", set("outputSize", ints({6, -1})), INVALID, {"outputSize", "greater than 0", "[6, -1]"}},
        // 15 < 16.
        {"outputSize 3 x 5", set("outputSize", ints({3, 5})) + set("out", shape({2, 3, 3, 5})), INVALID,
         {"outputSize", "at least", "4 x 4", "[3, 5]"}},
    };
    for (const std::vector<int64_t> &out : {std::vector<int64_t>{2, 3, 5, 6}, std::vector<int64_t>{2, 4, 6, 5},
                                            std::vector<int64_t>{1, 3, 6, 5}, std::vector<int64_t>{3, 6, 5}}) {
        rows.push_back({"out " + shapeText(out), set("out", shape(out)), INVALID, {"out", "[2, 3, 6, 5]", shapeText(out)}});
    }
    // Every row of a plane is the same memory.
    return rows + ErrorRows{overlapRow("out", {90, 30, 0, 1})} + withoutExecutorRows();
}

ACLNN_ERROR_TABLE(MaxUnpool2dErrors, unpoolCall, unpoolRows);

INSTANTIATE_ON_ALL_DEVICES(MaxUnpool2dTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(MaxUnpool2dEveryDtype, kAllDtypes);

}  // namespace
