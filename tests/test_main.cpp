// Test entry point: aclInit once for the whole run, and the per-device fixture.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>

#include "common/dtype.h"
#include "device_fixture.h"
#include "runtime/device.h"

namespace testing_support {

std::vector<int> allDeviceIds() {
    std::vector<int> ids;
    for (auto *d : aclcl::devices()) ids.push_back(d->index);
    return ids;
}

std::string deviceName(int id) { return aclcl::deviceAt(id).name; }

// The platform's first word ("Intel(R) OpenCL" -> intel, "NVIDIA CUDA" -> nvidia), pocl for
// "Portable Computing Language": CTest names say which implementation a test ran on.
std::string platformLabel(const std::string &platformName) {
    if (platformName.find("Portable") != std::string::npos) return "pocl";
    std::string word;
    for (char c : platformName) {
        if (!std::isalnum(static_cast<unsigned char>(c))) {
            if (!word.empty()) break;
            continue;
        }
        word += c;
    }
    return word.empty() ? "opencl" : word;
}

std::string deviceLabel(int id) {
    const auto &d = aclcl::deviceAt(id);
    std::string platform = platformLabel(d.platformName);
    std::string label = platform + "_" + d.typeName() + "_" + std::to_string(id);
    for (char &c : label) c = std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '_';
    return label;
}

bool deviceIsRusticl(int id) { return aclcl::deviceAt(id).platformName == "rusticl"; }
bool deviceHasFp64(int id) { return aclcl::deviceAt(id).fp64; }

// "DT_FLOAT16" -> "float16".
std::string dtypeLabel(aclDataType dtype) {
    std::string name = aclcl::dtypeName(dtype);
    if (name.rfind("DT_", 0) == 0) name.erase(0, 3);
    for (char &c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '_';
    return name;
}

namespace {

// Both fixtures: bind the device and create the test's stream; destroy it after.
void openStream(int device, aclrtStream *stream) {
    ASSERT_ACL_OK(aclrtSetDevice(device));
    ASSERT_ACL_OK(aclrtCreateStream(stream));
}

void closeStream(aclrtStream *stream) {
    if (*stream) EXPECT_ACL_OK(aclrtDestroyStream(*stream));
    *stream = nullptr;
}

}  // namespace

void DeviceTest::SetUp() { openStream(device(), &stream); }
void DeviceTest::TearDown() { closeStream(&stream); }
void DeviceDtypeTest::SetUp() { openStream(device(), &stream); }
void DeviceDtypeTest::TearDown() { closeStream(&stream); }

}  // namespace testing_support

int main(int argc, char **argv) {
    // The device selection the tests were built and discovered with (tests/CMakeLists.txt); a value
    // in the environment wins.
#ifdef ACLNN_TEST_OCL_ICD_VENDORS
    setenv("OCL_ICD_VENDORS", ACLNN_TEST_OCL_ICD_VENDORS, 0);
#endif
#ifdef ACLNN_TEST_RUSTICL_ENABLE
    setenv("RUSTICL_ENABLE", ACLNN_TEST_RUSTICL_ENABLE, 0);
#endif
#ifdef ACLNN_TEST_ACLNN_OPENCL_DEVICE
    setenv("ACLNN_OPENCL_DEVICE", ACLNN_TEST_ACLNN_OPENCL_DEVICE, 0);
#endif
    const int rc = testing_support::runAllTestsUnderAcl(&argc, argv);
    // A filter that selects nothing (a CTest name recorded for a device this run does not have)
    // must fail, not pass having checked nothing.
    if (rc == 0 && ::testing::UnitTest::GetInstance()->test_to_run_count() == 0 &&
        ::testing::GTEST_FLAG(filter) != "*") {
        std::fprintf(stderr, "no test matched the filter '%s': is this the set of OpenCL devices the tests "
                             "were discovered with (OCL_ICD_VENDORS, RUSTICL_ENABLE, ACLNN_OPENCL_DEVICE)?\n",
                     ::testing::GTEST_FLAG(filter).c_str());
        return 1;
    }
    return rc;
}
