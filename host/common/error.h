// Errors inside the library are C++ exceptions carrying an acl/aclnn status code; every C entry point
// catches them at its boundary (guard) and turns them into a status plus a thread-local message.
#pragma once

#include <exception>
#include <new>
#include <string>

namespace aclcl {

class Error : public std::exception {
public:
    Error(int code, std::string message) : code_(code), message_(std::move(message)) {}
    int code() const noexcept { return code_; }
    const char *what() const noexcept override { return message_.c_str(); }

private:
    int code_;
    std::string message_;
};

// printf-style formatting into a std::string.
std::string strformat(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

[[noreturn]] void fail(int code, const std::string &message);

void setLastError(const std::string &message);
void clearLastError();
const char *lastError();

// Runs body() and converts any exception into a status code: Error keeps its own code, bad_alloc
// becomes outOfMemoryCode, anything else becomes internalCode. The message is kept for
// aclGetRecentErrMsg.
template <class Body>
int guard(int internalCode, int outOfMemoryCode, Body &&body) noexcept {
    try {
        return body();
    } catch (const Error &e) {
        setLastError(e.what());
        return e.code();
    } catch (const std::bad_alloc &) {
        setLastError("host memory allocation failed");
        return outOfMemoryCode;
    } catch (const std::exception &e) {
        setLastError(std::string("internal error: ") + e.what());
        return internalCode;
    } catch (...) {
        setLastError("internal error: unknown exception");
        return internalCode;
    }
}

}  // namespace aclcl
