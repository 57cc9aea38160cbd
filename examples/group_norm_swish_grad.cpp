// GroupNormSwishGrad, written the way CANN's operator samples are written: it builds unchanged
// against a CANN toolkit or against an aclnn-opencl install (see docs/porting.md).
// dy and x (2,3,4) = 1..24; mean, rstd (2,1) all 2; gamma, beta (3) all 2; numGroups 1;
// dataFormatOptional null; swishScale 1.0 -> dgamma 1482.262, 2696, 4424; dbeta 67.129, 100, 132;
// dx begins 634.102, -16.984, -673.737, -1330.053. dgammaOut and dbetaOut are (3, 1), as on CANN's doc
// page: any output shape with C elements is accepted.
//
// tests/test_install.sh runs this program and checks what it prints (docs/architecture.md):
// install-test-symbol: aclnnGroupNormSwishGrad
// install-test-expect: dxOut~24=634.102,-16.984,-673.737,-1330.053 dgammaOut=1482.262,2696,4424 dbetaOut=67.129,100,132
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"

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

    // 2. Inputs and outputs: N = 2, C = 3, HxW = 4, one group.
    std::vector<int64_t> dataShape = {2, 3, 4};
    std::vector<int64_t> statShape = {2, 1};
    std::vector<int64_t> channelShape = {3};
    std::vector<int64_t> channelOutShape = {3, 1};
    int64_t numGroups = 1;
    char *dataFormat = nullptr;
    double swishScale = 1.0;
    bool dgammaIsRequire = true;
    bool dbetaIsRequire = true;
    std::vector<float> dyHostData(GetShapeSize(dataShape));
    for (size_t i = 0; i < dyHostData.size(); i++) {
        dyHostData[i] = static_cast<float>(i + 1);
    }
    std::vector<float> xHostData = dyHostData;
    std::vector<float> meanHostData(GetShapeSize(statShape), 2.0f);
    std::vector<float> rstdHostData(GetShapeSize(statShape), 2.0f);
    std::vector<float> gammaHostData(GetShapeSize(channelShape), 2.0f);
    std::vector<float> betaHostData(GetShapeSize(channelShape), 2.0f);
    std::vector<float> dxHostData(GetShapeSize(dataShape), 0.0f);
    std::vector<float> dgammaHostData(GetShapeSize(channelShape), 0.0f);
    std::vector<float> dbetaHostData(GetShapeSize(channelShape), 0.0f);
    void *dyDeviceAddr = nullptr;
    void *meanDeviceAddr = nullptr;
    void *rstdDeviceAddr = nullptr;
    void *xDeviceAddr = nullptr;
    void *gammaDeviceAddr = nullptr;
    void *betaDeviceAddr = nullptr;
    void *dxDeviceAddr = nullptr;
    void *dgammaDeviceAddr = nullptr;
    void *dbetaDeviceAddr = nullptr;
    aclTensor *dy = nullptr;
    aclTensor *mean = nullptr;
    aclTensor *rstd = nullptr;
    aclTensor *x = nullptr;
    aclTensor *gamma = nullptr;
    aclTensor *beta = nullptr;
    aclTensor *dxOut = nullptr;
    aclTensor *dgammaOut = nullptr;
    aclTensor *dbetaOut = nullptr;

    ret = CreateAclTensor(dyHostData, dataShape, &dyDeviceAddr, aclDataType::ACL_FLOAT, &dy);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(meanHostData, statShape, &meanDeviceAddr, aclDataType::ACL_FLOAT, &mean);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(rstdHostData, statShape, &rstdDeviceAddr, aclDataType::ACL_FLOAT, &rstd);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(xHostData, dataShape, &xDeviceAddr, aclDataType::ACL_FLOAT, &x);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(gammaHostData, channelShape, &gammaDeviceAddr, aclDataType::ACL_FLOAT, &gamma);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(betaHostData, channelShape, &betaDeviceAddr, aclDataType::ACL_FLOAT, &beta);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(dxHostData, dataShape, &dxDeviceAddr, aclDataType::ACL_FLOAT, &dxOut);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(dgammaHostData, channelOutShape, &dgammaDeviceAddr, aclDataType::ACL_FLOAT, &dgammaOut);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(dbetaHostData, channelOutShape, &dbetaDeviceAddr, aclDataType::ACL_FLOAT, &dbetaOut);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    // 3. First phase: check the arguments and size the workspace.
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor;
    ret = aclnnGroupNormSwishGradGetWorkspaceSize(dy, mean, rstd, x, gamma, beta, numGroups, dataFormat, swishScale,
                                                  dgammaIsRequire, dbetaIsRequire, dxOut, dgammaOut, dbetaOut,
                                                  &workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnGroupNormSwishGradGetWorkspaceSize failed. ERROR: %d\n", ret);
              return ret);
    void *workspaceAddr = nullptr;
    if (workspaceSize > 0) {
        ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
    }

    // 4. Second phase: run on the stream, then wait for it.
    ret = aclnnGroupNormSwishGrad(workspaceAddr, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnGroupNormSwishGrad failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);

    // 5. Copy the results back and print them.
    ret = PrintResult("dxOut", dxDeviceAddr, dataShape);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = PrintResult("dgammaOut", dgammaDeviceAddr, channelShape);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = PrintResult("dbetaOut", dbetaDeviceAddr, channelShape);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    // 6. Release everything.
    aclDestroyTensor(dy);
    aclDestroyTensor(mean);
    aclDestroyTensor(rstd);
    aclDestroyTensor(x);
    aclDestroyTensor(gamma);
    aclDestroyTensor(beta);
    aclDestroyTensor(dxOut);
    aclDestroyTensor(dgammaOut);
    aclDestroyTensor(dbetaOut);
    aclrtFree(dyDeviceAddr);
    aclrtFree(meanDeviceAddr);
    aclrtFree(rstdDeviceAddr);
    aclrtFree(xDeviceAddr);
    aclrtFree(gammaDeviceAddr);
    aclrtFree(betaDeviceAddr);
    aclrtFree(dxDeviceAddr);
    aclrtFree(dgammaDeviceAddr);
    aclrtFree(dbetaDeviceAddr);
    if (workspaceSize > 0) {
        aclrtFree(workspaceAddr);
    }
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    return 0;
}
