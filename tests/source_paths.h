// Where the test program reads the checkout's files (golden data, public headers): the checkout it
// was built from, unless ACLNN_TEST_SOURCE_DIR names another one, as when the binary is carried to a
// machine that cannot build (scripts/gpu-kit/run.sh).
#pragma once

#include <cstdlib>
#include <string>

namespace testing_support {

inline std::string sourceDir() {
    const char *env = std::getenv("ACLNN_TEST_SOURCE_DIR");
    return env && *env ? std::string(env) : std::string(ACLNN_SOURCE_DIR);
}

inline std::string goldenDir() { return sourceDir() + "/tests/golden"; }

}  // namespace testing_support
