// The kernels' launch-parameter files (host/kernels/kernel_params.h, issue 38): parsing, the choice of
// file for a device (the shared rules of runtime/device_files.h: exact name, family, units, the
// environment variable), malformed files as errors naming file and line, and a file's entry applied to
// an operator's plan. That each parameter set gives the default's bits is tested with each operator
// (test_pad2d.cpp, test_pad2d_backward.cpp, test_elementwise.cpp).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "device_fixture.h"
#include "cases/pad2d_cases.h"
#include "kernels/kernel_params.h"
#include "runtime/device.h"
#include "support/row_stream_params.h"
#include "support/scoped_env.h"

namespace {

using aclcl::parseKernelParamsFile;
using aclcl::selectKernelParamsFile;

void writeText(const std::string &path, const std::string &text) {
    std::FILE *out = std::fopen(path.c_str(), "w");
    ASSERT_NE(out, nullptr) << path;
    std::fputs(text.c_str(), out);
    std::fclose(out);
}

TEST(KernelParamsFile, ParsesHeadAndRowStreamLines) {
    const aclcl::KernelParamsFile f = parseKernelParamsFile(
        "# tuned\n"
        "device  NVIDIA H200 \n"
        "units 132\n"
        "family NVIDIA H\n"
        "\n"
        "# ReflectionPad2d speed case: default 1.00 ms, chosen 0.90 ms (10% faster)\n"
        "row_stream pad2d_fwd_stream elems=8 group=32x4\n"
        "row_stream ew_contiguous elems=2\n"
        "row_stream ew_strided group=64x1\n",
        "t.params");
    EXPECT_EQ(f.source, "t.params");
    EXPECT_EQ(f.device, "NVIDIA H200");
    EXPECT_EQ(f.units, 132u);
    EXPECT_EQ(f.families, std::vector<std::string>{"NVIDIA H"});
    ASSERT_EQ(f.rowStreams.size(), 3u);
    const aclcl::RowStreamEntry *pad = f.rowStream("pad2d_fwd_stream");
    ASSERT_NE(pad, nullptr);
    EXPECT_EQ(pad->elems, 8);
    EXPECT_EQ(pad->groupX, 32u);
    EXPECT_EQ(pad->groupY, 4u);
    EXPECT_EQ(pad->line, 7);
    EXPECT_EQ(f.rowStream("ew_contiguous")->elems, 2);
    EXPECT_EQ(f.rowStream("ew_contiguous")->groupX, 0u);
    EXPECT_EQ(f.rowStream("ew_strided")->elems, 0);
    EXPECT_EQ(f.rowStream("ew_strided")->groupX, 64u);
    EXPECT_EQ(f.rowStream("pad2d_bwd_stream"), nullptr);
}

TEST(KernelParamsFile, RejectsMalformedFilesWithTheLine) {
    const std::pair<std::string, std::string> bad[] = {
        {"row_stream ew_strided elems=2\n", "no 'device"},
        {"device a\ndevice b\n", ":2: a second 'device' line"},
        {"device a\nunits 0\n", ":2: expected 'units <compute units, 1 or more>'"},
        {"device a\nfamily a\nfamily a\n", ":3: family 'a' listed twice"},
        {"device a\nXgemm 32 KWG=16\n", ":2: expected 'row_stream <kernel> elems=N group=XxY'"},
        {"device a\nrow_stream\n", ":2: expected 'row_stream <kernel>"},
        {"device a\nrow_stream elems=4\n", ":2: expected 'row_stream <kernel>"},
        {"device a\nrow_stream pad3d_stream elems=4\n", ":2: no row-streaming kernel is named 'pad3d_stream'"},
        {"device a\nrow_stream ew_strided\n", ":2: kernel 'ew_strided' has no parameters"},
        {"device a\nrow_stream ew_strided elems=0\n", ":2: expected elems=<1..64>"},
        {"device a\nrow_stream ew_strided elems=65\n", "found 'elems=65'"},
        {"device a\nrow_stream ew_strided elems=-1\n", "found 'elems=-1'"},
        {"device a\nrow_stream ew_strided elems=2 elems=4\n", "found 'elems=4'"},
        {"device a\nrow_stream ew_strided group=32\n", "found 'group=32'"},
        {"device a\nrow_stream ew_strided group=0x4\n", "found 'group=0x4'"},
        {"device a\nrow_stream ew_strided group=64x32\n", "X*Y at most 1024"},
        {"device a\nrow_stream ew_strided group=32x4 group=32x2\n", "found 'group=32x2'"},
        {"device a\nrow_stream ew_strided speed=4\n", "found 'speed=4'"},
        {"device a\n\nrow_stream ew_strided elems=2\nrow_stream ew_strided elems=4\n", ":4: kernel 'ew_strided' listed twice"},
    };
    for (const auto &[text, needle] : bad) {
        try {
            parseKernelParamsFile(text, "bad.params");
            ADD_FAILURE() << "accepted: " << text;
        } catch (const aclcl::Error &e) {
            EXPECT_EQ(e.code(), ACLNN_ERR_PARAM_INVALID);
            EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("kernel parameter file bad.params:"), std::string::npos) << e.what();
        }
    }
}

TEST(KernelParamsFile, EmbeddedFilesParseAndApplyToTheirDevice) {
    std::string note;
    for (const aclcl::EmbeddedFile *f = aclcl::embeddedKernelParamsFiles(); f->name; ++f) {
        const aclcl::KernelParamsFile p = parseKernelParamsFile(f->text, f->name);
        const auto units = static_cast<cl_uint>(p.units);
        auto chosen = selectKernelParamsFile(p.device, units, nullptr, &note);
        ASSERT_NE(chosen, nullptr) << p.device;
        EXPECT_EQ(chosen->source, f->name);
        EXPECT_EQ(selectKernelParamsFile(p.device, units, "off", &note), nullptr) << "off must disable " << f->name;
    }
    EXPECT_EQ(selectKernelParamsFile("Some Device 9000", 8, nullptr, &note), nullptr);
    EXPECT_NE(note.find("no embedded parameter file was tuned on 'Some Device 9000'"), std::string::npos) << note;
    EXPECT_NE(note.find("default launch parameters"), std::string::npos) << note;
}

TEST(KernelParamsFile, EnvironmentVariableChoosesByNameFamilyAndUnits) {
    const std::string path = ::testing::TempDir() + "aclnn_kernel_params_test.params";
    std::string note;
    writeText(path, "device Some Device 9000\nrow_stream ew_strided elems=2\n");
    auto named = selectKernelParamsFile("Some Device 9000", 8, path.c_str(), &note);
    ASSERT_NE(named, nullptr);
    EXPECT_EQ(named->source, path);
    EXPECT_EQ(named->rowStream("ew_strided")->elems, 2);
    EXPECT_EQ(selectKernelParamsFile("Another Device", 8, path.c_str(), &note), nullptr);
    EXPECT_NE(note.find("ACLNN_OPENCL_KERNEL_PARAMS=" + path + " was tuned on 'Some Device 9000'"), std::string::npos)
        << note;
    EXPECT_NE(note.find("not applied"), std::string::npos) << note;
    EXPECT_EQ(selectKernelParamsFile("Some Device 9000", 8, "off", &note), nullptr);
    EXPECT_NE(note.find("ACLNN_OPENCL_KERNEL_PARAMS=off: the kernels' default launch parameters"), std::string::npos)
        << note;
    // Family and units, as the CLBlast files (the same code, runtime/device_files.h).
    writeText(path, "device Some Device 9000\nunits 4\nfamily Some Device \nrow_stream ew_strided elems=2\n");
    EXPECT_NE(selectKernelParamsFile("Some Device 42", 4, path.c_str(), &note), nullptr);
    EXPECT_NE(note.find("for its family 'Some Device'"), std::string::npos) << note;
    EXPECT_NE(selectKernelParamsFile("Some Device 42", 0, path.c_str(), &note), nullptr);
    EXPECT_EQ(selectKernelParamsFile("Some Device 9000", 16, path.c_str(), &note), nullptr);
    EXPECT_NE(note.find("with 4 compute units"), std::string::npos) << note;
    EXPECT_EQ(selectKernelParamsFile("Other 9000", 4, path.c_str(), &note), nullptr);
    std::remove(path.c_str());
    try {
        selectKernelParamsFile("Some Device 9000", 8, path.c_str(), &note);
        ADD_FAILURE() << "a missing file was accepted";
    } catch (const aclcl::Error &e) {
        EXPECT_EQ(e.code(), ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(std::string(e.what()).find("ACLNN_OPENCL_KERNEL_PARAMS names the kernel parameter file '" + path),
                  std::string::npos)
            << e.what();
    }
}

class KernelParamsTest : public testing_support::DeviceTest {};

// A file's entry reaches the plan (the log names it as the source), follows the variable when it changes,
// and a malformed file fails the plan with the file and line in the message, writing nothing.
TEST_P(KernelParamsTest, AnEntryReachesThePlanAndAMalformedFileFailsIt) {
    const aclcl::Device &dev = aclcl::deviceAt(device());
    auto pad = testing_support::makePad2dCase(true, "log", ACL_FLOAT, {1, 1, 3, 40}, {1, 1, 1, 1},
                                              testing_support::Pad2dLayout::Contiguous, 7);
    pad->setup();
    const auto planLog = [&](aclnnStatus *st) {
        aclcl::setLogLevel(3);
        testing::internal::CaptureStderr();
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        *st = pad->plan(&ws, &ex);
        const std::string text = testing::internal::GetCapturedStderr();
        aclcl::setLogLevel(-1);
        if (ex) aclDestroyAclOpExecutor(ex);
        return text;
    };
    aclnnStatus st = 0;
    {
        testing_support::ScopedKernelParamsFile file(dev, {2, 8, 2});
        const std::string text = planLog(&st);
        ASSERT_EQ(st, 0) << aclGetRecentErrMsg();
        EXPECT_NE(text.find("row stream pad2d_fwd_stream: elems 2 (tuned: " + file.path() + "), work-group 8x2 (tuned: " +
                            file.path() + ")"),
                  std::string::npos)
            << text;
        ASSERT_NE(aclcl::kernelParamsFor(dev), nullptr);
        EXPECT_EQ(aclcl::kernelParamsFor(dev)->source, file.path());
    }
    {
        // Off: the defaults.
        aclcl::ScopedTestHook gpu(aclcl::TestHook::ManyWorkItemKernels);
        testing_support::ScopedEnv off(aclcl::kKernelParamsEnv, "off");
        const std::string text = planLog(&st);
        ASSERT_EQ(st, 0) << aclGetRecentErrMsg();
        EXPECT_NE(text.find("row stream pad2d_fwd_stream: elems 4 (kernel default)"), std::string::npos) << text;
    }
    {
        const std::string path = ::testing::TempDir() + "aclnn_kernel_params_bad.params";
        writeText(path, "device " + dev.name + "\nrow_stream pad2d_fwd_stream elems=4 group=2048x1\n");
        {
            aclcl::ScopedTestHook gpu(aclcl::TestHook::ManyWorkItemKernels);
            testing_support::ScopedEnv named(aclcl::kKernelParamsEnv, path);
            planLog(&st);
        }
        std::remove(path.c_str());
        EXPECT_EQ(st, ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(std::string(aclGetRecentErrMsg()).find("kernel parameter file " + path + ":2:"), std::string::npos)
            << aclGetRecentErrMsg();
    }
}

INSTANTIATE_ON_ALL_DEVICES(KernelParamsTest);

}  // namespace
