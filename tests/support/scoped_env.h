// An environment variable set for a scope and restored (or unset again) afterwards, for the tests and the
// benchmark's tuner (the library reads some variables per call, e.g. ACLNN_OPENCL_KERNEL_PARAMS).
#pragma once

#include <cstdlib>
#include <string>

namespace testing_support {

class ScopedEnv {
public:
    ScopedEnv(const char *name, const std::string &value) : name_(name) {
        const char *before = std::getenv(name);
        had_ = before != nullptr;
        if (had_) before_ = before;
        setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (had_) {
            setenv(name_, before_.c_str(), 1);
        } else {
            unsetenv(name_);
        }
    }
    ScopedEnv(const ScopedEnv &) = delete;
    ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
    const char *name_;
    bool had_ = false;
    std::string before_;
};

}  // namespace testing_support
