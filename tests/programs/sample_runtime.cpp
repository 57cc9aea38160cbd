// A program in the style of CANN's samples, built only against the public headers and linked to the
// shared library: init, device, stream, memory, tensors, and the same from several threads.
#include <cstdio>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

#define CHECK_RET(cond, expr) \
    do {                      \
        if (!(cond)) {        \
            expr;             \
        }                     \
    } while (0)
#define LOG_PRINT(message, ...) std::printf(message, ##__VA_ARGS__)

static int64_t GetShapeSize(const std::vector<int64_t> &shape) {
    int64_t n = 1;
    for (auto d : shape) n *= d;
    return n;
}

static int RoundTrip(int32_t deviceId, int seed) {
    auto ret = aclrtSetDevice(deviceId);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return 1);
    aclrtStream stream = nullptr;
    ret = aclrtCreateStream(&stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret); return 1);

    std::vector<int64_t> shape = {2, 3, 4};
    std::vector<float> host(GetShapeSize(shape));
    for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<float>(seed * 100 + static_cast<int>(i));
    size_t bytes = host.size() * sizeof(float);
    void *dev = nullptr;
    ret = aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return 1);
    ret = aclrtMemcpyAsync(dev, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpyAsync failed. ERROR: %d\n", ret); return 1);

    std::vector<int64_t> strides = {12, 4, 1};
    aclTensor *tensor = aclCreateTensor(shape.data(), shape.size(), aclDataType::ACL_FLOAT, strides.data(), 0,
                                        aclFormat::ACL_FORMAT_ND, shape.data(), shape.size(), dev);
    CHECK_RET(tensor != nullptr, LOG_PRINT("aclCreateTensor failed\n"); return 1);
    int64_t *dims = nullptr;
    uint64_t n = 0;
    ret = aclGetViewShape(tensor, &dims, &n);
    CHECK_RET(ret == ACL_SUCCESS && n == 3 && dims[2] == 4, LOG_PRINT("aclGetViewShape failed\n"); return 1);
    delete[] dims;

    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return 1);
    std::vector<float> back(host.size());
    // Pointer arithmetic inside an allocation: read the second half back separately.
    size_t half = bytes / 2;
    ret = aclrtMemcpy(back.data(), half, dev, half, ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return 1);
    ret = aclrtMemcpy(reinterpret_cast<char *>(back.data()) + half, half, static_cast<char *>(dev) + half, half,
                      ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return 1);
    CHECK_RET(back == host, LOG_PRINT("round trip mismatch on thread %d\n", seed); return 1);

    aclDestroyTensor(tensor);
    aclrtFree(dev);
    aclrtDestroyStream(stream);
    return 0;
}

int main() {
    auto ret = aclInit(nullptr);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return 1);
    uint32_t count = 0;
    ret = aclrtGetDeviceCount(&count);
    CHECK_RET(ret == ACL_SUCCESS && count > 0, LOG_PRINT("no OpenCL device: %s\n", aclGetRecentErrMsg()); return 1);
    LOG_PRINT("%u device(s), device 0 is %s\n", count, (aclrtSetDevice(0), aclrtGetSocName()));

    int failures = RoundTrip(0, 0);
    std::vector<std::thread> threads;
    std::vector<int> results(4, 1);
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([t, count, &results] { results[t] = RoundTrip(static_cast<int32_t>(t % count), t + 1); });
    }
    for (auto &th : threads) th.join();
    for (int r : results) failures += r;
    aclrtResetDevice(0);
    aclFinalize();
    LOG_PRINT("sample_runtime: %s\n", failures ? "FAILED" : "all round trips matched");
    return failures ? 1 : 0;
}
