// An aclIntArray owned for the length of a scope, for tests building operator arguments.
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"

namespace testing_support {

class IntArray {
public:
    explicit IntArray(const std::vector<int64_t> &v) : a_(aclCreateIntArray(v.data(), v.size())) {}
    ~IntArray() { aclDestroyIntArray(a_); }
    IntArray(const IntArray &) = delete;
    IntArray &operator=(const IntArray &) = delete;
    operator aclIntArray *() const { return a_; }
    aclIntArray *get() const { return a_; }

private:
    aclIntArray *a_;
};

}  // namespace testing_support
