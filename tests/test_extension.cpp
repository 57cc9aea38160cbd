// include/aclnn_opencl/aclnn_opencl.h: device facts and OpenCL interop handles.
#include <gtest/gtest.h>

#include <string>

#include "aclnn_opencl/aclnn_opencl.h"
#include "device_fixture.h"
#include "runtime/cl_handles.h"

using namespace testing_support;

namespace {

class ExtensionTest : public DeviceTest {};

TEST_P(ExtensionTest, DeviceInfoMatchesOpenCl) {
    aclnnOpenclDeviceInfo info;
    ASSERT_ACL_OK(aclnnOpenclGetDeviceInfo(device(), &info));
    EXPECT_EQ(std::string(info.name), deviceName(device()));
    EXPECT_EQ(info.hasFp64 != 0, deviceHasFp64(device()));
    EXPECT_GT(info.globalMemBytes, 0u);
    EXPECT_GT(info.computeUnits, 0u);
    EXPECT_EQ(aclnnOpenclGetDeviceInfo(device(), nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclnnOpenclGetDeviceInfo(9999, &info), ACL_ERROR_RT_INVALID_DEVICEID);
}

TEST_P(ExtensionTest, InteropHandlesWorkWithPlainOpenCl) {
    void *queue = nullptr;
    ASSERT_ACL_OK(aclnnOpenclGetCommandQueue(stream, &queue));
    ASSERT_NE(queue, nullptr);
    void *dev = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&dev, 256, ACL_MEM_MALLOC_HUGE_FIRST));
    void *mem = nullptr;
    size_t offset = 0;
    ASSERT_ACL_OK(aclnnOpenclGetMemObject(static_cast<char *>(dev) + 16, &mem, &offset));
    EXPECT_EQ(offset, 16u);
    // Write through OpenCL directly, read through acl.
    unsigned char pattern = 0x3c;
    ASSERT_EQ(clEnqueueFillBuffer(static_cast<cl_command_queue>(queue), static_cast<cl_mem>(mem), &pattern, 1, offset,
                                  8, 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    unsigned char back[8] = {};
    ASSERT_ACL_OK(aclrtMemcpy(back, 8, static_cast<char *>(dev) + 16, 8, ACL_MEMCPY_DEVICE_TO_HOST));
    for (unsigned char b : back) EXPECT_EQ(b, 0x3c);
    int host = 0;
    EXPECT_EQ(aclnnOpenclGetMemObject(&host, &mem, &offset), ACL_ERROR_INVALID_PARAM);
    ASSERT_ACL_OK(aclrtFree(dev));
    ASSERT_ACL_OK(aclnnOpenclClearProgramCache());
}

INSTANTIATE_ON_ALL_DEVICES(ExtensionTest);

}  // namespace
