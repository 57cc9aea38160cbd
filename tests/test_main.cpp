// Test entry point: aclInit once for the whole run, and the per-device fixture.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "common/dtype.h"
#include "device_fixture.h"
#include "support/error_rows.h"
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

bool deviceHasFp64(int id) { return aclcl::deviceAt(id).fp64; }

namespace {

struct TierChoice {
    TestTier tier = TestTier::Full;
    std::string reason;
};

// The tier from a device fact, the same on every run: a CPU that takes the many-work-item kernels
// (the GPU shapes, one element or a short span per work-item: Device::manyWorkItemKernels, which a CPU
// does only where its compiler caps loops, as Mesa's llvmpipe does) runs the quick tier. Such a CPU pays
// per work-item what a GPU spreads over thousands of lanes, 20-100x the time the other CPU
// implementations take on these tests. A measured speed was tried first and moved too much with the
// machine's load (llvmpipe from 15x the host's time to under 5x in a sanitizer build under ctest -j2,
// PoCL up to 2.5x): a tier that changes between runs changes which tests run.
TierChoice chooseTier(int id) {
    const char *forced = std::getenv("ACLNN_TEST_TIER");
    if (forced && std::strcmp(forced, "quick") == 0) return {TestTier::Quick, "ACLNN_TEST_TIER=quick"};
    if (forced && std::strcmp(forced, "full") == 0) return {TestTier::Full, "ACLNN_TEST_TIER=full"};
    const aclcl::Device &d = aclcl::deviceAt(id);
    if (d.isCpu() && d.manyWorkItemKernels()) {
        return {TestTier::Quick, "a CPU that runs the many-work-item kernels: its compiler caps loops"};
    }
    return {TestTier::Full, d.isCpu() ? "a CPU that runs the CPU kernels" : "not a CPU"};
}

const TierChoice &tierChoice(int id) {
    static std::mutex mutex;
    static std::map<int, TierChoice> chosen;
    std::lock_guard<std::mutex> lock(mutex);
    auto at = chosen.find(id);
    if (at == chosen.end()) {
        at = chosen.emplace(id, chooseTier(id)).first;
        std::printf("[ tier     ] %s runs the %s tier (%s)\n", deviceLabel(id).c_str(),
                    at->second.tier == TestTier::Quick ? "quick" : "full", at->second.reason.c_str());
    }
    return at->second;
}

}  // namespace

TestTier testTier(int id) { return tierChoice(id).tier; }

std::string fullTierOnly(int id, const std::string &what) {
    const TierChoice &c = tierChoice(id);
    const char *tier = c.tier == TestTier::Quick ? "quick" : "full";
    return what + ": full tier only; this device runs the " + tier + " tier (" + c.reason + ")";
}

bool tierSetting(const char *value) {
    return value == nullptr || std::strcmp(value, "quick") == 0 || std::strcmp(value, "full") == 0 ||
           std::strcmp(value, "") == 0 || std::strcmp(value, "auto") == 0;
}

// "DT_FLOAT16" -> "float16".
std::string dtypeLabel(aclDataType dtype) {
    std::string name = aclcl::dtypeName(dtype);
    if (name.rfind("DT_", 0) == 0) name.erase(0, 3);
    for (char &c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '_';
    return name;
}

namespace {

// Both fixtures: start the test's case tally, bind the device and create the test's stream; after it,
// destroy the stream, then close the tally (which may make the test a skip).
void beginTest(int device, aclrtStream *stream) {
    caseTally().start();
    ASSERT_ACL_OK(aclrtSetDevice(device));
    ASSERT_ACL_OK(aclrtCreateStream(stream));
}

void endTest(aclrtStream *stream) {
    if (*stream) EXPECT_ACL_OK(aclrtDestroyStream(*stream));
    *stream = nullptr;
    caseTally().finish();
}

}  // namespace

void DeviceTest::SetUp() { beginTest(device(), &stream); }
void DeviceTest::TearDown() { endTest(&stream); }
void DeviceDtypeTest::SetUp() { beginTest(device(), &stream); }
void DeviceDtypeTest::TearDown() { endTest(&stream); }
void ErrorRowTest::SetUp() { beginTest(device(), &stream); }
void ErrorRowTest::TearDown() { endTest(&stream); }

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
    if (!testing_support::tierSetting(std::getenv("ACLNN_TEST_TIER"))) {
        std::fprintf(stderr, "ACLNN_TEST_TIER=%s: quick, full, or auto (the default: each device's facts decide)\n",
                     std::getenv("ACLNN_TEST_TIER"));
        return 1;
    }
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
