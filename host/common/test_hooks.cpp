#include "common/test_hooks.h"

#include <atomic>

namespace aclcl {

namespace {
std::atomic<int> g_hooks[static_cast<int>(TestHook::Count)];
}

int testHook(TestHook hook) { return g_hooks[static_cast<int>(hook)].load(std::memory_order_relaxed); }

ScopedTestHook::ScopedTestHook(TestHook hook, int value)
    : hook_(hook), previous_(g_hooks[static_cast<int>(hook)].exchange(value)) {}

ScopedTestHook::~ScopedTestHook() { g_hooks[static_cast<int>(hook_)].store(previous_); }

}  // namespace aclcl
