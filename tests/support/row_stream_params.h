// The launch parameter space of the row-streaming GPU kernels (host/kernels/row_stream.h), which the
// tests of every operator on that pattern run its GPU path over: each set must give the default's bits.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/log.h"
#include "common/test_hooks.h"
#include "kernels/kernel_params.h"
#include "runtime/device.h"
#include "support/scoped_env.h"

namespace testing_support {

struct RowStreamParams {
    int elems = 0, groupX = 0, groupY = 0;  // 0: the kernel's and the device's default

    std::string name() const {
        const auto part = [](int v) { return v == 0 ? std::string("default") : std::to_string(v); };
        return "elems " + part(elems) + ", work-group " +
               (groupX == 0 && groupY == 0 ? std::string("default") : part(groupX) + "x" + part(groupY));
    }
};

// The defaults, then elements per work-item {1, 2, 4, 8} by work-groups {the device's, 64x2, 5x3 (an x
// that divides no row)}.
inline std::vector<RowStreamParams> rowStreamParameterSpace() {
    std::vector<RowStreamParams> space = {{}};
    for (int elems : {1, 2, 4, 8}) {
        for (const auto &group : {std::pair<int, int>{0, 0}, {64, 2}, {5, 3}}) {
            space.push_back({elems, group.first, group.second});
        }
    }
    return space;
}

// The GPU kernel path (TestHook::ManyWorkItemKernels) with `p`, for its lifetime.
class ScopedRowStreamParams {
public:
    explicit ScopedRowStreamParams(const RowStreamParams &p)
        : gpuPath_(aclcl::TestHook::ManyWorkItemKernels), elems_(aclcl::TestHook::RowStreamElems, p.elems),
          groupX_(aclcl::TestHook::RowStreamGroupX, p.groupX), groupY_(aclcl::TestHook::RowStreamGroupY, p.groupY) {}

private:
    aclcl::ScopedTestHook gpuPath_, elems_, groupX_, groupY_;
};

// A kernel parameter file (kernels/kernel_params.h) for `device` that gives every row-streaming kernel
// p's values (a value of 0 left out of the line), named by ACLNN_OPENCL_KERNEL_PARAMS for its lifetime,
// with the GPU kernel path (TestHook::ManyWorkItemKernels) on.
class ScopedKernelParamsFile {
public:
    ScopedKernelParamsFile(const aclcl::Device &device, const RowStreamParams &p)
        : gpuPath_(aclcl::TestHook::ManyWorkItemKernels),
          path_(::testing::TempDir() + "aclnn_row_stream_" + std::to_string(p.elems) + "_" + std::to_string(p.groupX) +
                "x" + std::to_string(p.groupY) + ".params") {
        std::string text = "# written by the tests\ndevice " + device.name + "\n";
        for (const char *kernel : aclcl::kRowStreamKernels) {
            text += std::string("row_stream ") + kernel;
            if (p.elems) text += " elems=" + std::to_string(p.elems);
            if (p.groupX) text += " group=" + std::to_string(p.groupX) + "x" + std::to_string(p.groupY);
            text += "\n";
        }
        std::FILE *out = std::fopen(path_.c_str(), "w");
        if (out) {
            std::fputs(text.c_str(), out);
            std::fclose(out);
        }
        EXPECT_NE(out, nullptr) << path_;
        env_ = std::make_unique<ScopedEnv>(aclcl::kKernelParamsEnv, path_);
    }
    ~ScopedKernelParamsFile() {
        env_.reset();
        std::remove(path_.c_str());
    }
    ScopedKernelParamsFile(const ScopedKernelParamsFile &) = delete;
    ScopedKernelParamsFile &operator=(const ScopedKernelParamsFile &) = delete;

    const std::string &path() const { return path_; }

private:
    aclcl::ScopedTestHook gpuPath_;
    std::string path_;
    std::unique_ptr<ScopedEnv> env_;
};

// Each set of the parameter space but the defaults, given by a kernel parameter file rather than the
// test hooks: run() (plan and run the operator, return out's storage) must give want's bits, and the
// first plan's log must name the file as the parameters' source.
template <class Run>
void expectTunedFilesGiveTheSameBits(const aclcl::Device &device, const std::vector<uint8_t> &want, Run run) {
    bool first = true;
    for (const RowStreamParams &p : rowStreamParameterSpace()) {
        if (p.elems == 0 && p.groupX == 0) continue;
        SCOPED_TRACE("kernel parameter file: " + p.name());
        ScopedKernelParamsFile file(device, p);
        if (first) {
            aclcl::setLogLevel(3);
            ::testing::internal::CaptureStderr();
        }
        const std::vector<uint8_t> got = run();
        if (first) {
            const std::string log = ::testing::internal::GetCapturedStderr();
            aclcl::setLogLevel(-1);
            EXPECT_NE(log.find("(tuned: " + file.path() + ")"), std::string::npos) << log;
            first = false;
        }
        EXPECT_TRUE(got == want);
    }
    EXPECT_FALSE(first) << "no parameter set was tried";
}

}  // namespace testing_support
