// Step timing for the benchmark (host/meta/step_times.h).
#include "meta/step_times.h"

#include <atomic>
#include <mutex>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"

namespace aclcl {
namespace {

std::atomic<bool> g_wanted{false};
std::mutex g_mutex;
std::vector<StepTime> g_times;

}  // namespace

StepTimes::StepTimes() {
    if (g_wanted.exchange(true)) fail(ACLNN_ERR_INNER, "StepTimes: another one is alive");
    std::lock_guard<std::mutex> lock(g_mutex);
    g_times.clear();
}

StepTimes::~StepTimes() {
    g_wanted = false;
    std::lock_guard<std::mutex> lock(g_mutex);
    g_times.clear();
}

std::vector<StepTime> StepTimes::taken() const {
    std::lock_guard<std::mutex> lock(g_mutex);
    return g_times;
}

bool stepTimesWanted() { return g_wanted.load(std::memory_order_relaxed); }

void recordStepTime(const char *api, const std::string &name, double ms) {
    std::lock_guard<std::mutex> lock(g_mutex);
    g_times.push_back(StepTime{api, name, ms});
}

}  // namespace aclcl
