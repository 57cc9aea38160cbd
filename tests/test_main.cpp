// Test entry point: aclInit once for the whole run, and the per-device fixture.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

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

bool deviceHasFp64(int id) { return aclcl::deviceAt(id).fp64; }

namespace {

// The tier's measurement: a small kernel whose work-items each walk a loop of strided reads (as the
// operators' CPU kernels do), launched kLaunches times and waited for, against the host running the same
// loops on one thread. The ratio, not a time, decides, so that a faster or busier machine moves both
// sides. Measured on the 2-core VM shared with builds and test runs (load 5-6; the least of 5 samples):
// Intel's CPU runtime 0.3x, PoCL 1.3-2.5x, Mesa's llvmpipe 15-100x (a launch alone costs it 0.5-5 ms);
// kQuickAbove lies between with a margin of more than 2x either way. A GPU's launches and loops come out
// far below it.
const char *const kCalibrationSource = R"CLC(
__kernel void walk(__global const float *x, __global float *y, int trips) {
    const int g = get_global_id(0);
    float acc = 0.0f;
    for (int i = 0; i < trips; ++i) acc += x[(g * 7 + i * 13) & 4095] * 0.5f;
    y[g] = acc;
}
)CLC";
constexpr int kItems = 1024, kTrips = 128, kLaunches = 16, kSamples = 5;
constexpr double kQuickAbove = 6.0;

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The host's side of the measurement: the kernel's loops, `launches` times; returns a value that depends on
// every one. Not instrumented in a sanitizer build (scripts/sanitize.sh), where a 2x slower host loop would
// halve every ratio and could move a slow device into the full tier.
__attribute__((no_sanitize("address", "undefined"))) float walkOnHost(const std::vector<float> &x,
                                                                       std::vector<float> &y, int launches) {
    float sum = 0.0f;
    for (int k = 0; k < launches; ++k) {
        for (int g = 0; g < kItems; ++g) {
            float acc = 0.0f;
            for (int i = 0; i < kTrips; ++i) acc += x[static_cast<size_t>((g * 7 + i * 13) & 4095)] * 0.5f;
            y[static_cast<size_t>(g)] = acc;
        }
        sum += y[static_cast<size_t>(k)];
    }
    return sum;
}

// The device's time for the fixed work over the host's; 0 with *error set when the device could not run it.
double measureSlowdown(const aclcl::Device &d, std::string *error) {
    cl_int err = CL_SUCCESS;
    const auto failed = [&](const char *what) {
        *error = std::string(what) + " returned " + std::to_string(err);
        return 0.0;
    };
    aclcl::ClQueuePtr queue(clCreateCommandQueue(d.context.get(), d.id, 0, &err));
    if (err != CL_SUCCESS) return failed("clCreateCommandQueue");
    const char *source = kCalibrationSource;
    aclcl::ClProgramPtr program(clCreateProgramWithSource(d.context.get(), 1, &source, nullptr, &err));
    if (err != CL_SUCCESS) return failed("clCreateProgramWithSource");
    err = clBuildProgram(program.get(), 1, &d.id, "", nullptr, nullptr);
    if (err != CL_SUCCESS) return failed("clBuildProgram");
    aclcl::ClKernelPtr kernel(clCreateKernel(program.get(), "walk", &err));
    if (err != CL_SUCCESS) return failed("clCreateKernel");
    std::vector<float> x(4096), y(kItems);
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 17);
    aclcl::ClMemPtr xBuf(clCreateBuffer(d.context.get(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                        x.size() * sizeof(float), x.data(), &err));
    if (err != CL_SUCCESS) return failed("clCreateBuffer");
    aclcl::ClMemPtr yBuf(clCreateBuffer(d.context.get(), CL_MEM_WRITE_ONLY, y.size() * sizeof(float), nullptr, &err));
    if (err != CL_SUCCESS) return failed("clCreateBuffer");
    cl_mem xMem = xBuf.get(), yMem = yBuf.get();
    const cl_int trips = kTrips;
    clSetKernelArg(kernel.get(), 0, sizeof(cl_mem), &xMem);
    clSetKernelArg(kernel.get(), 1, sizeof(cl_mem), &yMem);
    clSetKernelArg(kernel.get(), 2, sizeof(cl_int), &trips);
    const size_t global = kItems;
    const auto launch = [&](int times) {
        for (int k = 0; k < times && err == CL_SUCCESS; ++k)
            err = clEnqueueNDRangeKernel(queue.get(), kernel.get(), 1, nullptr, &global, nullptr, 0, nullptr, nullptr);
        if (err == CL_SUCCESS) err = clFinish(queue.get());
    };
    launch(1);  // the first launch finishes the build on some implementations (PoCL): not timed
    if (err != CL_SUCCESS) return failed("clEnqueueNDRangeKernel");
    double device = 1e30, host = 1e30;
    volatile float sink = 0;
    for (int s = 0; s < kSamples; ++s) {
        Clock::time_point t = Clock::now();
        launch(kLaunches);
        if (err != CL_SUCCESS) return failed("clEnqueueNDRangeKernel");
        device = std::min(device, secondsSince(t));
        t = Clock::now();
        sink = sink + walkOnHost(x, y, kLaunches);
        host = std::min(host, secondsSince(t));
    }
    return device / std::max(host, 1e-9);
}

struct TierChoice {
    TestTier tier = TestTier::Full;
    std::string reason;
};

TierChoice chooseTier(int id) {
    const char *forced = std::getenv("ACLNN_TEST_TIER");
    if (forced && std::strcmp(forced, "quick") == 0) return {TestTier::Quick, "ACLNN_TEST_TIER=quick"};
    if (forced && std::strcmp(forced, "full") == 0) return {TestTier::Full, "ACLNN_TEST_TIER=full"};
    std::string error;
    const double slowdown = measureSlowdown(aclcl::deviceAt(id), &error);
    char measured[160];
    if (slowdown == 0) {
        // The safe side: a device that cannot be measured runs everything.
        return {TestTier::Full, "its speed could not be measured: " + error};
    }
    std::snprintf(measured, sizeof measured, "measured: a fixed kernel took %.1fx the host's time, quick above %.0fx",
                  slowdown, kQuickAbove);
    return {slowdown > kQuickAbove ? TestTier::Quick : TestTier::Full, measured};
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
           std::strcmp(value, "") == 0 || std::strcmp(value, "measured") == 0;
}

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

void DeviceTest::SetUp() {
    caseTally().start();
    openStream(device(), &stream);
}
void DeviceTest::TearDown() {
    closeStream(&stream);
    caseTally().finish();
}
void DeviceDtypeTest::SetUp() {
    caseTally().start();
    openStream(device(), &stream);
}
void DeviceDtypeTest::TearDown() {
    closeStream(&stream);
    caseTally().finish();
}

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
        std::fprintf(stderr, "ACLNN_TEST_TIER=%s: quick, full, or measured (the default: each device's measured speed "
                             "decides)\n", std::getenv("ACLNN_TEST_TIER"));
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
