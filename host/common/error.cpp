#include "common/error.h"

#include <cstdarg>
#include <cstdio>
#include <vector>

#include "common/log.h"

namespace aclcl {

namespace {
thread_local std::string t_lastError;
}

std::string strformat(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    va_list copy;
    va_copy(copy, args);
    int n = std::vsnprintf(nullptr, 0, fmt, copy);
    va_end(copy);
    std::string out;
    if (n > 0) {
        std::vector<char> buf(static_cast<size_t>(n) + 1);
        std::vsnprintf(buf.data(), buf.size(), fmt, args);
        out.assign(buf.data(), static_cast<size_t>(n));
    }
    va_end(args);
    return out;
}

void fail(int code, const std::string &message) { throw Error(code, message); }

void setLastError(const std::string &message) {
    t_lastError = message;
    ACLCL_LOG(Error, message);
}
void clearLastError() { t_lastError.clear(); }
const char *lastError() { return t_lastError.c_str(); }

}  // namespace aclcl
