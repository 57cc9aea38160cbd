// "Copy": a device-to-device aclrtMemcpyAsync as an operator case. It is the benchmark's reference
// row (what the memory system gives with no arithmetic at all, at the sizes of the "copy" sweep; the smallest, 64
// bytes, is one command's fixed cost) and shows the harness working before any operator has registered cases.
// "64 B call": the lightest operator call, aclnnInplaceCopy of 64 bytes (GetWorkspaceSize, one kernel, the
// synchronize): the fixed cost of any operator's call, below which none can go.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/copy.h"
#include "support/device_tensor.h"
#include "support/op_case.h"

namespace {

using testing_support::CheckResult;

class CopyCase : public testing_support::OpCase {
public:
    explicit CopyCase(size_t byteCount) : count_(byteCount) {
        op = "Copy";
        name = byteCount < 1024 ? std::to_string(byteCount) + " B" : std::to_string(byteCount >> 10) + " KiB";
        dtype = ACL_UINT8;
        bytes = 2.0 * static_cast<double>(byteCount);  // read once, written once
        sweep = "copy";
        params["numel"] = {static_cast<double>(byteCount)};
    }
    ~CopyCase() override { release(); }

    void setup() override {
        release();
        if (aclrtMalloc(&src_, count_, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
            aclrtMalloc(&dst_, count_, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
            throw std::runtime_error(std::string("Copy: aclrtMalloc failed: ") + aclGetRecentErrMsg());
        }
        std::vector<uint8_t> pattern = expected();
        aclrtMemcpy(src_, count_, pattern.data(), count_, ACL_MEMCPY_HOST_TO_DEVICE);
        aclrtMemset(dst_, count_, 0, count_);
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        *workspaceSize = 0;
        *executor = nullptr;
        return 0;
    }

    aclnnStatus run(void *, uint64_t, aclOpExecutor *, aclrtStream stream) override {
        return aclrtMemcpyAsync(dst_, count_, src_, count_, ACL_MEMCPY_DEVICE_TO_DEVICE, stream);
    }

    CheckResult check() override {
        CheckResult r;
        std::vector<uint8_t> got(count_), want = expected();
        if (aclrtMemcpy(got.data(), count_, dst_, count_, ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS) {
            r.ok = false;
            r.detail = std::string("Copy: reading the destination failed: ") + aclGetRecentErrMsg();
            return r;
        }
        for (size_t i = 0; i < count_; ++i) {
            if (got[i] == want[i]) continue;
            r.ok = false;
            r.maxAbsError = 255;
            char buf[96];
            std::snprintf(buf, sizeof buf, "Copy: byte %zu is %u, expected %u", i, got[i], want[i]);
            r.detail = buf;
            break;
        }
        return r;
    }

private:
    // Not a repeating short period, so that a copy from the wrong offset shows.
    std::vector<uint8_t> expected() const {
        std::vector<uint8_t> v(count_);
        for (size_t i = 0; i < count_; ++i) v[i] = static_cast<uint8_t>((i * 2654435761u) >> 13);
        return v;
    }
    void release() {
        if (src_) aclrtFree(src_);
        if (dst_) aclrtFree(dst_);
        src_ = dst_ = nullptr;
    }

    size_t count_;
    void *src_ = nullptr;
    void *dst_ = nullptr;
};

// The lightest operator call: InplaceCopy of 64 UINT8 elements.
class CallCase : public testing_support::OpCase {
public:
    CallCase() {
        op = "Copy";
        name = "64 B call";
        dtype = ACL_UINT8;
        bytes = 2.0 * kBytes;
        sweep = "copy";
        params["numel"] = {static_cast<double>(kBytes)};
    }
    void setup() override {
        src_ = testing_support::DeviceTensor({kBytes}, ACL_UINT8);
        dst_ = testing_support::DeviceTensor({kBytes}, ACL_UINT8);
        src_.upload(values());
    }
    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return testing_support::kInplaceCopy.plan({dst_, src_}, workspaceSize, executor);
    }
    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return testing_support::kInplaceCopy.run(workspace, workspaceSize, executor, stream);
    }
    CheckResult check() override {
        CheckResult r;
        if (dst_.download() != values()) {
            r.ok = false;
            r.detail = "Copy/64 B call: out differs from src";
        }
        return r;
    }

private:
    static constexpr int64_t kBytes = 64;
    static std::vector<double> values() {
        std::vector<double> v(kBytes);
        for (int64_t i = 0; i < kBytes; ++i) v[static_cast<size_t>(i)] = static_cast<double>((i * 37 + 11) % 251);
        return v;
    }
    testing_support::DeviceTensor src_, dst_;
};

testing_support::CaseList copyCases() {
    testing_support::CaseList cases;
    // 64 bytes: what one command enqueued and waited for costs, the least any operator's call can (the
    // summary's "floor" for cases of few bytes, bench/summarize.py). 12 MiB (24 MiB moved): the floor of the
    // cases that move tens of MB (an 8x64x128x128 FLOAT tensor is 32 MiB), where the 4 MiB copy still runs
    // from the last-level cache.
    for (size_t bytes : {size_t{64}, size_t{256} << 10, size_t{4096} << 10, size_t{12288} << 10,
                         size_t{65536} << 10}) {
        cases.push_back(std::make_unique<CopyCase>(bytes));
    }
    cases.push_back(std::make_unique<CallCase>());
    return cases;
}

}  // namespace

ACLNN_REGISTER_CASES("Copy", copyCases);
