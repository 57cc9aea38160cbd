// An aclIntArray (and an aclBoolArray) owned for the length of a scope, for tests building operator arguments.
#pragma once

#include <cstdint>
#include <memory>
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

// The backwards' outputMask, for one: BoolArray({true, true, true}).
class BoolArray {
public:
    explicit BoolArray(const std::vector<bool> &v) {
        const std::unique_ptr<bool[]> values(new bool[v.size()]);
        for (size_t i = 0; i < v.size(); ++i) values[i] = v[i];
        a_ = aclCreateBoolArray(values.get(), v.size());
    }
    ~BoolArray() { aclDestroyBoolArray(a_); }
    BoolArray(const BoolArray &) = delete;
    BoolArray &operator=(const BoolArray &) = delete;
    const aclBoolArray *get() const { return a_; }

private:
    aclBoolArray *a_;
};

}  // namespace testing_support
