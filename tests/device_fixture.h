// Tests that run once per OpenCL device: TEST_P(DeviceTest-derived, ...) with
// INSTANTIATE_ON_ALL_DEVICES(Suite). SetUp binds the device and creates a stream.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

#include "acl/acl.h"
#include "support/case_tally.h"

namespace testing_support {

std::vector<int> allDeviceIds();
std::string deviceLabel(int id);  // e.g. "pocl_cpu_0" (a valid gtest name)
std::string deviceName(int id);
bool deviceHasFp64(int id);
std::string dtypeLabel(aclDataType dtype);  // e.g. "float16" (a valid gtest name)

// How much of an operator's tests a device runs. The full tier runs everything; the quick tier leaves out
// the large cases, the extra dtypes and the extra kernel variants, for a device so slow at these kernels
// (Mesa's llvmpipe: 20-100x the other CPU implementations) that running them all would take many times
// the whole suite's time elsewhere. Decided in one place (test_main.cpp), once per device and process,
// from the device's facts, never from its name: ACLNN_TEST_TIER=quick or full forces a tier on every
// device; otherwise a CPU that runs the many-work-item kernels (Device::manyWorkItemKernels: its compiler
// caps loops) is quick, every other device full.
enum class TestTier { Quick, Full };
TestTier testTier(int id);
// The skip message of something only the full tier runs: "<what>: full tier only; this device runs the
// quick tier (ACLNN_TEST_TIER=quick)", or the device fact after the tier.
std::string fullTierOnly(int id, const std::string &what);
// Whether an ACLNN_TEST_TIER value (nullptr: unset) is one the tier understands.
bool tierSetting(const char *value);
// In the quick tier, records case `name` as skipped (the full tier runs it) and returns true, for the caller
// to go on to its next case; the test's case count shows it (support/case_tally.h).
inline bool skipInQuickTier(int id, const std::string &name) {
    if (testTier(id) != TestTier::Quick) return false;
    caseTally().skipped(name, fullTierOnly(id, "the cases beyond the quick tier's share"));
    return true;
}

class DeviceTest : public ::testing::TestWithParam<int> {
protected:
    void SetUp() override;
    void TearDown() override;
    int device() const { return GetParam(); }
    // The device facts the operator tests ask about.
    bool fp64() const { return deviceHasFp64(device()); }
    bool quickTier() const { return testTier(device()) == TestTier::Quick; }
    std::string fullTierOnly(const std::string &what) const { return testing_support::fullTierOnly(device(), what); }
    bool skipInQuickTier(const std::string &name) const { return testing_support::skipInQuickTier(device(), name); }
    aclrtStream stream = nullptr;
};

// Tests that run once per OpenCL device and dtype: TEST_P(DeviceDtypeTest-derived, ...) with
// INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(Suite, dtypes). A test's name ends in its device and dtype
// (".../pocl_cpu_0_float16"), so that one dtype on one device runs alone (--gtest_filter).
class DeviceDtypeTest : public ::testing::TestWithParam<std::tuple<int, aclDataType>> {
protected:
    void SetUp() override;
    void TearDown() override;
    int device() const { return std::get<0>(GetParam()); }
    aclDataType dtype() const { return std::get<1>(GetParam()); }
    // Where dtype() stands in the list the suite is instantiated over (for seeds or alternations that
    // follow the list); fails the test when it is not there.
    size_t dtypeIndex(const std::vector<aclDataType> &dtypes) const {
        const auto at = std::find(dtypes.begin(), dtypes.end(), dtype());
        EXPECT_NE(at, dtypes.end()) << dtypeLabel(dtype()) << " is not in the suite's dtype list";
        return static_cast<size_t>(at - dtypes.begin());
    }
    bool fp64() const { return deviceHasFp64(device()); }
    bool quickTier() const { return testTier(device()) == TestTier::Quick; }
    std::string fullTierOnly(const std::string &what) const { return testing_support::fullTierOnly(device(), what); }
    bool skipInQuickTier(const std::string &name) const { return testing_support::skipInQuickTier(device(), name); }
    aclrtStream stream = nullptr;
};

// What every test program's main() runs (tests/test_main.cpp, two_devices/): GoogleTest's flags, aclInit
// (a failure is reported and gives 1), every test, then aclFinalize; returns RUN_ALL_TESTS()'s result,
// or ACLNN_TEST_ALL_SKIPPED_EXIT's value when tests ran, none failed and every one skipped: CTest runs
// a suite per process (cmake/GTestSuites.cmake) and reports such a suite as skipped, not passed.
inline int runAllTestsUnderAcl(int *argc, char **argv) {
    ::testing::InitGoogleTest(argc, argv);
    if (aclInit(nullptr) != ACL_SUCCESS) {
        std::fprintf(stderr, "aclInit failed: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    const int rc = RUN_ALL_TESTS();
    aclFinalize();
    const ::testing::UnitTest &run = *::testing::UnitTest::GetInstance();
    const char *skippedExit = std::getenv("ACLNN_TEST_ALL_SKIPPED_EXIT");
    if (rc == 0 && skippedExit != nullptr && run.skipped_test_count() > 0 && run.successful_test_count() == 0 &&
        run.failed_test_count() == 0) {
        return std::atoi(skippedExit);
    }
    return rc;
}

}  // namespace testing_support

#define INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(Suite, dtypes)                                                        \
    INSTANTIATE_TEST_SUITE_P(                                                                                      \
        Devices, Suite,                                                                                            \
        ::testing::Combine(::testing::ValuesIn(::testing_support::allDeviceIds()), ::testing::ValuesIn(dtypes)),    \
        [](const ::testing::TestParamInfo<std::tuple<int, aclDataType>> &param_info) {                             \
            return ::testing_support::deviceLabel(std::get<0>(param_info.param)) + "_" +                           \
                   ::testing_support::dtypeLabel(std::get<1>(param_info.param));                                   \
        })

#define INSTANTIATE_ON_ALL_DEVICES(Suite)                                                  \
    INSTANTIATE_TEST_SUITE_P(Devices, Suite, ::testing::ValuesIn(::testing_support::allDeviceIds()), \
                             [](const ::testing::TestParamInfo<int> &param_info) {              \
                                 return ::testing_support::deviceLabel(param_info.param);          \
                             })

// Asserts an acl/aclnn call succeeds and prints aclGetRecentErrMsg when it does not.
#define ASSERT_ACL_OK(expr)                                                                 \
    do {                                                                                    \
        auto aclnn_status_ = (expr);                                                        \
        ASSERT_EQ(aclnn_status_, 0) << #expr << ": " << aclGetRecentErrMsg();              \
    } while (0)
#define EXPECT_ACL_OK(expr)                                                                 \
    do {                                                                                    \
        auto aclnn_status_ = (expr);                                                        \
        EXPECT_EQ(aclnn_status_, 0) << #expr << ": " << aclGetRecentErrMsg();              \
    } while (0)
