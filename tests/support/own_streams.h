// Threads that each run on their own stream, for the tests that promise operators may run at once
// from several threads (docs/architecture.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

#include "acl/acl.h"

namespace testing_support {

// Runs body(t, stream) for t in [0, threads) on that many threads at once, each after
// aclrtSetDevice(device) on a stream of its own (destroyed afterwards); returns how many threads could
// not set the device or create their stream (their body did not run).
inline int runOnOwnStreams(int32_t device, int threads, const std::function<void(int, aclrtStream)> &body) {
    std::atomic<int> failed{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            aclrtStream own = nullptr;
            if (aclrtSetDevice(device) != ACL_SUCCESS || aclrtCreateStream(&own) != ACL_SUCCESS) {
                ++failed;
                return;
            }
            body(t, own);
            aclrtDestroyStream(own);
        });
    }
    for (auto &th : pool) th.join();
    return failed.load();
}

}  // namespace testing_support
