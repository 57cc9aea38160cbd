// aclnnReflectionPad2d / aclnnReplicationPad2d: the CANN docs' example, PyTorch golden data, byte-exact
// host references over every dtype, strided and offset views, extremes, the wide-index kernel,
// determinism, repeatable executors, empty tensors, output overlapping self, and every documented
// error in CANN's order.
//
// Tolerances: none. Both operators copy elements; every comparison is of values or bytes, exactly
// (tests/cases/pad2d_cases.cpp compares out's whole storage byte for byte).

#include <limits>
#include <map>

#include "support/error_rows.h"
#include "support/op_test.h"
#include "cases/pad2d_cases.h"
#include "common/test_hooks.h"
#include "harness/pad2d.h"
#include "ops/pad2d_padding.h"
#include "pad2d_test_helpers.h"
#include "support/row_stream_params.h"

using namespace testing_support;
using namespace pad2d_tests;

namespace {

using Mode = PadMode;

const Mode kReflection{true, "ReflectionPad2d", kReflectionPad2d};
const Mode kReplication{false, "ReplicationPad2d", kReplicationPad2d};

aclnnStatus runOp(const Mode &m, aclrtStream stream, const aclTensor *self, const aclIntArray *pad, aclTensor *out,
                  uint64_t *wsOut = nullptr) {
    return planAndRun(m.op, {self, pad, out}, stream, wsOut);
}

// Every dtype the CANN docs list for both operators: the library's list.
const std::vector<aclDataType> kAllDtypes = aclcl::kPad2dDtypes;

// OpTest::runAndCheck checks every byte of out's storage (pad2d_cases.cpp).
class Pad2dTest : public OpTest {};

// ---------------------------------------------------------------------------------------------
// The CANN docs' example: 0..8 as 3x3, padding 2 on every side.

TEST_P(Pad2dTest, CannDocsExample) {
    const std::map<bool, std::vector<double>> firstRows = {
        {true, {8, 7, 6, 7, 8, 7, 6, 5, 4, 3, 4, 5, 4, 3, 2, 1, 0, 1, 2, 1, 0}},
        {false, {0, 0, 0, 1, 2, 2, 2, 0, 0, 0, 1, 2, 2, 2, 0, 0, 0, 1, 2, 2, 2}}};
    for (const Mode *m : {&kReflection, &kReplication}) {
        DeviceTensor self({1, 1, 3, 3}, ACL_FLOAT, ACL_FORMAT_NCHW), out({1, 1, 7, 7}, ACL_FLOAT, ACL_FORMAT_NCHW);
        self.upload({0, 1, 2, 3, 4, 5, 6, 7, 8});
        IntArray pad({2, 2, 2, 2});
        ASSERT_ACL_OK(runOp(*m, stream, self, pad, out));
        const std::vector<double> got = out.download();
        EXPECT_EQ(std::vector<double>(got.begin(), got.begin() + 21), firstRows.at(m->reflect)) << m->name;
    }
}

// ---------------------------------------------------------------------------------------------
// PyTorch golden data, bit for bit.

// Every case but the two fp64 ones must run where the device has no fp64.
void checkGoldenFile(const Mode &m, const std::string &file, aclrtStream stream, bool hasFp64, size_t fileCases) {
    const auto noFp64 = [hasFp64](const golden::Case &c) -> std::string {
        return needsFp64(goldenDtype(c.tensor("self").dtype)) && !hasFp64 ? "no fp64 on this device" : "";
    };
    SCOPED_TRACE(m.name);
    forEachGoldenCase({file, fileCases, hasFp64 ? fileCases : fileCases - 2, noFp64}, [&](const golden::Case &c) {
        const golden::Tensor &s = c.tensor("self"), &want = c.tensor("out");
        const aclDataType dtype = goldenDtype(s.dtype);
        DeviceTensor self(s.dims, dtype), out(want.dims, dtype);
        self.upload(s.values);
        out.fillStorage(0xcc);
        IntArray pad(c.ints("padding"));
        ASSERT_ACL_OK(runOp(m, stream, self, pad, out));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], want.values[i]) << "value " << i;
    });
}

TEST_P(Pad2dTest, ReflectionMatchesPyTorchGolden) {
    checkGoldenFile(kReflection, "reflection_pad2d.golden", stream, fp64(), 26);
}

TEST_P(Pad2dTest, ReplicationMatchesPyTorchGolden) {
    checkGoldenFile(kReplication, "replication_pad2d.golden", stream, fp64(), 27);
}

// ---------------------------------------------------------------------------------------------
// Byte-exact host references.

// One test per dtype and device (Devices/Pad2dEveryDtype.IsCopiedByteForByte/pocl_cpu_0_float16).
class Pad2dEveryDtype : public DeviceDtypeTest {};

TEST_P(Pad2dEveryDtype, IsCopiedByteForByte) {
    const aclDataType dt = dtype();
    size_t ran = 0;
    // The seeds of each dtype's cases differ from every other dtype's.
    uint64_t seed = 100 + 10 * static_cast<uint64_t>(dt);
    for (const Mode *m : {&kReflection, &kReplication}) {
        ran += runAndCheckCase(*makePad2dCase(m->reflect, "4-D", dt, {2, 3, 5, 7}, {3, 2, 4, 1},
                                              Pad2dLayout::Contiguous, ++seed), stream);
        ran += runAndCheckCase(*makePad2dCase(m->reflect, "3-D gapped", dt, {3, 6, 4}, {1, 3, 2, 5},
                                              Pad2dLayout::Gapped, ++seed), stream);
        // Rows of 21: a CPU row kernel's vector copy (8 at a time where the compiler packs
        // work-items) and its tail.
        ran += runAndCheckCase(*makePad2dCase(m->reflect, "4-D wide rows", dt, {2, 3, 5, 21}, {3, 2, 4, 1},
                                              Pad2dLayout::Contiguous, ++seed), stream);
    }
    // Every case runs, but where the dtype needs fp64 the device lacks (a recorded skip).
    EXPECT_EQ(ran, needsFp64(dt) && !fp64() ? 0u : 6u);
}

// Real sizes: a row of 70,000 (a long 1-D signal as a 2-D pad). Mesa's llvmpipe stops every loop of
// one work-item after 65,535 iterations in all, without an error: a kernel that walks a whole row in one
// work-item left the columns past 65,535 unwritten there.
TEST_P(Pad2dTest, LongRows) {
    size_t ran = 0;
    for (const Mode *m : {&kReflection, &kReplication}) {
        ran += runAndCheck(*makePad2dCase(m->reflect, "row of 70000", ACL_FLOAT, {1, 1, 2, 70000}, {1, 1, 1, 1},
                                                 Pad2dLayout::Contiguous, 150));
    }
    EXPECT_EQ(ran, 2u);
}

TEST_P(Pad2dTest, StridedAndOffsetViews) {
    size_t ran = 0;
    uint64_t seed = 200;
    for (const Mode *m : {&kReflection, &kReplication}) {
        for (Pad2dLayout layout : {Pad2dLayout::Gapped, Pad2dLayout::ChannelsLast,
                                        Pad2dLayout::Offset, Pad2dLayout::Transposed}) {
            // One dtype per element size: 1, 2, 4, 8 and 16 bytes (16 only with fp64).
            for (aclDataType dt : {ACL_INT8, ACL_BF16, ACL_FLOAT, ACL_COMPLEX64, ACL_COMPLEX128}) {
                ran += runAndCheck(*makePad2dCase(m->reflect, "4-D", dt, {2, 3, 6, 9}, {2, 4, 3, 1}, layout,
                                                         ++seed));
                ran += runAndCheck(*makePad2dCase(m->reflect, "3-D negative pads", dt, {4, 7, 8}, {-2, 3, 1, -3},
                                                         layout, ++seed));
            }
        }
    }
    EXPECT_GE(ran, 2u * 4u * 4u * 2u);
}

// A geometry at the edge of what a pad mode allows.
struct Extreme {
    std::vector<int64_t> self, pad;
    const char *what;
};

// Every extreme in each of `dtypes`, in gapped views; seeds from `seed` on.
void checkExtremes(bool reflect, const std::vector<Extreme> &extremes,
                   std::initializer_list<aclDataType> dtypes, uint64_t seed, aclrtStream stream) {
    for (const Extreme &g : extremes) {
        for (aclDataType dt : dtypes) {
            EXPECT_TRUE(runAndCheckCase(*makePad2dCase(reflect, g.what, dt, g.self, g.pad, Pad2dLayout::Gapped, ++seed),
                                        stream));
        }
    }
}

TEST_P(Pad2dTest, ReflectionExtremes) {
    checkExtremes(true,
                  {
                      {{2, 2, 4, 5}, {4, 4, 3, 3}, "pads = dim - 1"},
                      {{1, 2, 2}, {1, 1, 1, 1}, "2x2, pads 1"},
                      {{2, 3, 1, 1}, {0, 0, 0, 0}, "1x1, no pads"},
                      {{1, 2, 3, 5}, {-3, 4, -1, 2}, "crop, then reflect back into the cropped columns"},
                      {{1, 1, 3, 5}, {-6, 3, 0, 0}, "a crop past the edge"},
                      {{1, 1, 4, 200}, {199, 150, 3, 2}, "wide rows, long mirrors"},
                  },
                  {ACL_FLOAT, ACL_INT16, ACL_UINT64}, 300, stream);
}

TEST_P(Pad2dTest, ReplicationExtremes) {
    checkExtremes(false,
                  {
                      {{1, 2, 3, 4}, {5, 7, 4, 6}, "pads beyond the dims"},
                      {{3, 1, 1}, {3, 0, 2, 5}, "1x1"},
                      {{1, 2, 4, 5}, {-4, 9, 6, -2}, "a crop and pads beyond the dims"},
                      {{1, 1, 3, 5}, {-6, 3, 0, 0}, "a crop past the edge"},
                      {{1, 1, 2, 3}, {100, 90, 70, 80}, "pads far beyond the dims"},
                  },
                  {ACL_FLOAT, ACL_BOOL, ACL_UINT32}, 400, stream);
}

TEST_P(Pad2dTest, WideIndexKernelMatches) {
    // The 64-bit index variant, forced on small tensors (the real thing needs views reaching 2^30).
    aclcl::ScopedTestHook wide(aclcl::TestHook::WideIndex);
    uint64_t seed = 500;
    for (const Mode *m : {&kReflection, &kReplication}) {
        for (aclDataType dt : {ACL_FLOAT, ACL_INT8, ACL_COMPLEX64}) {
            EXPECT_TRUE(runAndCheck(*makePad2dCase(m->reflect, "wide index", dt, {2, 3, 7, 30}, {3, 2, 1, 4},
                                                          Pad2dLayout::ChannelsLast, ++seed)));
        }
    }
}

TEST_P(Pad2dTest, GpuElementKernelMatches) {
    // The row-streaming kernel that GPU devices get, with its default parameters, run here on the CPU
    // devices (the row kernel runs in every other test on them).
    aclcl::ScopedTestHook elementKernel(aclcl::TestHook::ManyWorkItemKernels);
    uint64_t seed = 600;
    for (const Mode *m : {&kReflection, &kReplication}) {
        for (aclDataType dt : {ACL_FLOAT, ACL_UINT8, ACL_FLOAT16, ACL_INT64, ACL_COMPLEX128}) {
            for (Pad2dLayout layout : {Pad2dLayout::Contiguous, Pad2dLayout::Transposed}) {
                runAndCheck(*makePad2dCase(m->reflect, "element kernel", dt, {2, 3, 9, 37}, {4, 2, 1, 3},
                                                  layout, ++seed));
                runAndCheck(*makePad2dCase(m->reflect, "element kernel, 3-D crop", dt, {3, 5, 19},
                                                  {-1, 4, 1, -2}, layout, ++seed));
            }
        }
    }
}

TEST_P(Pad2dTest, GpuStreamKernelParametersGiveTheSameBits) {
    // Every launch parameter set of the GPU path's row-streaming kernel (elements per work-item,
    // work-group shape) writes out's storage byte for byte as this device's own path does (on a CPU
    // device the row kernel), on rows that no ELEMS or work-group x divides, several planes, a 3-D self,
    // pads and crops on every side, and views that are not contiguous.
    struct Shape {
        std::vector<int64_t> self, pad;
        Pad2dLayout layout;
    };
    const std::vector<Shape> shapes = {{{2, 3, 5, 13}, {3, 2, 4, 1}, Pad2dLayout::Contiguous},
                                       {{3, 6, 9}, {-1, 4, 1, 2}, Pad2dLayout::Transposed},
                                       {{1, 2, 4, 70}, {2, 5, 0, 3}, Pad2dLayout::Gapped}};
    uint64_t seed = 650;
    for (const Mode *m : {&kReflection, &kReplication}) {
        // One dtype of 2 bytes and one of 8: the kernel copies each element as ELEM_RAW_T bits.
        for (aclDataType dt : {ACL_FLOAT16, ACL_COMPLEX64}) {
            for (const Shape &g : shapes) {
                ++seed;
                auto own = makePad2dCase(m->reflect, "own path", dt, g.self, g.pad, g.layout, seed);
                ASSERT_TRUE(runAndCheck(*own));
                const std::vector<uint8_t> want = pad2dOutStorage(*own);
                for (const RowStreamParams &p : rowStreamParameterSpace()) {
                    SCOPED_TRACE(std::string(m->name) + " " + p.name());
                    ScopedRowStreamParams params(p);
                    auto c = makePad2dCase(m->reflect, "stream " + p.name(), dt, g.self, g.pad, g.layout, seed);
                    ASSERT_TRUE(runAndCheck(*c));
                    EXPECT_TRUE(pad2dOutStorage(*c) == want);
                }
                // The same sets through a kernel parameter file, on the first shape in fp16.
                if (dt == ACL_FLOAT16 && &g == &shapes.front()) {
                    expectTunedFilesGiveTheSameBits(aclcl::deviceAt(device()), want, [&] {
                        auto c = makePad2dCase(m->reflect, "tuned file", dt, g.self, g.pad, g.layout, seed);
                        EXPECT_TRUE(runAndCheck(*c));
                        return pad2dOutStorage(*c);
                    });
                }
            }
        }
    }
}

TEST_P(Pad2dTest, RegisteredBenchmarkCasesPassTheirChecks) {
    // The largest sweep point is bench only.
    for (const Mode *m : {&kReflection, &kReplication}) {
        runRegisteredCases(m->name, 4, [](const OpCase &c) { return c.name.find("sweep 16x64") == std::string::npos; });
    }
}

TEST_P(Pad2dTest, TwoRunsAreBitIdentical) {
    for (const Mode *m : {&kReflection, &kReplication}) {
        auto a = makePad2dCase(m->reflect, "a", ACL_FLOAT16, {2, 8, 40, 70}, {3, 3, 3, 3},
                                      Pad2dLayout::Gapped, 900);
        auto b = makePad2dCase(m->reflect, "b", ACL_FLOAT16, {2, 8, 40, 70}, {3, 3, 3, 3},
                                      Pad2dLayout::Gapped, 900);
        ASSERT_TRUE(runAndCheck(*a));
        ASSERT_TRUE(runAndCheck(*b));
        EXPECT_TRUE(pad2dOutStorage(*a) == pad2dOutStorage(*b)) << m->name;
    }
}

TEST_P(Pad2dTest, ThreadsOnTheirOwnStreamsRunAtOnce) {
    // Four threads, each on its own stream, plan and run both operators over several dtypes at once
    // (the same programs are built and shared); every result is checked byte for byte.
    expectCasesPassOnOwnStreams(device(), 4, 3, [](const ThreadRound &k) {
        return makePad2dCase((k.t + k.r) % 2 == 0, "thread", k.dtype, {2, 3, 17, 23}, {3, 2, 4, 1}, Pad2dLayout::Gapped,
                             k.seed);
    });
}

TEST_P(Pad2dTest, NoWorkspaceForAnyView) {
    // Self and out are read and written through their own strides: nothing is packed or staged.
    for (const Mode *m : {&kReflection, &kReplication}) {
        const std::vector<int64_t> self = {2, 3, 4, 5}, pad = {1, 2, 3, 1}, out = paddedShape(self, pad);
        DeviceTensor s(self, ACL_FLOAT, {100, 30, 1, 4}, 9), o(out, ACL_FLOAT, {1, 2, 6 * 8 * 6, 6 * 6}, 3);
        IntArray padding(pad);
        uint64_t ws = 1;
        ASSERT_ACL_OK(runOp(*m, stream, s, padding, o, &ws));
        EXPECT_EQ(ws, 0u);
    }
}

TEST_P(Pad2dTest, RepeatableExecutorRunsTwice) {
    const std::vector<int64_t> self = {2, 3, 9, 11}, pad = {2, 3, 1, 2}, out = paddedShape(self, pad);
    for (const Mode *m : {&kReflection, &kReplication}) {
        SCOPED_TRACE(m->name);
        DeviceTensor s(self, ACL_INT32), s2(self, ACL_INT32), o(out, ACL_INT32), want(out, ACL_INT32);
        IntArray padding(pad);
        s.upload(randomValues(static_cast<size_t>(s.numel()), 1000, -1e6, 1e6));
        s2.upload(randomValues(static_cast<size_t>(s.numel()), 1001, -1e6, 1e6));
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ASSERT_ACL_OK(m->op.plan({s, padding, o}, &ws, &ex));
        ASSERT_ACL_OK(aclSetAclOpExecutorRepeatable(ex));
        ASSERT_ACL_OK(m->op.run(nullptr, ws, ex, stream));
        ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
        ASSERT_ACL_OK(runOp(*m, stream, s, padding, want));
        EXPECT_EQ(o.download(), want.download());
        ASSERT_ACL_OK(aclSetInputTensorAddr(ex, 0, s, s2.data()));
        ASSERT_ACL_OK(m->op.run(nullptr, ws, ex, stream));
        ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
        ASSERT_ACL_OK(runOp(*m, stream, s2, padding, want));
        EXPECT_EQ(o.download(), want.download());
        EXPECT_ACL_OK(aclDestroyAclOpExecutor(ex));
    }
}

TEST_P(Pad2dTest, EmptyBatchSucceedsWithoutWork) {
    for (const Mode *m : {&kReflection, &kReplication}) {
        const std::vector<int64_t> self = {0, 3, 4, 5}, pad = {1, 1, 2, 2};
        DeviceTensor s(self, ACL_FLOAT), o(paddedShape(self, pad), ACL_FLOAT);
        IntArray padding(pad);
        ASSERT_NO_FATAL_FAILURE(runWithoutWorkspace(m->op.planPhase({s, padding, o}), m->op.runPhase(), stream));
    }
}

TEST_P(Pad2dTest, OutOverlappingSelfIsRejectedAndWritesNothing) {
    // The shared run-time check (docs/ops): out over self's memory is 161002 and nothing is written.
    for (const Mode *m : {&kReflection, &kReplication}) {
        const std::vector<int64_t> self = {1, 2, 3, 4}, pad = {1, 1, 1, 1};
        SCOPED_TRACE(m->name);
        DeviceTensor big({1, 2, 5, 6}, ACL_FLOAT);
        big.upload(randomValues(60, 1100));
        // self: the first 24 elements of big's storage; out: all of it.
        const StorageView s(big, self, {24, 12, 4, 1}), o(big, paddedShape(self, pad), {60, 30, 6, 1});
        IntArray padding(pad);
        expectOutOverSelfRejected(big, m->op.planPhase({s, padding, o}), m->op.runPhase(), stream);
    }
}

// ---------------------------------------------------------------------------------------------
// Errors: each documented check returns its code and a message naming the argument, in CANN's order
// (support/error_rows.h); every row changes one thing in the valid call. The two pads share their
// call and their rows (each its own table), and differ where their checks do.

CallSpec padCall(const Binding &op) {
    return CallSpec(op, {{"self", TensorArg{{1, 2, 4, 5}}},
                         {"padding", Ints{1, 1, 1, 1}},
                         {"out", TensorArg{{1, 2, 6, 7}}}});
}
CallSpec reflectionPadCall() { return padCall(kReflectionPad2d); }
CallSpec replicationPadCall() { return padCall(kReplicationPad2d); }

// self, padding and out all replaced.
Change padShapes(std::vector<int64_t> self, std::vector<int64_t> pad, std::vector<int64_t> out) {
    return set("self", shape(std::move(self))) + set("padding", ints(std::move(pad))) +
           set("out", shape(std::move(out)));
}

// The rows of the reflection pad (reflect) or the replication pad.
ErrorRows padRows(bool reflect) {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    ErrorRows rows = validRow() + outPointerRows() + nullRows({"[self]", "padding", "[out]"}) + ErrorRows{
        // CANN's order: self before padding before out.
        {"all three null", null({"self", "padding", "out"}), ACLNN_ERR_PARAM_NULLPTR, {"[self]"}},
        shortRow("self"),
    };
    const ErrorRows dtypeRows{
        {"self COMPLEX32", set({"self", "out"}, dtype(ACL_COMPLEX32)), INVALID,
         {"self", "COMPLEX32", "DT_BOOL", "DT_UINT64"}},
        {"out STRING", set("out", dtype(ACL_STRING)), INVALID, {"out", "STRING"}},
        {"out INT32", set("out", dtype(ACL_INT32)), INVALID, {"out", "self", "INT32", "FLOAT"}},
    };
    const ErrorRows formatRows{{"self NCHW", set("self", format(ACL_FORMAT_NCHW)), INVALID, {"out", "format"}}};
    // Reflection checks the dtypes first, replication the format first (as CANN's code does); with both
    // wrong, the first check reports.
    rows = rows + (reflect ? dtypeRows + formatRows : formatRows + dtypeRows) + ErrorRows{
        {"self NCHW, out INT32", set("self", format(ACL_FORMAT_NCHW)) + set("out", dtype(ACL_INT32)), INVALID,
         {reflect ? "INT32" : "format"}},
        withoutFp64Row("self DOUBLE", set({"self", "out"}, dtype(ACL_DOUBLE)), {"self", "fp64"}),
        withoutFp64Row("self COMPLEX128", set({"self", "out"}, dtype(ACL_COMPLEX128)), {"self", "fp64"}),
        {"self 2-D", padShapes({4, 5}, {1, 1, 1, 1}, {6, 7}), INVALID, {"self", "3 or 4-D", "2-D"}},
        {"self 5-D", padShapes({1, 1, 2, 4, 5}, {1, 1, 1, 1}, {1, 1, 2, 6, 7}), INVALID, {"self", "3 or 4-D", "5-D"}},
        {"out 3-D", set("out", shape({2, 6, 7})), INVALID, {"out", "4-D", "3-D"}},
        {"padding of 2", set("padding", ints({1, 1})), INVALID, {"padding", "4"}},
        {"padding of 6", set("padding", ints({1, 1, 1, 1, 0, 0})), INVALID, {"padding", "4"}},
    };
    // A pad not below its dimension (self is 4 x 5; out fits each pad): reflection rejects it,
    // replication accepts any pad (as CANN's code and PyTorch do).
    const auto notBelowDim = [&](const char *name, const char *side, const std::vector<int64_t> &pad) -> ErrorRow {
        const std::vector<int64_t> self = {1, 2, 4, 5};
        Change change = padShapes(self, pad, paddedShape(self, pad));
        if (!reflect) return {name, std::move(change), ACL_SUCCESS, {}};
        return {name, std::move(change), INVALID, {"padding", side, "less than"}};
    };
    // CANN: only a 4-D self's N may be 0. (Reflection's pad check comes first in CANN's order: a pad of 0
    // is not below an H or W of 0, so those two report the pad.)
    const std::vector<int64_t> none = {0, 0, 0, 0};
    const std::vector<std::string> onlyN = {"self", "only", "N may be 0"};
    const std::vector<std::string> padFirst = {"self", "less than its input dimension"};
    return rows + ErrorRows{
        notBelowDim("padding left 5", "left", {5, 0, 0, 0}),
        notBelowDim("padding right 5", "right", {0, 5, 0, 0}),
        notBelowDim("padding top 4", "top", {0, 0, 4, 0}),
        notBelowDim("padding bottom 4", "bottom", {0, 0, 0, 4}),
        {"W 5 cropped by 5", padShapes({1, 2, 4, 5}, {-3, -2, 0, 0}, {1, 2, 4, 1}), INVALID,
         {"padded size", "W + left + right"}},
        // Negative pads pass reflection's check too: the sum itself must not wrap.
        {"W + left + right overflows", set("padding", ints({std::numeric_limits<int64_t>::min(), -8, 0, 0})),
         INVALID, {"padded size", "-9223372036854775808"}},
        {"out W 8", set("out", shape({1, 2, 6, 8})), INVALID, {"out", "[1, 2, 6, 7]"}},
        {"out C 3", set("out", shape({1, 3, 6, 7})), INVALID, {"out", "[1, 2, 6, 7]"}},
        {"out N 2", set("out", shape({2, 2, 6, 7})), INVALID, {"out", "[1, 2, 6, 7]"}},
        {"self C 0", padShapes({1, 0, 4, 5}, none, {1, 0, 4, 5}), INVALID, onlyN},
        {"self H 0", padShapes({1, 2, 0, 5}, none, {1, 2, 0, 5}), INVALID, reflect ? padFirst : onlyN},
        {"self W 0", padShapes({1, 2, 4, 0}, none, {1, 2, 4, 0}), INVALID, reflect ? padFirst : onlyN},
        {"self 3-D C 0", padShapes({0, 4, 5}, none, {0, 4, 5}), INVALID, onlyN},
        // Every row of a plane is the same memory.
        overlapRow("out", {84, 42, 0, 1}),
    } + withoutExecutorRows();
}
ErrorRows reflectionPadRows() { return padRows(true); }
ErrorRows replicationPadRows() { return padRows(false); }

ACLNN_ERROR_TABLE(ReflectionPad2dErrors, reflectionPadCall, reflectionPadRows);
ACLNN_ERROR_TABLE(ReplicationPad2dErrors, replicationPadCall, replicationPadRows);

INSTANTIATE_ON_ALL_DEVICES(Pad2dTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(Pad2dEveryDtype, kAllDtypes);

}  // namespace
