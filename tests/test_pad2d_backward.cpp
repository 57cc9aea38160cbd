// aclnnReflectionPad2dBackward / aclnnReplicationPad2dBackward: the CANN sample (docs/ops), PyTorch golden
// data, host references in double over a dtype matrix, strided views, extremes, determinism,
// repeatable executors and every documented error.
//
// Tolerances: golden values are compared bit for bit. The kernels sum each element's sources in
// ascending output order starting from 0, as PyTorch's CPU loop does, in fp32 (fp64 for
// fp64/complex128), and round once; fp16/bf16 goldens are that same fp32 sum rounded once. Host
// references (double) use an error bound: gamma_{k-1} * sum|sources| for a k-term sum, twice, plus
// one rounding to the dtype (see tests/cases/pad2d_backward_cases.cpp).

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>

#include "support/error_rows.h"
#include "support/op_test.h"
#include "cases/pad2d_backward_cases.h"
#include "common/test_hooks.h"
#include "harness/pad2d_backward.h"
#include "pad2d_test_helpers.h"
#include "support/row_stream_params.h"

using namespace testing_support;
using namespace pad2d_tests;

namespace {

struct Geometry {
    std::vector<int64_t> self, padding;
    const char *what;
};

class Pad2dBackwardTest : public OpTest {
protected:
    void runExtremes(bool reflect, const std::vector<Geometry> &shapes, uint64_t seed);

    // Sets the case up, runs it once and checks it against its host reference.
    void runAndCheck(OpCase &c) {
        SCOPED_TRACE(c.op + "/" + c.name + " " + aclDataTypeName(c.dtype));
        runAndCheckCase(c, stream);
    }

    static const char *aclDataTypeName(aclDataType d) {
        switch (d) {
            case ACL_FLOAT: return "fp32";
            case ACL_FLOAT16: return "fp16";
            case ACL_BF16: return "bf16";
            case ACL_DOUBLE: return "fp64";
            case ACL_COMPLEX64: return "complex64";
            case ACL_COMPLEX128: return "complex128";
            default: return "other";
        }
    }
};

using Mode = PadMode;

const Mode kReflection{true, "ReflectionPad2dBackward", kReflectionPad2dBackward};
const Mode kReplication{false, "ReplicationPad2dBackward", kReplicationPad2dBackward};

// Plans, runs with a fresh workspace and synchronizes.
aclnnStatus runOp(const Mode &m, aclrtStream stream, const aclTensor *gradOutput, const aclTensor *self,
                  const aclIntArray *pad, aclTensor *gradInput, uint64_t *wsOut = nullptr) {
    return planAndRun(m.op, {gradOutput, self, pad, gradInput}, stream, wsOut);
}

// ---------------------------------------------------------------------------------------------
// The CANN sample program's data (docs/ops).

TEST_P(Pad2dBackwardTest, CannSampleResult) {
    DeviceTensor gradOutput({1, 1, 4, 4}, ACL_FLOAT, ACL_FORMAT_NCHW);
    DeviceTensor self({1, 1, 2, 2}, ACL_FLOAT, ACL_FORMAT_NCHW);
    DeviceTensor gradInput({1, 1, 2, 2}, ACL_FLOAT, ACL_FORMAT_NCHW);
    gradOutput.upload(std::vector<double>(16, 1.0));
    self.upload({1, 2, 3, 4});
    IntArray pad({1, 1, 1, 1});
    ASSERT_ACL_OK(runOp(kReflection, stream, gradOutput, self, pad, gradInput));
    EXPECT_EQ(gradInput.download(), (std::vector<double>{4, 4, 4, 4}));
}

// ---------------------------------------------------------------------------------------------
// PyTorch golden data, bit for bit.

// quickTierSkip: "" runs every case; otherwise (the quick tier) a handful runs, one per dtype family and the
// awkward geometries, and the others are skipped with that reason.
void checkGoldenFile(const Mode &m, const std::string &file, aclrtStream stream, bool hasFp64,
                     const std::string &quickTierSkip) {
    const bool fewOnly = !quickTierSkip.empty();
    static const std::vector<std::string> few = {"cann_sample",         "f32_4d_neg_mixed", "f16_4d_asym",
                                                 "bf16_4d_neg",         "c64_4d_asym",      "f32_4d_crop_past_edge",
                                                 "f32_4d_pads_gt_dim", "f32_4d_max_pads"};
    const auto skipReason = [&](const golden::Case &c) -> std::string {
        if (fewOnly && std::find(few.begin(), few.end(), c.name) == few.end()) return quickTierSkip;
        if (needsFp64(goldenDtype(c.tensor("gradOutput").dtype)) && !hasFp64) return "no fp64 on this device";
        return "";
    };
    SCOPED_TRACE(m.name);
    forEachGoldenCase({file, 0, fewOnly ? 4u : 26u, skipReason}, [&](const golden::Case &c) {
        const golden::Tensor &go = c.tensor("gradOutput"), &s = c.tensor("self"), &want = c.tensor("gradInput");
        const aclDataType dtype = goldenDtype(go.dtype);
        DeviceTensor gradOutput(go.dims, dtype), self(s.dims, dtype), gradInput(want.dims, dtype);
        gradOutput.upload(go.values);
        self.upload(s.values);
        gradInput.fillStorage(0xcc);
        IntArray pad(c.ints("padding"));
        ASSERT_ACL_OK(runOp(m, stream, gradOutput, self, pad, gradInput));
        std::vector<double> got = gradInput.download();
        ASSERT_EQ(got.size(), want.values.size());
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_EQ(got[i], want.values[i]) << "value " << i;
        }
    });
}

TEST_P(Pad2dBackwardTest, ReflectionMatchesPyTorchGolden) {
    checkGoldenFile(kReflection, "reflection_pad2d_backward.golden", stream, fp64(),
                    quickTier() ? fullTierOnly("the other golden cases") : "");
}

TEST_P(Pad2dBackwardTest, ReplicationMatchesPyTorchGolden) {
    checkGoldenFile(kReplication, "replication_pad2d_backward.golden", stream, fp64(),
                    quickTier() ? fullTierOnly("the other golden cases") : "");
}

// ---------------------------------------------------------------------------------------------
// Host references in double.

TEST_P(Pad2dBackwardTest, DtypeMatrixAgainstHostReference) {
    const std::vector<aclDataType> dtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64,
                                             ACL_COMPLEX128};
    const std::vector<Geometry> shapes = {
        {{3, 5, 7}, {2, 1, 3, 0}, "3-D"},
        {{2, 3, 9, 37}, {4, 2, 1, 3}, "4-D wide rows"},
        {{2, 2, 8, 9}, {-2, 3, 1, -3}, "negative pads"},
        {{1, 3, 6, 20}, {5, 4, 5, 5}, "pad = dim-1 in H"},
    };
    uint64_t seed = 100;
    for (const Mode *m : {&kReflection, &kReplication}) {
        for (aclDataType dt : dtypes) {
            // The quick tier: fp32, bf16 and complex64, 4-D.
            const bool quickShare = dt == ACL_FLOAT || dt == ACL_BF16 || dt == ACL_COMPLEX64;
            for (const Geometry &g : shapes) {
                if ((!quickShare || g.self.size() == 3) &&
                    skipInQuickTier(m->name + std::string(" ") + aclDataTypeName(dt) + " " + g.what)) {
                    continue;
                }
                auto c = makePad2dBackwardCase(m->reflect, g.what, dt, g.self, g.padding, Pad2dLayout::Contiguous, ++seed);
                runAndCheck(*c);
            }
        }
    }
}

TEST_P(Pad2dBackwardTest, RegisteredSweepCasesPassTheirChecks) {
    // The benchmark's smallest registered cases, through the same OpCase path it uses.
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the registered sweep cases");
    for (const char *op : {"ReflectionPad2dBackward", "ReplicationPad2dBackward"}) {
        runRegisteredCases(op, 2, [](const OpCase &c) { return c.sweep == "pad2d" && c.bytes <= 16.0 * 1024 * 1024; });
    }
}

TEST_P(Pad2dBackwardTest, SpeedCaseIsCorrect) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the speed case (8x64x128x128)");
    int found = 0;
    for (auto &c : makeCases("Pad2dBackward")) {
        if (!c->speedCase) continue;
        EXPECT_EQ(c->name, "8x64x128x128 pad3");
        runAndCheck(*c);
        ++found;
    }
    EXPECT_EQ(found, 2);
}

// ---------------------------------------------------------------------------------------------
// Views: every tensor strided or offset; nothing outside gradInput's view may change.

// Real sizes. Mesa's llvmpipe stops every loop of one work-item after 65,535 iterations in all, without
// an error; a kernel that walks a whole row, plane or group in one work-item returned wrong data there.
TEST_P(Pad2dBackwardTest, LongRows) {
    for (bool reflect : {true, false}) {
        auto c = makePad2dBackwardCase(reflect, "row of 70000", ACL_FLOAT, {1, 1, 2, 70000}, {1, 1, 1, 1},
                               Pad2dLayout::Contiguous, 151);
        runAndCheck(*c);
    }
}

TEST_P(Pad2dBackwardTest, StridedAndOffsetViews) {
    const std::vector<Pad2dLayout> layouts = {Pad2dLayout::Gapped, Pad2dLayout::ChannelsLast, Pad2dLayout::Offset};
    const std::vector<aclDataType> dtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_COMPLEX64, ACL_BF16, ACL_DOUBLE};
    uint64_t seed = 300;
    for (const Mode *m : {&kReflection, &kReplication}) {
        for (Pad2dLayout layout : layouts) {
            for (aclDataType dt : dtypes) {
                for (const Geometry &g : {Geometry{{2, 3, 6, 21}, {3, 2, 2, 1}, "4-D"},
                                          Geometry{{3, 5, 19}, {-1, 4, 1, 2}, "3-D"}}) {
                    const std::string name = std::string(g.what) + " layout " + std::to_string(static_cast<int>(layout));
                    // The quick tier: fp32 in the gapped layout.
                    if ((dt != ACL_FLOAT || layout != Pad2dLayout::Gapped) &&
                        skipInQuickTier(m->name + std::string(" ") + aclDataTypeName(dt) + " " + name)) {
                        continue;
                    }
                    auto c = makePad2dBackwardCase(m->reflect, name, dt, g.self, g.padding, layout, ++seed);
                    runAndCheck(*c);
                }
            }
        }
    }
}

TEST_P(Pad2dBackwardTest, StridedViewsNeedWorkspaceContiguousOnesDoNot) {
    std::vector<int64_t> self = {2, 3, 5, 6}, pad = {1, 2, 2, 1};
    std::vector<int64_t> out = paddedShape(self, pad);
    IntArray padding(pad);
    uint64_t ws = 1;
    DeviceTensor go(out, ACL_FLOAT), s(self, ACL_FLOAT), gi(self, ACL_FLOAT);
    go.upload(randomValues(static_cast<size_t>(go.numel()), 7));
    ASSERT_ACL_OK(runOp(kReflection, stream, go, s, padding, gi, &ws));
    EXPECT_EQ(ws, 0u);
    // A transposed gradOutput (H and W swapped in memory) is packed into the workspace first.
    std::vector<int64_t> tStrides = {out[1] * out[2] * out[3], out[2] * out[3], 1, out[2]};
    DeviceTensor goT(out, ACL_FLOAT, tStrides, 0), giT(self, ACL_FLOAT);
    goT.upload(go.download());
    ASSERT_ACL_OK(runOp(kReflection, stream, goT, s, padding, giT, &ws));
    EXPECT_GT(ws, 0u);
    EXPECT_EQ(giT.download(), gi.download());
}

// ---------------------------------------------------------------------------------------------
// Extremes.

// Runs and checks each geometry on the reflection (reflect) or the replication pad, fp32 and contiguous,
// with seeds seed + 1, seed + 2, ...; the quick tier runs the cheap ones only (not the 5000-wide rows).
void Pad2dBackwardTest::runExtremes(bool reflect, const std::vector<Geometry> &shapes, uint64_t seed) {
    for (const Geometry &g : shapes) {
        if (g.self.back() == 5000 && skipInQuickTier(g.what)) continue;
        auto c = makePad2dBackwardCase(reflect, g.what, ACL_FLOAT, g.self, g.padding, Pad2dLayout::Contiguous, ++seed);
        runAndCheck(*c);
    }
}

TEST_P(Pad2dBackwardTest, ReflectionExtremes) {
    const std::vector<Geometry> shapes = {
        {{2, 3, 5, 6}, {5, 5, 4, 4}, "pad = dim-1 both sides"},
        {{1, 2, 2, 2}, {1, 1, 1, 1}, "2x2 with pad 1"},
        {{2, 1, 1, 1}, {0, 0, 0, 0}, "1x1 unpadded"},
        {{1, 2, 3, 40}, {39, 39, 2, 2}, "wide, pad = W-1"},
        {{1, 1, 2, 5000}, {3, 4, 1, 1}, "rows wider than one segment"},
        {{1, 2, 4, 5}, {-6, 3, -1, 0}, "crop past the edge"},
        {{1, 2, 5, 7}, {-3, 5, 2, -4}, "reflect into the crop"},
    };
    runExtremes(true, shapes, 500);
}

TEST_P(Pad2dBackwardTest, ReplicationExtremes) {
    const std::vector<Geometry> shapes = {
        {{2, 3, 1, 1}, {3, 2, 4, 1}, "1x1 images"},
        {{3, 1, 1}, {0, 0, 0, 0}, "1x1 unpadded"},
        {{1, 2, 3, 4}, {7, 9, 5, 6}, "pads larger than the dims"},
        {{1, 2, 5, 40}, {3, 3, 10, 12}, "long strips in H"},
        {{2, 2, 1, 33}, {20, 17, 3, 3}, "one row"},
        {{1, 1, 2, 5000}, {3, 4, 1, 1}, "rows wider than one segment"},
        {{1, 2, 4, 5}, {-6, 3, -1, 0}, "crop past the edge"},
        {{1, 2, 6, 7}, {-3, 9, 8, -4}, "crop and large pad"},
    };
    runExtremes(false, shapes, 600);
}

TEST_P(Pad2dBackwardTest, PadsBeyondInt32UseWideIndexMath) {
    // Replication only (reflection pads must stay below the dims): crop by 3e9 on the left and pad
    // by as much on the right: every output column is a copy of the last input column.
    const int64_t big = 3000000000LL;
    std::vector<int64_t> self = {1, 2, 3, 3}, pad = {-big, big + 2, 1, 0};
    auto c = makePad2dBackwardCase(false, "pads beyond int32", ACL_FLOAT, self, pad, Pad2dLayout::Contiguous, 700);
    runAndCheck(*c);
}

TEST_P(Pad2dBackwardTest, WideIndexKernelsMatch) {
    // The 64-bit index variant of the kernels, forced on small tensors (the real thing needs
    // tensors of more than 2^31 elements).
    aclcl::ScopedTestHook wide(aclcl::TestHook::WideIndex);
    uint64_t seed = 800;
    for (const Mode *m : {&kReflection, &kReplication}) {
        for (aclDataType dt : {ACL_FLOAT, ACL_COMPLEX64, ACL_FLOAT16}) {
            auto c = makePad2dBackwardCase(m->reflect, "wide index", dt, {2, 3, 7, 30}, {3, 2, 1, 4},
                                   Pad2dLayout::Gapped, ++seed);
            runAndCheck(*c);
        }
    }
}

TEST_P(Pad2dBackwardTest, GpuElementKernelMatches) {
    // The row-streaming kernel that GPU devices get, with its default parameters, run here on the CPU
    // devices.
    aclcl::ScopedTestHook elementKernel(aclcl::TestHook::ManyWorkItemKernels);
    const std::vector<Geometry> shapes = {
        {{2, 3, 9, 37}, {4, 2, 1, 3}, "4-D"},
        {{3, 5, 19}, {-1, 4, 1, 2}, "3-D negative pad"},
        {{1, 2, 3, 4}, {7, 9, 5, 6}, "pads beyond the dims (replication)"},
    };
    uint64_t seed = 850;
    for (const Mode *m : {&kReflection, &kReplication}) {
        for (aclDataType dt : {ACL_FLOAT, ACL_BF16, ACL_COMPLEX64}) {
            for (const Geometry &g : shapes) {
                if (m->reflect && g.padding[0] >= g.self.back()) continue;
                // The quick tier: fp32.
                if (dt != ACL_FLOAT && skipInQuickTier(m->name + std::string(" ") + aclDataTypeName(dt) + " " + g.what)) {
                    continue;
                }
                auto c = makePad2dBackwardCase(m->reflect, g.what, dt, g.self, g.padding, Pad2dLayout::Gapped, ++seed);
                runAndCheck(*c);
            }
        }
    }
}

TEST_P(Pad2dBackwardTest, GpuStreamKernelParametersGiveTheSameBits) {
    // Every launch parameter set of the GPU path's row-streaming kernel (elements per work-item,
    // work-group shape) writes gradInput's storage byte for byte as this device's own path does (on a
    // CPU device the row kernel with its vectors: the same sums in the same order), on rows that no
    // ELEMS or work-group x divides, several planes, a 3-D self, pads and crops on every side, and a
    // gapped gradInput and gradOutput. fp32 over the whole space on one shape, the element counts on the
    // others; bf16 and complex64 over a part of it on one shape (full tier).
    const std::vector<Geometry> shapes = {
        {{2, 3, 9, 13}, {4, 2, 1, 3}, "4-D"},
        {{3, 5, 19}, {-1, 4, 3, -2}, "3-D crop"},
        {{1, 2, 3, 4}, {7, 9, 5, 6}, "pads beyond the dims (replication)"},
    };
    uint64_t seed = 880;
    for (const Mode *m : {&kReflection, &kReplication}) {
        for (aclDataType dt : {ACL_FLOAT, ACL_BF16, ACL_COMPLEX64}) {
            for (const Geometry &g : shapes) {
                const int64_t H = g.self[g.self.size() - 2], W = g.self.back();
                if (m->reflect && (g.padding[0] >= W || g.padding[1] >= W || g.padding[2] >= H || g.padding[3] >= H))
                    continue;
                // The quick tier: fp32 (each other dtype's programs are more builds, a second each on
                // Intel's runtime).
                if (dt != ACL_FLOAT && skipInQuickTier(m->name + std::string(" stream parameters ") + aclDataTypeName(dt) +
                                                       " " + g.what)) {
                    continue;
                }
                const std::vector<int64_t> out = paddedShape(g.self, g.padding);
                DeviceTensor go = layoutTensor(out, dt, Pad2dLayout::Gapped), s(g.self, dt);
                go.upload(randomValues(static_cast<size_t>(go.numel()) * (dt == ACL_COMPLEX64 ? 2 : 1), ++seed,
                                       -100, 100));
                IntArray padding(g.padding);
                const auto run = [&]() {
                    DeviceTensor gi = layoutTensor(g.self, dt, Pad2dLayout::Gapped);
                    gi.fillStorage(0x5a);
                    EXPECT_ACL_OK(runOp(*m, stream, go, s, padding, gi));
                    return gi.storage();
                };
                const std::vector<uint8_t> want = run();
                // The whole space on the first shape; on the others, every element count with the
                // device's work-group, and the other dtypes on the first shape alone (each run is a
                // plan and a call: tenths of a second under the sanitizers on Intel's runtime).
                const bool first = &g == &shapes.front();
                if (dt != ACL_FLOAT && !first) continue;
                for (const RowStreamParams &p : rowStreamParameterSpace()) {
                    // Other dtypes: the default and 2 elements a work-item (each count is a build).
                    if (dt != ACL_FLOAT && !(p.groupX == 0 && (p.elems == 0 || p.elems == 2))) continue;
                    if (!first && p.groupX != 0) continue;
                    SCOPED_TRACE(std::string(m->name) + " " + aclDataTypeName(dt) + " " + g.what + ": " + p.name());
                    ScopedRowStreamParams params(p);
                    EXPECT_TRUE(run() == want);
                    caseTally().ran();
                }
                // The same sets through a kernel parameter file, fp32 on the first shape.
                if (dt == ACL_FLOAT && first) expectTunedFilesGiveTheSameBits(aclcl::deviceAt(device()), want, run);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Determinism and executors.

TEST_P(Pad2dBackwardTest, TwoRunsAreBitIdentical) {
    for (const Mode *m : {&kReflection, &kReplication}) {
        for (aclDataType dt : {ACL_FLOAT, ACL_BF16}) {
            std::vector<int64_t> self = {2, 8, 40, 70}, pad = {3, 3, 3, 3};
            DeviceTensor go(paddedShape(self, pad), dt), s(self, dt), a(self, dt), b(self, dt);
            go.upload(randomValues(static_cast<size_t>(go.numel()), 900, -100, 100));
            a.fillStorage(0x11);
            b.fillStorage(0x77);
            IntArray padding(pad);
            ASSERT_ACL_OK(runOp(*m, stream, go, s, padding, a));
            ASSERT_ACL_OK(runOp(*m, stream, go, s, padding, b));
            EXPECT_TRUE(a.storage() == b.storage()) << m->name;
        }
    }
}

TEST_P(Pad2dBackwardTest, RepeatableExecutorRunsTwice) {
    std::vector<int64_t> self = {2, 3, 9, 11}, pad = {2, 3, 1, 2};
    std::vector<int64_t> out = paddedShape(self, pad);
    for (const Mode *m : {&kReflection, &kReplication}) {
        SCOPED_TRACE(m->name);
        DeviceTensor go(out, ACL_FLOAT), go2(out, ACL_FLOAT), s(self, ACL_FLOAT), gi(self, ACL_FLOAT),
            want(self, ACL_FLOAT);
        IntArray padding(pad);
        go.upload(randomValues(static_cast<size_t>(go.numel()), 1000));
        go2.upload(randomValues(static_cast<size_t>(go.numel()), 1001));
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ASSERT_ACL_OK(m->op.plan({go, s, padding, gi}, &ws, &ex));
        ASSERT_ACL_OK(aclSetAclOpExecutorRepeatable(ex));
        ASSERT_ACL_OK(m->op.run(nullptr, ws, ex, stream));
        ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
        ASSERT_ACL_OK(runOp(*m, stream, go, s, padding, want));
        EXPECT_EQ(gi.download(), want.download());
        // Second run of the same executor, reading another gradOutput buffer.
        ASSERT_ACL_OK(aclSetInputTensorAddr(ex, 0, go, go2.data()));
        ASSERT_ACL_OK(m->op.run(nullptr, ws, ex, stream));
        ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
        ASSERT_ACL_OK(runOp(*m, stream, go2, s, padding, want));
        EXPECT_EQ(gi.download(), want.download());
        EXPECT_ACL_OK(aclDestroyAclOpExecutor(ex));
    }
}

TEST_P(Pad2dBackwardTest, EmptyBatchSucceedsWithoutWork) {
    for (const Mode *m : {&kReflection, &kReplication}) {
        std::vector<int64_t> self = {0, 3, 4, 5}, pad = {1, 1, 2, 2};
        DeviceTensor go(paddedShape(self, pad), ACL_FLOAT), s(self, ACL_FLOAT), gi(self, ACL_FLOAT);
        IntArray padding(pad);
        ASSERT_NO_FATAL_FAILURE(
            runWithoutWorkspace(m->op.planPhase({go, s, padding, gi}), m->op.runPhase(), stream));
    }
}

TEST_P(Pad2dBackwardTest, ReplicationRunsAPadNotBelowItsDimension) {
    // Replication has no "pad < dim" limit (the error tables' rows show that it plans): it runs too.
    DeviceTensor go({1, 2, 8, 5}, ACL_FLOAT), s({1, 2, 4, 5}, ACL_FLOAT), gi({1, 2, 4, 5}, ACL_FLOAT);
    IntArray pad({0, 0, 0, 4});
    EXPECT_ACL_OK(runOp(kReplication, stream, go, s, pad, gi));
}

// ---------------------------------------------------------------------------------------------
// Errors: each documented check returns its code and a message naming the argument, in CANN's order
// (support/error_rows.h); every row changes one thing in the valid call. The two pads share their
// call and their rows (each its own table), and differ where reflection's "pad < dim" check does.

CallSpec padBackwardCall(const Binding &op) {
    return CallSpec(op, {{"gradOutput", TensorArg{{1, 2, 6, 7}}},
                         {"self", TensorArg{{1, 2, 4, 5}}},
                         {"padding", Ints{1, 1, 1, 1}},
                         {"gradInput", TensorArg{{1, 2, 4, 5}}}});
}
CallSpec reflectionPadBackwardCall() { return padBackwardCall(kReflectionPad2dBackward); }
CallSpec replicationPadBackwardCall() { return padBackwardCall(kReplicationPad2dBackward); }

// Every shape and the padding replaced: gradOutput's, self's and gradInput's (self's too).
Change padBackwardShapes(std::vector<int64_t> go, std::vector<int64_t> self, std::vector<int64_t> pad) {
    return set("gradOutput", shape(std::move(go))) + set({"self", "gradInput"}, shape(std::move(self))) +
           set("padding", ints(std::move(pad)));
}

// The rows of the reflection pad's backward (reflect) or the replication pad's.
ErrorRows padBackwardRows(bool reflect) {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    // self is 4 x 5 (H x W): reflection rejects a pad not below its dimension, replication has no such
    // limit (it plans, and ReplicationRunsAPadNotBelowItsDimension runs it).
    const auto notBelowDim = [&](const char *name, const char *side, const char *dim, std::vector<int64_t> go,
                                 std::vector<int64_t> pad) -> ErrorRow {
        Change change = padBackwardShapes(std::move(go), {1, 2, 4, 5}, std::move(pad));
        if (!reflect) return {name, std::move(change), ACL_SUCCESS, {}};
        return {name, std::move(change), INVALID, {"padding", side, dim}};
    };
    // Replication: every empty C, H or W is the empty check. Reflection: an empty H or W already fails
    // "pad < dim"; an empty C reaches the empty check.
    const std::vector<int64_t> pad = {1, 2, 1, 1};
    const auto empty = [&](std::vector<int64_t> self) { return padBackwardShapes(paddedShape(self, pad), self, pad); };
    const std::vector<std::string> nonZero = {"self", "non-zero"};
    const std::vector<std::string> imageEmpty = reflect ? std::vector<std::string>{"padding"} : nonZero;
    return validRow() + outPointerRows() + nullRows({"gradOutput", "[self]", "padding", "gradInput"}) + ErrorRows{
        // A view that reaches past its storage: a gradOutput whose declared storage is one element short.
        shortRow("gradOutput"),
        {"all INT32", set({"gradOutput", "self", "gradInput"}, dtype(ACL_INT32)), INVALID,
         {"gradOutput", "INT32", "FLOAT"}},
        {"self FLOAT16", set("self", dtype(ACL_FLOAT16)), INVALID, {"self", "FLOAT16"}},
        {"gradInput BF16", set("gradInput", dtype(ACL_BF16)), INVALID, {"gradInput", "BF16"}},
        withoutFp64Row("all DOUBLE", set({"gradOutput", "self", "gradInput"}, dtype(ACL_DOUBLE)),
                       {"gradOutput", "fp64"}),
        withoutFp64Row("all COMPLEX128", set({"gradOutput", "self", "gradInput"}, dtype(ACL_COMPLEX128)),
                       {"gradOutput", "fp64"}),
        {"self 2-D", padBackwardShapes({6, 7}, {4, 5}, {1, 1, 1, 1}), INVALID, {"self", "3 or 4-D", "2-D"}},
        {"self 5-D", padBackwardShapes({1, 1, 1, 6, 7}, {1, 1, 1, 4, 5}, {1, 1, 1, 1}), INVALID, {"self", "5-D"}},
        {"gradOutput 3-D", set("gradOutput", shape({2, 6, 7})), INVALID, {"gradOutput", "4-D", "3-D"}},
        {"gradInput 3-D", set("gradInput", shape({2, 4, 5})), INVALID, {"gradInput", "4-D", "3-D"}},
        {"padding of 2", set("padding", ints({1, 1})), INVALID, {"padding", "4"}},
        notBelowDim("padding left 5", "left", "W", {1, 2, 4, 10}, {5, 0, 0, 0}),
        notBelowDim("padding bottom 4", "bottom", "H", {1, 2, 8, 5}, {0, 0, 0, 4}),
        {"self C 0", empty({1, 0, 4, 5}), INVALID, nonZero},
        {"self H 0", empty({1, 2, 0, 5}), INVALID, imageEmpty},
        {"self W 0", empty({1, 2, 4, 0}), INVALID, imageEmpty},
        {"self 3-D C 0", empty({0, 4, 5}), INVALID, nonZero},
        {"W 5 cropped by 5", set("padding", ints({-3, -2, 0, 0})) + set("gradOutput", shape({1, 2, 4, 1})), INVALID,
         {"padding", "at least 1"}},
        // Negative pads pass reflection's check too: the sum itself must not wrap.
        {"W + left + right overflows", set("padding", ints({std::numeric_limits<int64_t>::min(), -8, 0, 0})),
         INVALID, {"padding", "at least 1", "-9223372036854775808"}},
        {"gradOutput W 8", set("gradOutput", shape({1, 2, 6, 8})), INVALID, {"gradOutput", "[1, 2, 6, 7]"}},
        {"gradOutput C 3", set("gradOutput", shape({1, 3, 6, 7})), INVALID, {"gradOutput", "[1, 3, 6, 7]"}},
        {"gradInput 5 x 4", set("gradInput", shape({1, 2, 5, 4})), INVALID, {"gradInput", "[1, 2, 5, 4]"}},
        // Every row of a plane is the same memory.
        overlapRow("gradInput", {40, 20, 0, 1}),
    } + withoutExecutorRows();
}
ErrorRows reflectionPadBackwardRows() { return padBackwardRows(true); }
ErrorRows replicationPadBackwardRows() { return padBackwardRows(false); }

ACLNN_ERROR_TABLE(ReflectionPad2dBackwardErrors, reflectionPadBackwardCall, reflectionPadBackwardRows);
ACLNN_ERROR_TABLE(ReplicationPad2dBackwardErrors, replicationPadBackwardCall, replicationPadBackwardRows);

INSTANTIATE_ON_ALL_DEVICES(Pad2dBackwardTest);

}  // namespace
