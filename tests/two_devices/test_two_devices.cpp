// Promises across two devices (issue 12, items 1, 4 and 11). Unless the environment says otherwise,
// the program selects ACLNN_OPENCL_DEVICE=pocl,rusticl (device 0 PoCL, device 1 rusticl on llvmpipe:
// two OpenCL platforms, so two contexts that share neither memory nor events); each test skips when
// fewer than two devices exist.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "device_fixture.h"
#include "reliability_harness.h"
#include "aclnn/opdev/op_errno.h"

namespace {

using reliability::Layout;
using reliability::OpHarness;
using testing_support::DeviceTensor;

constexpr aclnnStatus kParamInvalid = ACLNN_ERR_PARAM_INVALID;  // ACLNN_ERR_PARAM_INVALID
constexpr uint8_t kPattern = 0xC3;

std::string lastMessage() {
    const char *m = aclGetRecentErrMsg();
    return m ? m : "";
}

class TwoDevices : public ::testing::Test {
protected:
    void SetUp() override {
        uint32_t count = 0;
        ASSERT_ACL_OK(aclrtGetDeviceCount(&count));
        if (count < 2) GTEST_SKIP() << "needs two devices (ACLNN_OPENCL_DEVICE=pocl,rusticl)";
        for (int d = 0; d < 2; ++d) {
            ASSERT_ACL_OK(aclrtSetDevice(d));
            ASSERT_ACL_OK(aclrtCreateStream(&streams[d]));
        }
        ASSERT_ACL_OK(aclrtSetDevice(0));
    }
    void TearDown() override {
        for (int d = 0; d < 2; ++d) {
            if (!streams[d]) continue;
            aclrtSetDevice(d);
            EXPECT_ACL_OK(aclrtDestroyStream(streams[d]));
        }
    }
    void *mallocOn(int device, size_t bytes) {
        EXPECT_EQ(aclrtSetDevice(device), 0);
        void *p = nullptr;
        EXPECT_EQ(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), 0) << lastMessage();
        return p;
    }
    std::vector<uint8_t> download(void *p, size_t bytes) {
        std::vector<uint8_t> host(bytes);
        EXPECT_EQ(aclrtMemcpy(host.data(), bytes, p, bytes, ACL_MEMCPY_DEVICE_TO_HOST), 0) << lastMessage();
        return host;
    }
    aclrtStream streams[2] = {nullptr, nullptr};
};

// Item 1: a workspace allocated on the other device, passed to phase two of an operator planned on
// this one: SIGSEGV inside PoCL (device 1's memory on device 0), 561000 with a raw
// CL_INVALID_MEM_OBJECT the other way. Must be 161002 naming the workspace and both devices, with
// nothing enqueued (outputs untouched).
TEST_F(TwoDevices, WorkspaceFromTheOtherDeviceIsRejectedBeforeAnythingRuns) {
    size_t checked = 0, withWorkspace = 0;
    for (int planned = 0; planned < 2; ++planned) {
        const int other = 1 - planned;
        ASSERT_ACL_OK(aclrtSetDevice(planned));
        for (auto &h : reliability::makeAllHarnesses(Layout::Strided, 3)) {
            if (!h->stridedNeedsWorkspace) continue;  // no workspace to pass from the other device
            ++withWorkspace;
            SCOPED_TRACE(h->api + " planned on device " + std::to_string(planned));
            ASSERT_ACL_OK(aclrtSetDevice(planned));
            for (DeviceTensor *o : h->outputs()) o->fillStorage(kPattern);
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            ASSERT_ACL_OK(h->plan(&ws, &ex));
            ASSERT_GT(ws, 0u);
            void *foreign = mallocOn(other, ws);
            ASSERT_ACL_OK(aclrtSetDevice(planned));
            EXPECT_EQ(h->run(foreign, ws, ex, streams[planned]), kParamInvalid);
            std::string msg = lastMessage();
            EXPECT_NE(msg.find("workspace"), std::string::npos) << msg;
            EXPECT_NE(msg.find("[" + std::to_string(planned) + "]"), std::string::npos) << msg;
            EXPECT_NE(msg.find("[" + std::to_string(other) + "]"), std::string::npos) << msg;
            EXPECT_ACL_OK(aclrtSynchronizeStream(streams[planned]));
            for (DeviceTensor *o : h->outputs()) {
                size_t changed = 0;
                for (uint8_t b : o->storage()) changed += b != kPattern;
                EXPECT_EQ(changed, 0u) << "output bytes written by a failing call";
            }
            EXPECT_ACL_OK(aclrtFree(foreign));
            ++checked;
        }
    }
    EXPECT_EQ(checked, withWorkspace);
    EXPECT_GE(withWorkspace, 2 * 6u);  // both devices, the six operators that pack strided views
}

// Item 4: aclrtMemcpyAsync device-to-device between the two devices ignored its stream: fills enqueued
// on the stream before it were not applied yet when it read, and a fill enqueued after it leaked in.
TEST_F(TwoDevices, CrossDeviceAsyncCopyIsOrderedOnItsStream) {
    constexpr size_t kBytes = size_t(4) << 20;  // big enough that the fills take a while
    for (int streamDevice = 0; streamDevice < 2; ++streamDevice) {
        SCOPED_TRACE("stream on device " + std::to_string(streamDevice));
        const int srcDevice = streamDevice, dstDevice = 1 - streamDevice;
        void *src = mallocOn(srcDevice, kBytes);
        void *dst = mallocOn(dstDevice, kBytes);
        ASSERT_ACL_OK(aclrtMemset(dst, kBytes, 0x00, kBytes));
        ASSERT_ACL_OK(aclrtSetDevice(streamDevice));
        aclrtStream s = streams[streamDevice];
        for (int round = 0; round < 4; ++round) {
            const uint8_t before = static_cast<uint8_t>(0x10 + round), after = static_cast<uint8_t>(0x80 + round);
            ASSERT_ACL_OK(aclrtMemsetAsync(src, kBytes, 0x01, kBytes, s));
            ASSERT_ACL_OK(aclrtMemsetAsync(src, kBytes, before, kBytes, s));
            ASSERT_ACL_OK(aclrtMemcpyAsync(dst, kBytes, src, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
            ASSERT_ACL_OK(aclrtMemsetAsync(src, kBytes, after, kBytes, s));
            ASSERT_ACL_OK(aclrtSynchronizeStream(s));
            std::vector<uint8_t> got = download(dst, kBytes);
            size_t wrong = 0;
            for (uint8_t b : got) wrong += b != before;
            EXPECT_EQ(wrong, 0u) << "round " << round << ": the copy saw " << int(got[0]) << ", wanted "
                                 << int(before);
        }
        // The other direction: the stream's device receives.
        ASSERT_ACL_OK(aclrtMemsetAsync(src, kBytes, 0x42, kBytes, s));
        ASSERT_ACL_OK(aclrtSynchronizeStream(s));
        ASSERT_ACL_OK(aclrtMemsetAsync(src, kBytes, 0x43, kBytes, s));  // src is dst now
        ASSERT_ACL_OK(aclrtSetDevice(dstDevice));
        ASSERT_ACL_OK(aclrtMemset(dst, kBytes, 0x24, kBytes));
        ASSERT_ACL_OK(aclrtSetDevice(streamDevice));
        ASSERT_ACL_OK(aclrtMemcpyAsync(src, kBytes, dst, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
        ASSERT_ACL_OK(aclrtSynchronizeStream(s));
        std::vector<uint8_t> got = download(src, kBytes);
        EXPECT_EQ(got.front(), 0x24);
        EXPECT_EQ(got.back(), 0x24);
        EXPECT_ACL_OK(aclrtFree(src));
        EXPECT_ACL_OK(aclrtFree(dst));
    }
}

// Item 11: an asynchronous copy or fill of device-1 memory on a device-0 stream returned 507000 with a
// raw OpenCL error. Must be a parameter error naming the mismatch, memory unchanged.
TEST_F(TwoDevices, AsyncCopyOrFillOfOtherDeviceMemoryIsAParameterError) {
    constexpr size_t kBytes = 4096;
    size_t checked = 0;
    for (int memDevice = 0; memDevice < 2; ++memDevice) {
        const int streamDevice = 1 - memDevice;
        SCOPED_TRACE("memory on device " + std::to_string(memDevice));
        void *mem = mallocOn(memDevice, kBytes);
        void *mem2 = mallocOn(memDevice, kBytes);
        ASSERT_ACL_OK(aclrtMemset(mem, kBytes, 0x11, kBytes));
        ASSERT_ACL_OK(aclrtMemset(mem2, kBytes, 0x22, kBytes));
        ASSERT_ACL_OK(aclrtSetDevice(streamDevice));
        aclrtStream s = streams[streamDevice];
        std::vector<uint8_t> host(kBytes, 0x77);
        struct Attempt {
            const char *what;
            aclError status;
        };
        std::vector<Attempt> attempts = {
            {"aclrtMemsetAsync", aclrtMemsetAsync(mem, kBytes, 0x99, kBytes, s)},
            {"aclrtMemcpyAsync host to device",
             aclrtMemcpyAsync(mem, kBytes, host.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE, s)},
            {"aclrtMemcpyAsync device to host",
             aclrtMemcpyAsync(host.data(), kBytes, mem, kBytes, ACL_MEMCPY_DEVICE_TO_HOST, s)},
            {"aclrtMemcpyAsync device to device, both on the other device",
             aclrtMemcpyAsync(mem, kBytes, mem2, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, s)},
        };
        for (const Attempt &a : attempts) {
            EXPECT_EQ(a.status, ACL_ERROR_INVALID_PARAM) << a.what;
            ++checked;
        }
        // The message names both devices (checked on a fresh failing call).
        EXPECT_EQ(aclrtMemsetAsync(mem, kBytes, 0x99, kBytes, s), ACL_ERROR_INVALID_PARAM);
        std::string msg = lastMessage();
        EXPECT_NE(msg.find("device " + std::to_string(memDevice)), std::string::npos) << msg;
        EXPECT_NE(msg.find("device " + std::to_string(streamDevice)), std::string::npos) << msg;
        EXPECT_ACL_OK(aclrtSynchronizeStream(s));
        EXPECT_EQ(host, std::vector<uint8_t>(kBytes, 0x77)) << "the host buffer was written";
        EXPECT_EQ(download(mem, kBytes), std::vector<uint8_t>(kBytes, 0x11));
        EXPECT_EQ(download(mem2, kBytes), std::vector<uint8_t>(kBytes, 0x22));
        EXPECT_ACL_OK(aclrtFree(mem));
        EXPECT_ACL_OK(aclrtFree(mem2));
    }
    EXPECT_EQ(checked, 8u);
}

}  // namespace

int main(int argc, char **argv) {
    setenv("ACLNN_OPENCL_DEVICE", "pocl,rusticl", 0);  // 0: a pair chosen in the environment wins
    setenv("RUSTICL_ENABLE", "llvmpipe", 0);
    return testing_support::runAllTestsUnderAcl(&argc, argv);
}
