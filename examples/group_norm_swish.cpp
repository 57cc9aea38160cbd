// GroupNormSwish, written the way CANN's operator samples are written: it builds unchanged against a
// CANN toolkit or against an aclnn-opencl install (see docs/porting.md).
// x (2,3,4) = 1..24; gamma, beta (3) all 2; numGroups 1; dataFormatOptional "NCHW"; eps 1e-5;
// activateSwish true, swishScale 1.0 (the CANN docs' example) -> each sample's group is 1..12 (+12):
// mean 6.5 and 18.5, rstd 1 / sqrt(143/12 + 1e-5) = 0.289683, and yOut = swish(2 * xhat + 2), the same for
// both samples: -0.278, -0.214, -0.014, 0.350, 0.855, ...
//
// tests/test_install.sh runs this program and checks what it prints (docs/architecture.md):
// install-test-symbol: aclnnGroupNormSwish
// install-test-expect: yOut=-0.278,-0.214,-0.014,0.350,0.855,1.448,2.079,2.715,3.342,3.957,4.562,5.158,-0.278,-0.214,-0.014,0.350,0.855,1.448,2.079,2.715,3.342,3.957,4.562,5.158 meanOut=6.5,18.5 rstdOut=0.290,0.290
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_group_norm_swish.h"

#define CHECK_RET(cond, return_expr) \
    do {                             \
        if (!(cond)) {               \
            return_expr;             \
        }                            \
    } while (0)

#define LOG_PRINT(message, ...)         \
    do {                                \
        printf(message, ##__VA_ARGS__); \
    } while (0)

int64_t GetShapeSize(const std::vector<int64_t> &shape) {
    int64_t count = 1;
    for (auto dim : shape) {
        count *= dim;
    }
    return count;
}

int Init(int32_t deviceId, aclrtStream *stream) {
    auto ret = aclInit(nullptr);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSetDevice(deviceId);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return ret);
    ret = aclrtCreateStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret); return ret);
    return 0;
}

// Copies hostData to a new device buffer and wraps it in a contiguous ND tensor.
template <typename T>
int CreateAclTensor(const std::vector<T> &hostData, const std::vector<int64_t> &shape, void **deviceAddr,
                    aclDataType dataType, aclTensor **tensor) {
    auto size = GetShapeSize(shape) * sizeof(T);
    auto ret = aclrtMalloc(deviceAddr, size, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
    ret = aclrtMemcpy(*deviceAddr, size, hostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return ret);

    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
        strides[i] = shape[i + 1] * strides[i + 1];
    }
    *tensor = aclCreateTensor(shape.data(), shape.size(), dataType, strides.data(), 0, aclFormat::ACL_FORMAT_ND,
                              shape.data(), shape.size(), *deviceAddr);
    return 0;
}

// Copies a float tensor back from the device and prints it, one line per element.
int PrintResult(const char *name, void *deviceAddr, const std::vector<int64_t> &shape) {
    auto size = GetShapeSize(shape);
    std::vector<float> resultData(size, 0);
    auto ret = aclrtMemcpy(resultData.data(), resultData.size() * sizeof(resultData[0]), deviceAddr,
                           size * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("copy %s from device to host failed. ERROR: %d\n", name, ret);
              return ret);
    for (int64_t i = 0; i < size; i++) {
        LOG_PRINT("%s result[%ld] is: %f\n", name, static_cast<long>(i), resultData[i]);
    }
    return 0;
}

int main() {
    // 1. Device and stream.
    int32_t deviceId = 0;
    aclrtStream stream;
    auto ret = Init(deviceId, &stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return ret);

    // 2. Inputs and outputs, as on CANN's doc page.
    std::vector<int64_t> xShape = {2, 3, 4};
    std::vector<int64_t> gammaShape = {3};
    std::vector<int64_t> betaShape = {3};
    std::vector<int64_t> outShape = {2, 3, 4};
    std::vector<int64_t> meanOutShape = {2, 1};
    std::vector<int64_t> rstdOutShape = {2, 1};
    void *xDeviceAddr = nullptr;
    void *gammaDeviceAddr = nullptr;
    void *betaDeviceAddr = nullptr;
    void *outDeviceAddr = nullptr;
    void *meanOutDeviceAddr = nullptr;
    void *rstdOutDeviceAddr = nullptr;
    aclTensor *x = nullptr;
    aclTensor *gamma = nullptr;
    aclTensor *beta = nullptr;
    aclTensor *yOut = nullptr;
    aclTensor *meanOut = nullptr;
    aclTensor *rstdOut = nullptr;
    std::vector<float> xHostData(24);
    for (int i = 0; i < 24; i++) {
        xHostData[i] = static_cast<float>(i + 1);
    }
    std::vector<float> gammaHostData = {2.0, 2.0, 2.0};
    std::vector<float> betaHostData = {2.0, 2.0, 2.0};
    std::vector<float> outHostData(24, 0.0f);
    std::vector<float> meanOutHostData = {0.0, 0.0};
    std::vector<float> rstdOutHostData = {0.0, 0.0};
    int64_t numGroups = 1;
    double eps = 1e-5;
    bool activateSwish = true;
    double scale = 1.0;
    char dataFormat[] = "NCHW";
    ret = CreateAclTensor(xHostData, xShape, &xDeviceAddr, aclDataType::ACL_FLOAT, &x);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(gammaHostData, gammaShape, &gammaDeviceAddr, aclDataType::ACL_FLOAT, &gamma);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(betaHostData, betaShape, &betaDeviceAddr, aclDataType::ACL_FLOAT, &beta);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(outHostData, outShape, &outDeviceAddr, aclDataType::ACL_FLOAT, &yOut);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(meanOutHostData, meanOutShape, &meanOutDeviceAddr, aclDataType::ACL_FLOAT, &meanOut);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(rstdOutHostData, rstdOutShape, &rstdOutDeviceAddr, aclDataType::ACL_FLOAT, &rstdOut);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    // 3. First phase: check the arguments and size the workspace.
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor;
    ret = aclnnGroupNormSwishGetWorkspaceSize(x, gamma, beta, numGroups, dataFormat, eps, activateSwish, scale, yOut,
                                              meanOut, rstdOut, &workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnGroupNormSwishGetWorkspaceSize failed. ERROR: %d\n", ret);
              return ret);
    void *workspaceAddr = nullptr;
    if (workspaceSize > 0) {
        ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
    }

    // 4. Second phase: run on the stream, then wait for it.
    ret = aclnnGroupNormSwish(workspaceAddr, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnGroupNormSwish failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);

    // 5. Copy the results back and print them.
    ret = PrintResult("yOut", outDeviceAddr, outShape);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = PrintResult("meanOut", meanOutDeviceAddr, meanOutShape);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = PrintResult("rstdOut", rstdOutDeviceAddr, rstdOutShape);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    // 6. Release everything.
    aclDestroyTensor(x);
    aclDestroyTensor(gamma);
    aclDestroyTensor(beta);
    aclDestroyTensor(yOut);
    aclDestroyTensor(meanOut);
    aclDestroyTensor(rstdOut);
    aclrtFree(xDeviceAddr);
    aclrtFree(gammaDeviceAddr);
    aclrtFree(betaDeviceAddr);
    aclrtFree(outDeviceAddr);
    aclrtFree(meanOutDeviceAddr);
    aclrtFree(rstdOutDeviceAddr);
    if (workspaceSize > 0) {
        aclrtFree(workspaceAddr);
    }
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    return 0;
}
