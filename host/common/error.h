// Errors inside the library are C++ exceptions carrying an acl/aclnn status code; every C entry point
// catches them at its boundary (guard) and turns them into a status plus a thread-local message.
#pragma once

#include <exception>
#include <new>
#include <string>
#include <type_traits>

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

// The subject of an error message that is only needed when the message is: a plain string, or a
// callable returning one, called only on failure. Hot paths (every operator call resolves its tensors'
// pointers) pass a callable so that a successful call formats nothing. A LazyText refers to what it
// was built from: use it as a parameter, not as a stored value.
class LazyText {
public:
    LazyText(const char *text) : text_(text) {}  // NOLINT: implicit on purpose
    template <class F, class = std::enable_if_t<std::is_invocable_r_v<std::string, const F &>>>
    LazyText(const F &f)  // NOLINT: implicit on purpose
        : context_(&f), call_([](const void *c) -> std::string { return (*static_cast<const F *>(c))(); }) {}
    std::string str() const { return call_ ? call_(context_) : std::string(text_ ? text_ : ""); }

private:
    const char *text_ = nullptr;
    const void *context_ = nullptr;
    std::string (*call_)(const void *) = nullptr;
};

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
