// MaxPool2dWithIndicesBackward, written the way CANN's operator samples are written: it builds
// unchanged against a CANN toolkit or against an aclnn-opencl install (see docs/porting.md).
// gradOutput (1,1,2,1) = 0.4757, 0.1726; self (1,1,4,3); indices (INT32) 0, 6; kernelSize [2,2],
// stride [2,2], padding [0,0], dilation [1,1] -> gradInput (1,1,4,3): 0.4757 at 0, 0.1726 at 6, 0
// elsewhere: the CANN docs' example.
//
// tests/test_install.sh runs this program and checks what it prints (docs/architecture.md):
// install-test-symbol: aclnnMaxPool2dWithIndicesBackward
// install-test-expect: result=0.4757,0,0,0,0,0,0.1726,0,0,0,0,0
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"

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

int main() {
    // 1. Device and stream.
    int32_t deviceId = 0;
    aclrtStream stream;
    auto ret = Init(deviceId, &stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return ret);

    // 2. Inputs, output and attributes.
    std::vector<int64_t> gradOutShape = {1, 1, 2, 1};
    std::vector<int64_t> selfShape = {1, 1, 4, 3};
    std::vector<int64_t> indicesShape = {1, 1, 2, 1};
    std::vector<int64_t> gradInShape = {1, 1, 4, 3};
    std::vector<float> gradOutHostData = {0.4757, 0.1726};
    std::vector<float> selfHostData = {0.0850, -0.5147, -0.0212, -0.5654, -0.3222, 0.5847,
                                       1.7510, 0.9954,  0.1842,  0.8392,  0.4835,  0.9213};
    std::vector<int32_t> indicesHostData = {0, 6};
    std::vector<float> gradInHostData(12, 0.0f);
    std::vector<int64_t> kernelSizeData = {2, 2};
    std::vector<int64_t> strideData = {2, 2};
    std::vector<int64_t> paddingData = {0, 0};
    std::vector<int64_t> dilationData = {1, 1};
    const bool ceilMode = false;
    void *gradOutDeviceAddr = nullptr;
    void *selfDeviceAddr = nullptr;
    void *indicesDeviceAddr = nullptr;
    void *gradInDeviceAddr = nullptr;
    aclTensor *gradOut = nullptr;
    aclTensor *self = nullptr;
    aclTensor *indices = nullptr;
    aclTensor *gradIn = nullptr;

    ret = CreateAclTensor(gradOutHostData, gradOutShape, &gradOutDeviceAddr, aclDataType::ACL_FLOAT, &gradOut);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(selfHostData, selfShape, &selfDeviceAddr, aclDataType::ACL_FLOAT, &self);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(indicesHostData, indicesShape, &indicesDeviceAddr, aclDataType::ACL_INT32, &indices);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(gradInHostData, gradInShape, &gradInDeviceAddr, aclDataType::ACL_FLOAT, &gradIn);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    aclIntArray *kernelSize = aclCreateIntArray(kernelSizeData.data(), kernelSizeData.size());
    aclIntArray *stride = aclCreateIntArray(strideData.data(), strideData.size());
    aclIntArray *padding = aclCreateIntArray(paddingData.data(), paddingData.size());
    aclIntArray *dilation = aclCreateIntArray(dilationData.data(), dilationData.size());
    CHECK_RET(kernelSize != nullptr && stride != nullptr && padding != nullptr && dilation != nullptr,
              return ACL_ERROR_INVALID_PARAM);

    // 3. First phase: check the arguments and size the workspace.
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor;
    ret = aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(gradOut, self, indices, kernelSize, stride, padding,
                                                            dilation, ceilMode, gradIn, &workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS,
              LOG_PRINT("aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize failed. ERROR: %d\n", ret); return ret);
    void *workspaceAddr = nullptr;
    if (workspaceSize > 0) {
        ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
    }

    // 4. Second phase: run on the stream, then wait for it.
    ret = aclnnMaxPool2dWithIndicesBackward(workspaceAddr, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnMaxPool2dWithIndicesBackward failed. ERROR: %d\n", ret);
              return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);

    // 5. Copy the result back and print it.
    auto size = GetShapeSize(gradInShape);
    std::vector<float> resultData(size, 0);
    ret = aclrtMemcpy(resultData.data(), resultData.size() * sizeof(resultData[0]), gradInDeviceAddr,
                      size * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("copy result from device to host failed. ERROR: %d\n", ret); return ret);
    for (int64_t i = 0; i < size; i++) {
        LOG_PRINT("result[%ld] is: %f\n", static_cast<long>(i), resultData[i]);
    }

    // 6. Release everything.
    aclDestroyTensor(gradOut);
    aclDestroyTensor(self);
    aclDestroyTensor(indices);
    aclDestroyTensor(gradIn);
    aclDestroyIntArray(kernelSize);
    aclDestroyIntArray(stride);
    aclDestroyIntArray(padding);
    aclDestroyIntArray(dilation);
    aclrtFree(gradOutDeviceAddr);
    aclrtFree(selfDeviceAddr);
    aclrtFree(indicesDeviceAddr);
    aclrtFree(gradInDeviceAddr);
    if (workspaceSize > 0) {
        aclrtFree(workspaceAddr);
    }
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    return 0;
}
