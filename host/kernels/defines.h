// What a program is built with, written once for every operator: the 32/64-bit index decision and
// the typed #define builder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl_base.h"
#include "runtime/device.h"

namespace aclcl {

// Whether kernels can index in 32 bits. Every offset a kernel computes is covered by the extents
// given to cover() (an element count, a view's reach, a sum of them); 32-bit math is used when each
// stays below 2^30, which leaves the kernels' intermediate sums (an offset plus a stride, a mirror
// index) room inside int. TestHook::WideIndex forces 64 bits.
class IndexWidth {
public:
    IndexWidth &cover(int64_t extent);
    IndexWidth &cover(double extent);  // for products that may overflow int64
    IndexWidth &coverView(const std::vector<int64_t> &dims, const std::vector<int64_t> &strides);
    bool wide() const;

private:
    bool wide_ = false;
};

// The #define lines a program is built with, by kind: per-slot dtype macros (cl_kernels/common.cl),
// raw slots' S_RAW_T, ACC_T, INDEX_T, and named integer or flag values. No OpenCL code: what a kernel
// derives from these values, its .cl file spells. A name defined twice is an internal error.
class Defines {
public:
    // S_T, S_VAL_T, S_LOAD, S_STORE, S_IS_COMPLEX, S_RAW_T and the vector forms S_VLOADn /
    // S_VSTOREn for slot S (host/kernels/dtype_defines.h).
    Defines &slot(const std::string &name, aclDataType dtype, aclDataType from = ACL_DT_UNDEFINED);
    // S_RAW_T alone, for elements of `bytes` bytes (host/kernels/dtype_defines.h, rawDefine): for
    // programs that only copy elements' bits and are shared by every dtype of one element size, so
    // that float32 and int32 use one build.
    Defines &raw(const std::string &name, size_t bytes);
    Defines &acc(aclDataType dtype);  // ACC_T
    Defines &index(bool wide);        // INDEX_T
    Defines &value(const std::string &name, int64_t v);
    Defines &flag(const std::string &name, bool on);  // 1 or 0
    // A function-like macro whose body is an operator's own OpenCL C expression, the one exception to the
    // rule above: an elementwise row's math (host/engines/elementwise.h), "#define name(params) (body)".
    Defines &expression(const std::string &name, const std::string &params, const std::string &body);

    bool wideIndex() const { return wideIndex_; }
    const std::string &text() const { return text_; }

private:
    void add(std::initializer_list<std::string> names, const std::string &definition);
    std::vector<std::string> names_;
    std::string text_;
    bool wideIndex_ = false;
};

}  // namespace aclcl
