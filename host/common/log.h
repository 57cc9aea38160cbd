// Diagnostic log: ACLNN_OPENCL_LOG_LEVEL = error | warn | info | debug (docs/runtime.md). One line per
// event on stderr, "aclnn-opencl <level>: <text>". Off by default; when off, logEnabled() is one relaxed
// atomic load and the message is never formatted (use the ACLCL_LOG macro, which tests the level
// before evaluating its arguments).
#pragma once

#include <atomic>
#include <string>

namespace aclcl {

enum class LogLevel : int { Off = 0, Error = 1, Warn = 2, Info = 3, Debug = 4 };

namespace detail {
extern std::atomic<int> g_logLevel;  // -1 until ACLNN_OPENCL_LOG_LEVEL has been read
int readLogLevel();
}  // namespace detail

inline bool logEnabled(LogLevel level) {
    int current = detail::g_logLevel.load(std::memory_order_relaxed);
    if (current < 0) current = detail::readLogLevel();
    return current >= static_cast<int>(level);
}

// Writes one line (the text must not end in a newline) with a single write, so that lines from
// several threads do not interleave.
void logLine(LogLevel level, const std::string &text);

// Overrides the environment (tests): the level in force until the next call; -1 re-reads the variable.
void setLogLevel(int level);

// Parses "error", "warn", "info", "debug", "off" (any case) or 0..4; -1 for anything else.
int parseLogLevel(const char *text);

}  // namespace aclcl

// ACLCL_LOG(Info, strformat("...", ...)): the message expression is evaluated only when enabled.
#define ACLCL_LOG(LEVEL, MESSAGE)                                                                  \
    do {                                                                                           \
        if (::aclcl::logEnabled(::aclcl::LogLevel::LEVEL)) ::aclcl::logLine(::aclcl::LogLevel::LEVEL, (MESSAGE)); \
    } while (0)
