// aclrtMalloc / aclrtFree cost against the number of live allocations (issue 12, item 10).
//   aclnn_malloc_bench [pairs=100000] [device=0]
// For each count of live allocations held in the background (0, 1,000, 10,000, 40,000) it times
// `pairs` allocate/free pairs of 256 bytes and prints microseconds per pair; then the cost of the
// first and the last 1,000 allocations while growing to 40,000 live ones. With O(log n) calls the
// columns stay nearly flat (they were 7-30x apart before the per-device byte count).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "acl/acl.h"

namespace {

using Clock = std::chrono::steady_clock;

double microsSince(Clock::time_point start, size_t count) {
    return std::chrono::duration<double, std::micro>(Clock::now() - start).count() / static_cast<double>(count);
}

bool ok(aclError e, const char *what) {
    if (e == ACL_SUCCESS) return true;
    std::fprintf(stderr, "%s failed (%d): %s\n", what, e, aclGetRecentErrMsg());
    return false;
}

}  // namespace

int main(int argc, char **argv) {
    const size_t pairs = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000;
    const int device = argc > 2 ? std::atoi(argv[2]) : 0;
    if (!ok(aclInit(nullptr), "aclInit") || !ok(aclrtSetDevice(device), "aclrtSetDevice")) return 1;
    std::printf("device %d: %s; %zu allocate/free pairs of 256 bytes per row\n", device, aclrtGetSocName(), pairs);
    std::printf("%12s %16s\n", "live", "us per pair");
    std::vector<void *> live;
    for (size_t target : {0, 1000, 10000, 40000}) {
        while (live.size() < target) {
            void *p = nullptr;
            if (!ok(aclrtMalloc(&p, 256, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc")) return 1;
            live.push_back(p);
        }
        auto start = Clock::now();
        for (size_t i = 0; i < pairs; ++i) {
            void *p = nullptr;
            if (!ok(aclrtMalloc(&p, 256, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc") || !ok(aclrtFree(p), "aclrtFree")) {
                return 1;
            }
        }
        std::printf("%12zu %16.2f\n", target, microsSince(start, pairs));
    }
    for (void *p : live) aclrtFree(p);
    live.clear();
    double first = 0, last = 0;
    for (size_t block = 0; block < 40; ++block) {
        auto start = Clock::now();
        for (size_t i = 0; i < 1000; ++i) {
            void *p = nullptr;
            if (!ok(aclrtMalloc(&p, 256, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc")) return 1;
            live.push_back(p);
        }
        double us = microsSince(start, 1000);
        if (block == 0) first = us;
        last = us;
    }
    std::printf("growing to 40,000 live: first 1,000 allocations %.2f us each, last 1,000 %.2f us each (%.1fx)\n",
                first, last, last / first);
    for (void *p : live) aclrtFree(p);
    return ok(aclFinalize(), "aclFinalize") ? 0 : 1;
}
