#include "kernels/defines.h"

#include <algorithm>
#include <climits>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/layout.h"
#include "common/test_hooks.h"
#include "kernels/dtype_defines.h"

namespace aclcl {

namespace {
constexpr int64_t kNarrowLimit = INT32_MAX / 2;
}

IndexWidth &IndexWidth::cover(int64_t extent) {
    wide_ = wide_ || extent >= kNarrowLimit || extent <= -kNarrowLimit;
    return *this;
}

IndexWidth &IndexWidth::cover(double extent) {
    wide_ = wide_ || extent >= static_cast<double>(kNarrowLimit) || extent <= -static_cast<double>(kNarrowLimit);
    return *this;
}

IndexWidth &IndexWidth::coverView(const std::vector<int64_t> &dims, const std::vector<int64_t> &strides) {
    int64_t numel = 1;
    for (int64_t d : dims) {
        if (__builtin_mul_overflow(numel, d, &numel)) numel = INT64_MAX;
    }
    return cover(numel).cover(viewReach(dims, strides));
}

bool IndexWidth::wide() const { return wide_ || testHook(TestHook::WideIndex) != 0; }

void Defines::add(std::initializer_list<std::string> names, const std::string &definition) {
    for (const std::string &name : names) {
        if (std::find(names_.begin(), names_.end(), name) != names_.end()) {
            fail(ACLNN_ERR_INNER, strformat("program macro %s defined twice", name.c_str()));
        }
        names_.push_back(name);
    }
    text_ += definition;
}

Defines &Defines::slot(const std::string &name, aclDataType dtype, aclDataType from) {
    // S_RAW_T too: a raw slot of the same name would define it twice.
    add({name + "_T", name + "_RAW_T"}, dtypeDefines(name, dtype, from));
    return *this;
}

Defines &Defines::raw(const std::string &name, size_t bytes) {
    add({name + "_RAW_T"}, rawDefine(name, bytes));
    return *this;
}

Defines &Defines::acc(aclDataType dtype) {
    add({"ACC_T"}, accDefine(dtype));
    return *this;
}

Defines &Defines::index(bool wide) {
    wideIndex_ = wide;
    add({"INDEX_T"}, indexDefine(wide));
    return *this;
}

Defines &Defines::value(const std::string &name, int64_t v) {
    add({name}, "#define " + name + " " + std::to_string(v) + "\n");
    return *this;
}

Defines &Defines::flag(const std::string &name, bool on) { return value(name, on ? 1 : 0); }

Defines &Defines::expression(const std::string &name, const std::string &params, const std::string &body) {
    add({name}, "#define " + name + "(" + params + ") (" + body + ")\n");
    return *this;
}

}  // namespace aclcl
