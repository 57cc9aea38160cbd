// The acl runtime on OpenCL: init, devices, contexts, streams, events, memory and their errors.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "device_fixture.h"
#include "common/test_hooks.h"
#include "runtime/device.h"
#include "runtime/bulk_memory.h"

using namespace testing_support;

namespace {

std::string lastMessage() { return aclGetRecentErrMsg(); }

// Runs body(t, stream) for t = 0..3 on four threads at once, each with `device` set and a stream of its own
// (destroyed after); a thread that cannot set up counts in failures and skips its body.
void onFourThreads(int device, std::atomic<int> &failures, const std::function<void(int, aclrtStream)> &body) {
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            if (aclrtSetDevice(device) != ACL_SUCCESS) ++failures;
            aclrtStream s = nullptr;
            if (aclrtCreateStream(&s) != ACL_SUCCESS) {
                ++failures;
                return;
            }
            body(t, s);
            aclrtDestroyStream(s);
        });
    }
    for (auto &th : threads) th.join();
}

TEST(Runtime, SecondInitReportsRepeatInitialize) {
    // main() already called aclInit.
    EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
    EXPECT_NE(lastMessage().find("already initialized"), std::string::npos);
}

TEST(Runtime, VersionAndRunMode) {
    int32_t major = -1, minor = -1, patch = -1;
    ASSERT_ACL_OK(aclrtGetVersion(&major, &minor, &patch));
    EXPECT_GE(major, 1);
    aclrtRunMode mode = ACL_DEVICE;
    ASSERT_ACL_OK(aclrtGetRunMode(&mode));
    EXPECT_EQ(mode, ACL_HOST);
    EXPECT_EQ(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST(Runtime, DeviceCountMatchesEnumeration) {
    uint32_t count = 0;
    ASSERT_ACL_OK(aclrtGetDeviceCount(&count));
    EXPECT_EQ(count, aclcl::devices().size());
    EXPECT_GE(count, 1u) << "no OpenCL device: install pocl-opencl-icd";
    EXPECT_EQ(aclrtSetDevice(static_cast<int32_t>(count)), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_NE(lastMessage().find("out of range"), std::string::npos);
    EXPECT_EQ(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST(Runtime, DeviceOrderPutsGpusFirstAndIsStable) {
    const auto &all = aclcl::devices();
    for (size_t i = 1; i < all.size(); ++i) {
        bool prevGpu = all[i - 1]->type & CL_DEVICE_TYPE_GPU;
        bool curGpu = all[i]->type & CL_DEVICE_TYPE_GPU;
        EXPECT_FALSE(!prevGpu && curGpu) << "a GPU is listed after a non-GPU";
    }
    for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i]->index, static_cast<int>(i));
}

TEST(Runtime, DeviceFilterGrammar) {
    using aclcl::deviceMatchesFilter;
    const std::string pocl = "Portable Computing Language";
    EXPECT_TRUE(deviceMatchesFilter(pocl, "CPU", "pthread-skylake", "pocl"));
    EXPECT_TRUE(deviceMatchesFilter(pocl, "CPU", "pthread-skylake", "portable"));
    EXPECT_TRUE(deviceMatchesFilter(pocl, "CPU", "pthread-skylake", ":cpu"));
    EXPECT_FALSE(deviceMatchesFilter(pocl, "CPU", "pthread-skylake", ":gpu"));
    EXPECT_TRUE(deviceMatchesFilter("NVIDIA CUDA", "GPU", "NVIDIA H100 80GB HBM3", "nvidia:gpu:h100"));
    EXPECT_FALSE(deviceMatchesFilter("NVIDIA CUDA", "GPU", "NVIDIA H100 80GB HBM3", "nvidia:gpu:a100"));
    EXPECT_TRUE(deviceMatchesFilter("rusticl", "CPU", "llvmpipe (LLVM 15.0.6, 256 bits)", "*::llvmpipe"));
    EXPECT_TRUE(deviceMatchesFilter("rusticl", "CPU", "llvmpipe", ""));
    EXPECT_TRUE(deviceMatchesFilter("rusticl", "CPU", "llvmpipe", "RUSTICL:ALL"));
}

class RuntimeDeviceTest : public DeviceTest {};

TEST_P(RuntimeDeviceTest, GetDeviceAndSocName) {
    int32_t id = -1;
    ASSERT_ACL_OK(aclrtGetDevice(&id));
    EXPECT_EQ(id, device());
    const char *soc = aclrtGetSocName();
    ASSERT_NE(soc, nullptr);
    EXPECT_EQ(std::string(soc), deviceName(device()));
}

TEST_P(RuntimeDeviceTest, MallocErrors) {
    void *p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMalloc(nullptr, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);
    size_t freeBytes = 0, total = 0;
    ASSERT_ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &total));
    EXPECT_EQ(aclrtMalloc(&p, total + 1, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
    EXPECT_NE(lastMessage().find("aclrtMalloc"), std::string::npos);
    // The process keeps working after a failed allocation.
    ASSERT_ACL_OK(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
    ASSERT_ACL_OK(aclrtFree(p));
}

TEST_P(RuntimeDeviceTest, FreeRejectsInteriorDoubleAndForeignPointers) {
    void *p = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&p, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_EQ(aclrtFree(static_cast<char *>(p) + 16), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(lastMessage().find("into the allocation"), std::string::npos);
    int onStack = 0;
    EXPECT_EQ(aclrtFree(&onStack), ACL_ERROR_INVALID_PARAM);
    ASSERT_ACL_OK(aclrtFree(p));
    EXPECT_EQ(aclrtFree(p), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(lastMessage().find("not a live device allocation"), std::string::npos);
}

TEST_P(RuntimeDeviceTest, MemInfoTracksAllocations) {
    size_t free0 = 0, total = 0, free1 = 0;
    ASSERT_ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free0, &total));
    EXPECT_GT(total, 0u);
    void *p = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&p, 1 << 20, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free1, &total));
    EXPECT_EQ(free0 - free1, size_t{1} << 20);
    ASSERT_ACL_OK(aclrtFree(p));
    EXPECT_EQ(aclrtGetMemInfo(static_cast<aclrtMemAttr>(99), &free1, &total), ACL_ERROR_INVALID_PARAM);
}

TEST_P(RuntimeDeviceTest, MemcpyAllKindsWithPointerArithmetic) {
    const size_t n = 1000;
    std::vector<uint8_t> host(n), back(n, 0);
    for (size_t i = 0; i < n; ++i) host[i] = static_cast<uint8_t>(i * 7 + 3);
    void *a = nullptr, *b = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&a, n, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMalloc(&b, n, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMemcpy(a, n, host.data(), n, ACL_MEMCPY_HOST_TO_DEVICE));
    // Device-to-device from an interior pointer, into an interior pointer.
    ASSERT_ACL_OK(aclrtMemset(b, n, 0, n));
    ASSERT_ACL_OK(aclrtMemcpy(static_cast<char *>(b) + 100, n - 100, static_cast<char *>(a) + 200, 300,
                              ACL_MEMCPY_DEVICE_TO_DEVICE));
    ASSERT_ACL_OK(aclrtMemcpy(back.data(), n, b, n, ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < n; ++i) {
        uint8_t want = (i >= 100 && i < 400) ? host[i + 100] : 0;
        ASSERT_EQ(back[i], want) << "byte " << i;
    }
    // ACL_MEMCPY_DEFAULT infers every direction.
    std::vector<uint8_t> other(n, 0);
    ASSERT_ACL_OK(aclrtMemcpy(b, n, host.data(), n, ACL_MEMCPY_DEFAULT));
    ASSERT_ACL_OK(aclrtMemcpy(a, n, b, n, ACL_MEMCPY_DEFAULT));
    ASSERT_ACL_OK(aclrtMemcpy(other.data(), n, a, n, ACL_MEMCPY_DEFAULT));
    EXPECT_EQ(other, host);
    std::vector<uint8_t> hostCopy(n, 0);
    ASSERT_ACL_OK(aclrtMemcpy(hostCopy.data(), n, host.data(), n, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_EQ(hostCopy, host);
    ASSERT_ACL_OK(aclrtFree(a));
    ASSERT_ACL_OK(aclrtFree(b));
}

TEST_P(RuntimeDeviceTest, MemcpyErrors) {
    std::vector<uint8_t> host(64);
    void *d = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ACL_OK(aclrtMemcpy(nullptr, 0, nullptr, 0, ACL_MEMCPY_HOST_TO_DEVICE));  // count 0: nothing to do
    EXPECT_EQ(aclrtMemcpy(nullptr, 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemcpy(d, 64, nullptr, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemcpy(d, 32, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(lastMessage().find("destMax"), std::string::npos);
    // Runs past the end of the allocation.
    EXPECT_EQ(aclrtMemcpy(static_cast<char *>(d) + 32, 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(lastMessage().find("past the end"), std::string::npos);
    // Wrong direction for the pointers given.
    EXPECT_EQ(aclrtMemcpy(host.data(), 64, d, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(lastMessage().find("ACL_MEMCPY_HOST_TO_DEVICE"), std::string::npos);
    EXPECT_EQ(aclrtMemcpy(d, 64, host.data(), 64, static_cast<aclrtMemcpyKind>(7)), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemset(d, 16, 0, 64), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemset(nullptr, 16, 0, 16), ACL_ERROR_INVALID_PARAM);
    EXPECT_ACL_OK(aclrtMemset(d, 64, 0, 0));
    ASSERT_ACL_OK(aclrtFree(d));
}

TEST_P(RuntimeDeviceTest, AsyncCopiesAndMemsetOnAStream) {
    const size_t n = 1 << 16;
    std::vector<uint8_t> host(n, 0x11), back(n, 0);
    void *d = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&d, n, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMemcpyAsync(d, n, host.data(), n, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    ASSERT_ACL_OK(aclrtMemsetAsync(static_cast<char *>(d) + 10, n - 10, 0x7f, 20, stream));
    ASSERT_ACL_OK(aclrtMemcpyAsync(back.data(), n, d, n, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(back[i], (i >= 10 && i < 30) ? 0x7f : 0x11) << i;
    ASSERT_ACL_OK(aclrtFree(d));
}

// The bytes read back from a buffer a copy or fill wrote: those in [offset, offset + count) must be
// `written(i)`, every other the guard's. Reports the first five wrong ones (`what`: how the written ones came);
// returns how many there were.
size_t wrongBytes(const std::vector<uint8_t> &back, const std::vector<uint8_t> &guard, size_t offset, size_t count,
                  const char *what, const std::function<uint8_t(size_t)> &written) {
    size_t wrong = 0;
    for (size_t i = 0; i < back.size(); ++i) {
        const bool inside = i >= offset && i < offset + count;
        const uint8_t want = inside ? written(i) : guard[i];
        if (back[i] != want && wrong++ < 5) {
            ADD_FAILURE() << "byte " << i << " is " << int(back[i]) << ", want " << int(want) << " ("
                          << (inside ? what : "untouched") << ")";
        }
    }
    return wrong;
}

// Device-to-device copies through the runtime's copy kernel (forced at any size and on every device) and
// through clEnqueueCopyBuffer: for word-aligned and unaligned offsets, counts that end mid-vector and mid
// work-item, each copy moves exactly its bytes (NaN and denormal float patterns kept bit for bit) and leaves
// the bytes around it as they were; the automatic choice on a copy of 4 MiB and a word (the kernel on the CPU
// devices) does the same.
TEST_P(RuntimeDeviceTest, DeviceToDeviceCopiesMoveExactlyTheirBytes) {
    struct Case {
        int hook;  // TestHook::BulkMemoryKernels: 1 the kernel wherever whole words allow, 2 never, 0 automatic
        size_t srcOffset, dstOffset, count;
    };
    const size_t kBig = aclcl::kKernelCopyMinBytes + 4;
    const std::vector<Case> cases = {
        {1, 0, 0, 4},          {1, 4, 12, 60},        {1, 8, 4, 4096 * 4 + 28}, {1, 12, 0, 3 * 4096 * 4 + 4},
        {1, 2, 6, 1000},       {2, 4, 12, 4096 * 4},  {0, 4, 8, kBig},          {0, 0, 0, kBig + 1},
    };
    const size_t size = kBig + 64;
    std::vector<uint8_t> source(size), guard(size), back(size);
    uint32_t state = 12345;
    for (size_t i = 0; i < size; ++i) {
        state = state * 1664525u + 1013904223u;
        source[i] = static_cast<uint8_t>(state >> 24);
        guard[i] = static_cast<uint8_t>(0xA5 ^ i);
    }
    // A quiet NaN with a payload, a signalling NaN and a denormal at the start of a word-aligned copy.
    const uint32_t patterns[3] = {0x7fc12345u, 0x7f800001u, 0x00000003u};
    std::memcpy(source.data() + 8, patterns, sizeof(patterns));
    void *a = nullptr, *b = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&a, size, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMalloc(&b, size, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMemcpy(a, size, source.data(), size, ACL_MEMCPY_HOST_TO_DEVICE));
    for (const Case &c : cases) {
        SCOPED_TRACE("hook " + std::to_string(c.hook) + ", offsets " + std::to_string(c.srcOffset) + " and " +
                     std::to_string(c.dstOffset) + ", " + std::to_string(c.count) + " bytes");
        for (bool async : {false, true}) {
            aclcl::ScopedTestHook hook(aclcl::TestHook::BulkMemoryKernels, c.hook);
            ASSERT_ACL_OK(aclrtMemcpy(b, size, guard.data(), size, ACL_MEMCPY_HOST_TO_DEVICE));
            void *dst = static_cast<char *>(b) + c.dstOffset;
            const void *src = static_cast<const char *>(a) + c.srcOffset;
            if (async) {
                // Ordered on the stream before the read back, with no synchronize between.
                ASSERT_ACL_OK(aclrtMemcpyAsync(dst, size - c.dstOffset, src, c.count, ACL_MEMCPY_DEVICE_TO_DEVICE,
                                               stream));
                ASSERT_ACL_OK(aclrtMemcpyAsync(back.data(), size, b, size, ACL_MEMCPY_DEVICE_TO_HOST, stream));
                ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
            } else {
                ASSERT_ACL_OK(aclrtMemcpy(dst, size - c.dstOffset, src, c.count, ACL_MEMCPY_DEVICE_TO_DEVICE));
                ASSERT_ACL_OK(aclrtMemcpy(back.data(), size, b, size, ACL_MEMCPY_DEVICE_TO_HOST));
            }
            SCOPED_TRACE(async ? "async" : "blocking");
            EXPECT_EQ(wrongBytes(back, guard, c.dstOffset, c.count, "copied",
                                 [&](size_t i) { return source[i - c.dstOffset + c.srcOffset]; }),
                      0u);
        }
    }
    ASSERT_ACL_OK(aclrtFree(a));
    ASSERT_ACL_OK(aclrtFree(b));
}

// Fills through the runtime's fill kernel (forced at any size and on every device) and through
// clEnqueueFillBuffer: each sets exactly its bytes to the low byte of the value and leaves the bytes around it as
// they were, blocking and on a stream; the automatic choice on a fill of 1 MiB and a word does the same.
TEST_P(RuntimeDeviceTest, DeviceFillsSetExactlyTheirBytes) {
    struct Case {
        int hook;  // TestHook::BulkMemoryKernels: 1 the kernel wherever whole words allow, 2 never, 0 automatic
        size_t offset, count;
        int32_t value;
    };
    const size_t kBig = aclcl::kKernelFillMinBytes + 4;
    const std::vector<Case> cases = {
        {1, 0, 4, 0x7f},           {1, 12, 60, 0},    {1, 4, 4096 * 4 + 28, 0x1a5}, {1, 8, 3 * 4096 * 4 + 4, -1},
        {1, 2, 1000, 0x33},        {2, 4, 4096, 0x44}, {0, 4, kBig, 0x5c},          {0, 0, kBig + 1, 0},
    };
    const size_t size = kBig + 64;
    std::vector<uint8_t> guard(size), back(size);
    for (size_t i = 0; i < size; ++i) guard[i] = static_cast<uint8_t>(0xA5 ^ (i * 13));
    void *b = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&b, size, ACL_MEM_MALLOC_HUGE_FIRST));
    for (const Case &c : cases) {
        SCOPED_TRACE("hook " + std::to_string(c.hook) + ", offset " + std::to_string(c.offset) + ", " +
                     std::to_string(c.count) + " bytes of " + std::to_string(c.value));
        for (bool async : {false, true}) {
            aclcl::ScopedTestHook hook(aclcl::TestHook::BulkMemoryKernels, c.hook);
            ASSERT_ACL_OK(aclrtMemcpy(b, size, guard.data(), size, ACL_MEMCPY_HOST_TO_DEVICE));
            void *dst = static_cast<char *>(b) + c.offset;
            if (async) {
                ASSERT_ACL_OK(aclrtMemsetAsync(dst, size - c.offset, c.value, c.count, stream));
                ASSERT_ACL_OK(aclrtMemcpyAsync(back.data(), size, b, size, ACL_MEMCPY_DEVICE_TO_HOST, stream));
                ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
            } else {
                ASSERT_ACL_OK(aclrtMemset(dst, size - c.offset, c.value, c.count));
                ASSERT_ACL_OK(aclrtMemcpy(back.data(), size, b, size, ACL_MEMCPY_DEVICE_TO_HOST));
            }
            SCOPED_TRACE(async ? "async" : "blocking");
            EXPECT_EQ(wrongBytes(back, guard, c.offset, c.count, "set",
                                 [&](size_t) { return static_cast<uint8_t>(c.value & 0xff); }),
                      0u);
        }
    }
    ASSERT_ACL_OK(aclrtFree(b));
}

// Which copies and fills take the kernels: whole words only; copies from kKernelCopyMinBytes on the CPU devices
// that run a work-item's vectors as SIMD instructions, fills from kKernelFillMinBytes on those but PoCL; never
// with the hook at 2, at any size with it at 1.
TEST_P(RuntimeDeviceTest, BulkMemoryKernelChoice) {
    const aclcl::Device &d = *aclcl::devices()[static_cast<size_t>(device())];
    const size_t big = aclcl::kKernelCopyMinBytes, fill = aclcl::kKernelFillMinBytes;
    const bool cpuKernel = !d.manyWorkItemKernels() && d.nativeFloatVectorWidth > 1;
    const bool fillKernel = cpuKernel && d.implementation != aclcl::Implementation::PoCL;
    EXPECT_EQ(aclcl::kernelCopyApplies(d, 0, 0, big), cpuKernel);
    EXPECT_EQ(aclcl::kernelCopyApplies(d, 4, 8, big + 4), cpuKernel);
    EXPECT_FALSE(aclcl::kernelCopyApplies(d, 0, 0, big - 4));
    EXPECT_FALSE(aclcl::kernelCopyApplies(d, 2, 0, big));
    EXPECT_FALSE(aclcl::kernelCopyApplies(d, 0, 0, big + 2));
    EXPECT_EQ(aclcl::kernelFillApplies(d, 0, fill), fillKernel);
    EXPECT_EQ(aclcl::kernelFillApplies(d, 8, fill + 4), fillKernel);
    EXPECT_FALSE(aclcl::kernelFillApplies(d, 0, fill - 4));
    EXPECT_FALSE(aclcl::kernelFillApplies(d, 6, fill));
    {
        aclcl::ScopedTestHook hook(aclcl::TestHook::BulkMemoryKernels, 1);
        EXPECT_TRUE(aclcl::kernelCopyApplies(d, 4, 4, 4));
        EXPECT_FALSE(aclcl::kernelCopyApplies(d, 4, 6, 4));
        EXPECT_TRUE(aclcl::kernelFillApplies(d, 4, 4));
        EXPECT_FALSE(aclcl::kernelFillApplies(d, 4, 5));
    }
    aclcl::ScopedTestHook never(aclcl::TestHook::BulkMemoryKernels, 2);
    EXPECT_FALSE(aclcl::kernelCopyApplies(d, 0, 0, big));
    EXPECT_FALSE(aclcl::kernelFillApplies(d, 0, big));
}

// Four threads, each on its own stream, fill and copy device to device through the kernels at once (each its own
// buffers and pattern, several rounds): every result is exact (the kernel objects are per call, never shared).
TEST_P(RuntimeDeviceTest, BulkMemoryKernelsFromFourThreads) {
    aclcl::ScopedTestHook hook(aclcl::TestHook::BulkMemoryKernels, 1);
    std::atomic<int> failures{0}, checked{0};
    onFourThreads(device(), failures, [&](int t, aclrtStream s) {
        const size_t n = 3 * 4096 * 4 + 20;
        std::vector<uint8_t> back(n);
        void *x = nullptr, *y = nullptr;
        if (aclrtMalloc(&x, n, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) ++failures;
        if (aclrtMalloc(&y, n, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) ++failures;
        for (int round = 0; round < 6; ++round) {
            const int value = t * 16 + round + 1;
            aclrtMemsetAsync(x, n, value, n, s);
            aclrtMemsetAsync(y, n, 0, n, s);
            if (aclrtMemcpyAsync(y, n, x, n, ACL_MEMCPY_DEVICE_TO_DEVICE, s) != ACL_SUCCESS) ++failures;
            aclrtMemcpyAsync(back.data(), n, y, n, ACL_MEMCPY_DEVICE_TO_HOST, s);
            if (aclrtSynchronizeStream(s) != ACL_SUCCESS) ++failures;
            for (uint8_t v : back) failures += v != value;
            checked += static_cast<int>(back.size());
        }
        aclrtFree(x);
        aclrtFree(y);
    });
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(checked.load(), 4 * 6 * (3 * 4096 * 4 + 20));
}

TEST_P(RuntimeDeviceTest, MallocHost) {
    void *h = nullptr;
    ASSERT_ACL_OK(aclrtMallocHost(&h, 256));
    std::memset(h, 1, 256);
    EXPECT_EQ(aclrtMallocHost(&h, 0), ACL_ERROR_INVALID_PARAM);
    ASSERT_ACL_OK(aclrtFreeHost(h));
    EXPECT_EQ(aclrtFreeHost(h), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_P(RuntimeDeviceTest, StreamsAndNullStream) {
    ASSERT_ACL_OK(aclrtSynchronizeStream(nullptr));  // the default stream
    ASSERT_ACL_OK(aclrtSynchronizeStreamWithTimeout(stream, 1000));
    ASSERT_ACL_OK(aclrtSynchronizeStreamWithTimeout(stream, -1));
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream, -5), ACL_ERROR_INVALID_PARAM);
    aclrtStream s2 = nullptr;
    ASSERT_ACL_OK(aclrtCreateStream(&s2));
    ASSERT_ACL_OK(aclrtDestroyStream(s2));
    EXPECT_EQ(aclrtSynchronizeStream(s2), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_NE(lastMessage().find("not a live stream"), std::string::npos);
    EXPECT_EQ(aclrtDestroyStream(s2), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_EQ(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_P(RuntimeDeviceTest, EventsRecordQuerySynchronizeAndTime) {
    const size_t n = size_t(64) << 20;  // a fill long enough to take measurable time on any device
    void *d = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&d, n, ACL_MEM_MALLOC_HUGE_FIRST));
    aclrtEvent start = nullptr, end = nullptr;
    ASSERT_ACL_OK(aclrtCreateEvent(&start));
    ASSERT_ACL_OK(aclrtCreateEventWithFlag(&end, 0));
    aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    ASSERT_ACL_OK(aclrtQueryEventStatus(start, &status));  // never recorded: complete, as in CANN
    EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
    ASSERT_ACL_OK(aclrtRecordEvent(start, stream));
    ASSERT_ACL_OK(aclrtMemsetAsync(d, n, 3, n, stream));
    ASSERT_ACL_OK(aclrtRecordEvent(end, stream));
    ASSERT_ACL_OK(aclrtSynchronizeEvent(end));
    ASSERT_ACL_OK(aclrtQueryEventStatus(end, &status));
    EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
    float ms = -1;
    ASSERT_ACL_OK(aclrtEventElapsedTime(&ms, start, end));
    // Real time passed between the two events, also on drivers whose event timestamps are
    // placeholders (Mesa 22.3's rusticl: host completion times are used there).
    EXPECT_GT(ms, 0.0f);
    EXPECT_LT(ms, 10000.0f);
    ASSERT_ACL_OK(aclrtResetEvent(start, stream));
    EXPECT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_INVALID_PARAM);
    ASSERT_ACL_OK(aclrtDestroyEvent(start));
    ASSERT_ACL_OK(aclrtDestroyEvent(end));
    EXPECT_EQ(aclrtRecordEvent(end, stream), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_EQ(aclrtDestroyEvent(nullptr), ACL_ERROR_INVALID_PARAM);
    ASSERT_ACL_OK(aclrtFree(d));
}

TEST_P(RuntimeDeviceTest, StreamWaitEventOrdersTwoStreams) {
    const size_t n = 1 << 22;
    void *d = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&d, n, ACL_MEM_MALLOC_HUGE_FIRST));
    aclrtStream other = nullptr;
    ASSERT_ACL_OK(aclrtCreateStream(&other));
    aclrtEvent written = nullptr;
    ASSERT_ACL_OK(aclrtCreateEvent(&written));
    for (int round = 0; round < 3; ++round) {
        uint8_t value = static_cast<uint8_t>(0x20 + round);
        ASSERT_ACL_OK(aclrtMemsetAsync(d, n, value, n, stream));
        ASSERT_ACL_OK(aclrtRecordEvent(written, stream));
        ASSERT_ACL_OK(aclrtStreamWaitEvent(other, written));
        std::vector<uint8_t> back(n, 0);
        ASSERT_ACL_OK(aclrtMemcpyAsync(back.data(), n, d, n, ACL_MEMCPY_DEVICE_TO_HOST, other));
        ASSERT_ACL_OK(aclrtSynchronizeStream(other));
        EXPECT_EQ(back.front(), value);
        EXPECT_EQ(back.back(), value);
    }
    ASSERT_ACL_OK(aclrtDestroyEvent(written));
    ASSERT_ACL_OK(aclrtDestroyStream(other));
    ASSERT_ACL_OK(aclrtFree(d));
}

TEST_P(RuntimeDeviceTest, ContextsBindTheirDevice) {
    aclrtContext ctx = nullptr;
    ASSERT_ACL_OK(aclrtCreateContext(&ctx, device()));
    aclrtContext current = nullptr;
    ASSERT_ACL_OK(aclrtGetCurrentContext(&current));
    EXPECT_EQ(current, ctx);
    int32_t id = -1;
    ASSERT_ACL_OK(aclrtGetDevice(&id));
    EXPECT_EQ(id, device());
    ASSERT_ACL_OK(aclrtSetCurrentContext(ctx));
    ASSERT_ACL_OK(aclrtDestroyContext(ctx));
    EXPECT_EQ(aclrtSetCurrentContext(ctx), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_EQ(aclrtCreateContext(&ctx, 1000), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtCreateContext(nullptr, device()), ACL_ERROR_INVALID_PARAM);
    ASSERT_ACL_OK(aclrtSetDevice(device()));
}

// aclrtCtxSetSysParamOpt: CANN's options and value ranges, kept per context; the getter returns what was set
// and 107021 for an option never set in that context (CANN: no default). Programs written for CANN call it
// to make ConvTbcBackward and GroupNormSwishGrad deterministic; here they always are.
TEST_P(RuntimeDeviceTest, ContextSysParamOptsAreKeptPerContext) {
    EXPECT_EQ(ACL_OPT_DETERMINISTIC, 0);
    EXPECT_EQ(ACL_OPT_ENABLE_DEBUG_KERNEL, 1);
    EXPECT_EQ(ACL_OPT_STRONG_CONSISTENCY, 2);
    EXPECT_EQ(ACL_OPT_ENABLE_KERNEL_EARLY_START, 3);
    EXPECT_EQ(ACL_ERROR_RT_SYSPARAMOPT_NOT_SET, 107021);

    aclrtContext a = nullptr, b = nullptr;
    ASSERT_ACL_OK(aclrtCreateContext(&a, device()));
    int64_t v = -7;
    EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v), ACL_ERROR_RT_SYSPARAMOPT_NOT_SET);
    EXPECT_NE(lastMessage().find("never set"), std::string::npos) << lastMessage();
    EXPECT_EQ(v, -7) << "a failing getter wrote its output";
    ASSERT_ACL_OK(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1));
    ASSERT_ACL_OK(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v));
    EXPECT_EQ(v, 1);
    ASSERT_ACL_OK(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 3));  // newest CANN: levels 0..3
    ASSERT_ACL_OK(aclrtCtxSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, 1));
    ASSERT_ACL_OK(aclrtCtxSetSysParamOpt(ACL_OPT_STRONG_CONSISTENCY, 0));
    const std::pair<aclSysParamOpt, int64_t> want[] = {
        {ACL_OPT_DETERMINISTIC, 3}, {ACL_OPT_ENABLE_DEBUG_KERNEL, 1}, {ACL_OPT_STRONG_CONSISTENCY, 0}};
    for (const auto &w : want) {
        ASSERT_ACL_OK(aclrtCtxGetSysParamOpt(w.first, &v));
        EXPECT_EQ(v, w.second) << "opt " << w.first;
    }

    // Values out of range: 107000 (CANN's runtime check), nothing changes.
    EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 4), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_NE(lastMessage().find("[0, 4)"), std::string::npos) << lastMessage();
    EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, -1), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, 2), ACL_ERROR_RT_PARAM_INVALID);
    ASSERT_ACL_OK(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v));
    EXPECT_EQ(v, 3);
    // Options a context does not have, and a null output: 100000 (CANN's acl check).
    for (int opt : {3, 4, -1, 100}) {
        EXPECT_EQ(aclrtCtxSetSysParamOpt(static_cast<aclSysParamOpt>(opt), 0), ACL_ERROR_INVALID_PARAM) << opt;
        EXPECT_NE(lastMessage().find("opt"), std::string::npos) << lastMessage();
        EXPECT_EQ(aclrtCtxGetSysParamOpt(static_cast<aclSysParamOpt>(opt), &v), ACL_ERROR_INVALID_PARAM) << opt;
    }
    EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, nullptr), ACL_ERROR_INVALID_PARAM);

    // A second context has its own values.
    ASSERT_ACL_OK(aclrtCreateContext(&b, device()));
    EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v), ACL_ERROR_RT_SYSPARAMOPT_NOT_SET);
    ASSERT_ACL_OK(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0));
    ASSERT_ACL_OK(aclrtSetCurrentContext(a));
    ASSERT_ACL_OK(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v));
    EXPECT_EQ(v, 3);
    ASSERT_ACL_OK(aclrtSetCurrentContext(b));
    ASSERT_ACL_OK(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v));
    EXPECT_EQ(v, 0);

    // A thread without a current context: 107002.
    aclError setOnBareThread = ACL_SUCCESS, getOnBareThread = ACL_SUCCESS;
    std::thread([&] {
        int64_t x = 0;
        setOnBareThread = aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1);
        getOnBareThread = aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &x);
    }).join();
    EXPECT_EQ(setOnBareThread, ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(getOnBareThread, ACL_ERROR_RT_CONTEXT_NULL);

    ASSERT_ACL_OK(aclrtDestroyContext(b));
    ASSERT_ACL_OK(aclrtDestroyContext(a));
    // The CANN habit: right after aclrtSetDevice, on the device's default context.
    ASSERT_ACL_OK(aclrtSetDevice(device()));
    ASSERT_ACL_OK(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1));
    ASSERT_ACL_OK(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v));
    EXPECT_EQ(v, 1);
}

// The process-wide pair: options 0..3, values start at 0; a context's setter updates them too (as in CANN,
// whose operators read the process value).
TEST(Runtime, ProcessSysParamOpts) {
    int64_t v = -1;
    ASSERT_ACL_OK(aclrtGetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, &v));
    EXPECT_EQ(v, 0);
    ASSERT_ACL_OK(aclrtSetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, 1));
    ASSERT_ACL_OK(aclrtGetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, &v));
    EXPECT_EQ(v, 1);
    ASSERT_ACL_OK(aclrtSetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, 0));
    ASSERT_ACL_OK(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 2));
    ASSERT_ACL_OK(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v));
    EXPECT_EQ(v, 2);
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1));
    ASSERT_ACL_OK(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v));
    EXPECT_EQ(v, 1);
    EXPECT_EQ(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 4), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtSetSysParamOpt(ACL_OPT_STRONG_CONSISTENCY, 2), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtSetSysParamOpt(static_cast<aclSysParamOpt>(4), 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetSysParamOpt(static_cast<aclSysParamOpt>(-1), &v), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, nullptr), ACL_ERROR_INVALID_PARAM);
    ASSERT_ACL_OK(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v));
    EXPECT_EQ(v, 1);
    ASSERT_ACL_OK(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0));
}

TEST_P(RuntimeDeviceTest, ThreadsHaveTheirOwnDeviceAndStreams) {
    std::atomic<int> failures{0};
    onFourThreads(device(), failures, [&](int t, aclrtStream s) {
        const size_t n = 4096;
        std::vector<uint8_t> back(n);
        void *d = nullptr;
        for (int round = 0; round < 5; ++round) {
            if (aclrtMalloc(&d, n, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) ++failures;
            aclrtMemsetAsync(d, n, t * 10 + round, n, s);
            aclrtMemcpyAsync(back.data(), n, d, n, ACL_MEMCPY_DEVICE_TO_HOST, s);
            if (aclrtSynchronizeStream(s) != ACL_SUCCESS) ++failures;
            for (uint8_t v : back) failures += v != t * 10 + round;
            aclrtFree(d);
        }
    });
    EXPECT_EQ(failures.load(), 0);
    int32_t id = -1;
    ASSERT_ACL_OK(aclrtGetDevice(&id));
    EXPECT_EQ(id, device());
}

TEST_P(RuntimeDeviceTest, ErrorMessagesAreThreadLocal) {
    EXPECT_EQ(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);
    std::string mine = lastMessage();
    std::thread([] { aclrtMalloc(nullptr, 1, ACL_MEM_MALLOC_HUGE_FIRST); }).join();
    EXPECT_EQ(lastMessage(), mine);
}

INSTANTIATE_ON_ALL_DEVICES(RuntimeDeviceTest);

TEST(RuntimeHalf, Float16Conversions) {
    EXPECT_EQ(aclFloatToFloat16(1.0f), 0x3c00);
    EXPECT_EQ(aclFloatToFloat16(-2.0f), 0xc000);
    EXPECT_EQ(aclFloatToFloat16(65504.0f), 0x7bff);
    EXPECT_EQ(aclFloatToFloat16(1e6f), 0x7c00);
    EXPECT_EQ(aclFloatToFloat16(5.960464477539063e-08f), 0x0001);  // smallest subnormal
    EXPECT_EQ(aclFloatToFloat16(1.0f + 1.0f / 2048), 0x3c00);       // tie rounds to even
    EXPECT_EQ(aclFloatToFloat16(1.0f + 3.0f / 2048), 0x3c02);
    for (uint32_t h = 0; h < 0x7c00; ++h) {  // every finite positive half round-trips
        ASSERT_EQ(aclFloatToFloat16(aclFloat16ToFloat(static_cast<aclFloat16>(h))), h) << h;
    }
    EXPECT_EQ(aclDataTypeSize(ACL_FLOAT16), 2u);
    EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX128), 16u);
    EXPECT_EQ(aclDataTypeSize(ACL_BF16), 2u);
    EXPECT_EQ(aclDataTypeSize(ACL_STRING), 0u);
}

}  // namespace
