#include "common/log.h"

#include <strings.h>
#include <unistd.h>

#include <cstdlib>

namespace aclcl {

namespace detail {

std::atomic<int> g_logLevel{-1};

int readLogLevel() {
    int level = parseLogLevel(std::getenv("ACLNN_OPENCL_LOG_LEVEL"));
    if (level < 0) level = 0;  // unset or unknown: off
    int expected = -1;
    g_logLevel.compare_exchange_strong(expected, level, std::memory_order_relaxed);
    return g_logLevel.load(std::memory_order_relaxed);
}

}  // namespace detail

int parseLogLevel(const char *text) {
    if (!text || !*text) return -1;
    static const char *const names[] = {"off", "error", "warn", "info", "debug"};
    for (int i = 0; i < 5; ++i) {
        if (strcasecmp(text, names[i]) == 0) return i;
    }
    if (text[0] >= '0' && text[0] <= '4' && text[1] == '\0') return text[0] - '0';
    return -1;
}

void setLogLevel(int level) {
    if (level < 0) {
        detail::g_logLevel.store(-1, std::memory_order_relaxed);
        detail::readLogLevel();
        return;
    }
    detail::g_logLevel.store(level > 4 ? 4 : level, std::memory_order_relaxed);
}

void logLine(LogLevel level, const std::string &text) {
    static const char *const names[] = {"off", "error", "warn", "info", "debug"};
    std::string line = "aclnn-opencl ";
    line += names[static_cast<int>(level)];
    line += ": ";
    line += text;
    line += '\n';
    // One write(2) per line: stderr is unbuffered, and a single write keeps threads' lines whole.
    const char *p = line.data();
    size_t left = line.size();
    while (left > 0) {
        ssize_t n = ::write(STDERR_FILENO, p, left);
        if (n <= 0) break;
        p += n;
        left -= static_cast<size_t>(n);
    }
}

}  // namespace aclcl
