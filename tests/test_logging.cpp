// ACLNN_OPENCL_LOG_LEVEL (docs/runtime.md): the level parser, silence when off, and the plan an operator
// call logs at info (its kernels, sizes, workspace) and debug (program builds, per-step times).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "blas/host_blas.h"
#include "blas/own_gemm.h"
#include "common/log.h"
#include "device_fixture.h"
#include "harness/conv_tbc_backward.h"
#include "harness/group_norm_swish.h"
#include "harness/im2col_backward.h"
#include "harness/max_unpool2d_backward.h"
#include "harness/pad2d.h"
#include "harness/pad2d_backward.h"
#include "kernels/program_cache.h"
#include "meta/step_times.h"
#include "runtime/device.h"
#include "support/device_tensor.h"
#include "support/gemm_backends.h"
#include "support/int_array.h"

namespace {

using testing_support::Args;
using testing_support::Binding;
using testing_support::DeviceTensor;
using testing_support::IntArray;
using testing_support::kConvTbcBackward;
using testing_support::kGroupNormSwish;
using testing_support::kIm2colBackward;
using testing_support::kMaxUnpool2dBackward;
using testing_support::kReflectionPad2d;
using testing_support::kReflectionPad2dBackward;

TEST(LogLevel, ParsesNamesAndNumbers) {
    EXPECT_EQ(aclcl::parseLogLevel("error"), 1);
    EXPECT_EQ(aclcl::parseLogLevel("WARN"), 2);
    EXPECT_EQ(aclcl::parseLogLevel("info"), 3);
    EXPECT_EQ(aclcl::parseLogLevel("Debug"), 4);
    EXPECT_EQ(aclcl::parseLogLevel("off"), 0);
    EXPECT_EQ(aclcl::parseLogLevel("3"), 3);
    EXPECT_EQ(aclcl::parseLogLevel("verbose"), -1);
    EXPECT_EQ(aclcl::parseLogLevel(""), -1);
    EXPECT_EQ(aclcl::parseLogLevel(nullptr), -1);
}

// Sets the level for a scope and restores what the environment says afterwards.
class ScopedLogLevel {
public:
    explicit ScopedLogLevel(int level) { aclcl::setLogLevel(level); }
    ~ScopedLogLevel() { aclcl::setLogLevel(-1); }
};

std::vector<std::string> lines(const std::string &text) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

class LoggingTest : public testing_support::DeviceTest {
protected:
    // Runs Im2colBackward (3x3 kernel: the unrolled kernel) and returns what went to stderr.
    std::string runIm2col(int level) {
        DeviceTensor grad({1, 2 * 9, 16}, ACL_FLOAT), out({1, 2, 6, 6}, ACL_FLOAT);
        grad.upload(std::vector<double>(static_cast<size_t>(grad.numel()), 1.0));
        IntArray inputSize({6, 6}), kernel({3, 3}), dilation({1, 1}), padding({0, 0}), stride({1, 1});
        ScopedLogLevel scoped(level);
        testing::internal::CaptureStderr();
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        aclnnStatus st = kIm2colBackward.plan({grad, inputSize, kernel, dilation, padding, stride, out}, &ws, &ex);
        if (st == 0) st = kIm2colBackward.run(nullptr, ws, ex, stream);
        if (st == 0) st = aclrtSynchronizeStream(stream);
        std::string captured = testing::internal::GetCapturedStderr();
        EXPECT_EQ(st, 0) << aclGetRecentErrMsg();
        return captured;
    }
};

TEST_P(LoggingTest, OffByDefaultWritesNothing) {
    EXPECT_EQ(runIm2col(0), "");
}

TEST_P(LoggingTest, ErrorLevelLogsNoPlans) {
    EXPECT_EQ(runIm2col(1), "");
}

TEST_P(LoggingTest, InfoLogsTheCallItsShapesAndItsKernels) {
    const std::vector<std::string> got = lines(runIm2col(3));
    ASSERT_EQ(got.size(), 2u) << ::testing::PrintToString(got);
    const std::string &plan = got[0];
    EXPECT_EQ(plan.rfind("aclnn-opencl info: aclnnIm2colBackwardGetWorkspaceSize on ", 0), 0u) << plan;
    EXPECT_NE(plan.find("gradOutput=DT_FLOAT[1, 18, 16]"), std::string::npos) << plan;
    EXPECT_NE(plan.find("out=DT_FLOAT[1, 2, 6, 6]"), std::string::npos) << plan;
    EXPECT_NE(plan.find("kernelSize=[3, 3]"), std::string::npos) << plan;
    EXPECT_NE(plan.find("workspace 0 bytes"), std::string::npos) << plan;
    EXPECT_NE(plan.find("step 0: kernel im2col_backward_unrolled global [6,6,2] local ["), std::string::npos) << plan;
    EXPECT_EQ(got[1].rfind("aclnn-opencl info: aclnnIm2colBackward: 1 step(s) on ", 0), 0u) << got[1];
}

TEST_P(LoggingTest, DebugLogsProgramBuildsAndStepTimes) {
    aclcl::clearProgramCache();  // so that the program is built (and logged) again
    const std::string text = runIm2col(4);
    EXPECT_NE(text.find("aclnn-opencl debug: built program im2col_backward for "), std::string::npos) << text;
    EXPECT_NE(text.find("#define UNROLLED 1"), std::string::npos) << text;
    EXPECT_NE(text.find("aclnn-opencl debug: aclnnIm2colBackward: step 0 (kernel im2col_backward_unrolled"),
              std::string::npos)
        << text;
    for (const std::string &line : lines(text)) EXPECT_EQ(line.rfind("aclnn-opencl ", 0), 0u) << line;
}

TEST_P(LoggingTest, PackedInputsAndStagedOutputsAreSteps) {
    // A transposed gradOutput view is packed by copy_cast before the pad kernel; the log lists both.
    DeviceTensor grad({1, 1, 6, 5}, ACL_FLOAT, {30, 30, 1, 6}, 0), self({1, 1, 4, 3}, ACL_FLOAT),
        gradInput({1, 1, 4, 3}, ACL_FLOAT);
    grad.upload(std::vector<double>(30, 1.0));
    IntArray padding({1, 1, 1, 1});
    ScopedLogLevel scoped(3);
    testing::internal::CaptureStderr();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(kReflectionPad2dBackward.plan({grad, self, padding, gradInput}, &ws, &ex));
    const std::string text = testing::internal::GetCapturedStderr();
    EXPECT_NE(text.find("step 0: kernel copy_cast (pack input 0 into workspace"), std::string::npos) << text;
    EXPECT_NE(text.find("step 1: kernel pad2d_bwd_"), std::string::npos) << text;
    aclDestroyAclOpExecutor(ex);
}

TEST_P(LoggingTest, GemmPlansListTheirGemms) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the GEMM plans (CLBlast GEMMs)");
    // ConvTbcBackward, T 5, B 1, C_in 2, C_out 2, K 1, pad 0: two GEMMs and the bias column sums; the
    // GEMM step names its backend.
    testing_support::forEachGemmBackend(device(), [&] {
        DeviceTensor self({5, 1, 2}, ACL_FLOAT), input({5, 1, 2}, ACL_FLOAT), weight({1, 2, 2}, ACL_FLOAT),
            bias({2}, ACL_FLOAT), gradInput({5, 1, 2}, ACL_FLOAT), gradWeight({1, 2, 2}, ACL_FLOAT),
            gradBias({2}, ACL_FLOAT);
        ScopedLogLevel scoped(3);
        testing::internal::CaptureStderr();
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        const aclnnStatus st = kConvTbcBackward.plan(
            {self, input, weight, bias, int64_t{0}, int8_t{0}, gradInput, gradWeight, gradBias}, &ws, &ex);
        const std::string text = testing::internal::GetCapturedStderr();
        ASSERT_EQ(st, 0) << aclGetRecentErrMsg();
        const int hook = aclcl::testHook(aclcl::TestHook::GemmBackend);
        const bool host = hook == 2;
        EXPECT_NE(text.find("aclnnConvTbcBackwardGetWorkspaceSize on "), std::string::npos) << text;
        EXPECT_NE(text.find("pad=0 cubeMathType=0"), std::string::npos) << text;
        EXPECT_NE(text.find(std::string(host ? "host BLAS" : hook == 3 ? "own GEMM" : "CLBlast") +
                            " fp32 (gemm NT m=5 n=2 k=2"),
                  std::string::npos)
            << text;
        // The own GEMM names its form for each product: the tiles on a GPU, the walking form elsewhere.
        const std::string own = aclcl::blas::ownGemmWalks(aclcl::deviceAt(device()), aclcl::blas::Product())
                                    ? "[asked for; walking, 16 x 8 a work-item, walking, 16 x 8 a work-item"
                                    : "[asked for; 64x64x16 tiles, 16x16 work-items, 64x64x16 tiles";
        EXPECT_NE(text.find(host        ? "[" + aclcl::blas::hostBlasDescription() + "]"
                            : hook == 3 ? own
                                        : "[asked for]"),
                  std::string::npos)
            << text;
        EXPECT_NE(text.find("gemm TN m=2 n=2 k=5"), std::string::npos) << text;
        EXPECT_NE(text.find("kernel column_sums global [2] local [auto]"), std::string::npos) << text;
        aclDestroyAclOpExecutor(ex);
    });
}

// The benchmark's step times (meta/step_times.h): while a StepTimes is alive, each call's steps are timed and
// named as the debug log would name them, with the log off and nothing written; ConvTbcBackward's GEMM step
// names its backend. Gone, the calls are neither described nor timed.
TEST_P(LoggingTest, StepTimesNameAndTimeEveryStepSilently) {
    DeviceTensor self({5, 1, 2}, ACL_FLOAT), input({5, 1, 2}, ACL_FLOAT), weight({1, 2, 2}, ACL_FLOAT),
        bias({2}, ACL_FLOAT), gradInput({5, 1, 2}, ACL_FLOAT), gradWeight({1, 2, 2}, ACL_FLOAT),
        gradBias({2}, ACL_FLOAT);
    for (DeviceTensor *t : {&self, &input, &weight, &bias}) t->upload(std::vector<double>(t->numel(), 0.5));
    const Args args{self, input, weight, bias, int64_t{0}, int8_t{0}, gradInput, gradWeight, gradBias};
    auto call = [&] { EXPECT_EQ(testing_support::planAndRun(kConvTbcBackward, args, stream), 0) << aclGetRecentErrMsg(); };
    ScopedLogLevel off(0);
    std::vector<aclcl::StepTime> taken;
    {
        aclcl::StepTimes times;
        testing::internal::CaptureStderr();
        call();
        EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
        taken = times.taken();
    }
    ASSERT_FALSE(taken.empty());
    size_t products = 0;
    for (const aclcl::StepTime &t : taken) {
        EXPECT_EQ(t.api, "aclnnConvTbcBackward");
        EXPECT_FALSE(t.name.empty());
        EXPECT_GE(t.ms, 0.0) << t.name;
        const bool gemm = t.name.rfind("host BLAS ", 0) == 0 || t.name.rfind("CLBlast ", 0) == 0 ||
                          t.name.rfind("own GEMM ", 0) == 0;
        products += gemm;
        if (gemm) {
            EXPECT_NE(t.name.find("gemm NT m=5 n=2 k=2"), std::string::npos) << t.name;
        }
    }
    EXPECT_EQ(products, 1u);
    call();  // no StepTimes alive: not recorded anywhere
    aclcl::StepTimes again;
    EXPECT_TRUE(again.taken().empty());
    call();
    EXPECT_EQ(again.taken().size(), taken.size()) << "the same call times the same steps";
}

// Bounded loops (launch.h, kMaxWalkTrips): a kernel that walks a row or group in one work-item is planned
// only while the walk is short; a long one takes the kernel that spreads it over many work-items, on
// every device. The plans name the kernels.
TEST_P(LoggingTest, LongWalksTakeTheManyWorkItemKernels) {
    const bool walking = !aclcl::deviceAt(device()).manyWorkItemKernels();
    auto planText = [&](const Binding &op, const Args &args) {
        ScopedLogLevel scoped(3);
        testing::internal::CaptureStderr();
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        const aclnnStatus st = op.plan(args, &ws, &ex);
        const std::string text = testing::internal::GetCapturedStderr();
        EXPECT_EQ(st, 0) << aclGetRecentErrMsg();
        if (ex) aclDestroyAclOpExecutor(ex);
        return text;
    };
    IntArray pads({1, 1, 1, 1});
    for (int64_t width : {int64_t{100}, int64_t{70000}}) {
        SCOPED_TRACE("ReflectionPad2d, rows of " + std::to_string(width + 2));
        DeviceTensor self({1, 1, 2, width}, ACL_FLOAT), out({1, 1, 4, width + 2}, ACL_FLOAT);
        const std::string text = planText(kReflectionPad2d, {self, pads, out});
        const bool rows = text.find("kernel pad2d_fwd_rows ") != std::string::npos;
        EXPECT_EQ(rows, walking && width == 100) << text;
        EXPECT_NE(text.find(rows ? "kernel pad2d_fwd_rows " : "kernel pad2d_fwd_stream "), std::string::npos) << text;
    }
    for (int64_t side : {int64_t{32}, int64_t{512}}) {
        SCOPED_TRACE("GroupNormSwish, groups of " + std::to_string(2 * side * side));
        DeviceTensor x({1, 4, side, side}, ACL_FLOAT), gamma({4}, ACL_FLOAT), beta({4}, ACL_FLOAT),
            y({1, 4, side, side}, ACL_FLOAT), mean({1, 2}, ACL_FLOAT), rstd({1, 2}, ACL_FLOAT);
        const std::string text =
            planText(kGroupNormSwish, {x, gamma, beta, int64_t{2}, nullptr, 1e-5, true, 1.0, y, mean, rstd});
        const bool oneLane = text.find("local [1]") != std::string::npos;
        EXPECT_EQ(oneLane, walking && side == 32) << text;
        EXPECT_NE(text.find("kernel gns_group global"), std::string::npos) << text;
    }
    // MaxUnpool2dBackward's staged gather walks a whole plane in one work-group on every device: a large out
    // from a small cached gradOutput plane (2048 x 4096 from 64 x 64: 65,536 trips for each of 16 work-items)
    // takes the direct kernel. (The many-work-item devices warm the plane with 256 work-items: 4,097 trips.)
    const bool stagedGather = !aclcl::deviceAt(device()).compilerBugs.stagedGather;
    for (int64_t height : {int64_t{64}, int64_t{2048}}) {
        SCOPED_TRACE("MaxUnpool2dBackward, out of " + std::to_string(height) + " x 4096");
        DeviceTensor gradOutput({1, 1, 64, 64}, ACL_FLOAT), self({1, 1, height, 4096}, ACL_FLOAT),
            indices({1, 1, height, 4096}, ACL_INT32), out({1, 1, height, 4096}, ACL_FLOAT);
        IntArray outputSize({64, 64});
        const std::string text = planText(kMaxUnpool2dBackward, {gradOutput, self, indices, outputSize, out});
        const bool staged = text.find("kernel max_unpool2d_backward_staged ") != std::string::npos;
        EXPECT_EQ(staged, stagedGather && (height == 64 || !walking)) << text;
        EXPECT_NE(text.find(staged ? "kernel max_unpool2d_backward_staged " : "kernel max_unpool2d_backward_direct "),
                  std::string::npos)
            << text;
    }
}

INSTANTIATE_ON_ALL_DEVICES(LoggingTest);

}  // namespace
