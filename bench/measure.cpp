#include "measure.h"

#include <clblast.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <stdexcept>

#include "aclnn_opencl/aclnn_opencl.h"
#include "meta/step_times.h"

namespace bench {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

void require(aclError status, const char *what) {
    if (status != ACL_SUCCESS) {
        throw std::runtime_error(std::string(what) + " failed with " + std::to_string(status) + ": " +
                                 aclGetRecentErrMsg());
    }
}

std::string shortPlatform(const std::string &platform) {
    if (platform.find("Portable Computing Language") != std::string::npos) return "pocl";
    if (platform.find("NVIDIA") != std::string::npos) return "nvidia";
    if (platform.find("AMD") != std::string::npos) return "amd";
    if (platform.find("Intel") != std::string::npos) return "intel";
    return platform.substr(0, platform.find(' '));
}

// Device memory that frees itself.
struct DeviceBuffer {
    void *ptr = nullptr;
    size_t size = 0;
    ~DeviceBuffer() {
        if (ptr) aclrtFree(ptr);
    }
    void ensure(size_t bytes) {
        if (bytes <= size) return;
        if (ptr) aclrtFree(ptr);
        ptr = nullptr;
        size = 0;
        require(aclrtMalloc(&ptr, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc(workspace)");
        size = bytes;
    }
};

// Two events recorded around one piece of work; elapsed() is the device time between them.
struct EventPair {
    aclrtEvent start = nullptr, end = nullptr;
    EventPair() {
        require(aclrtCreateEvent(&start), "aclrtCreateEvent");
        require(aclrtCreateEvent(&end), "aclrtCreateEvent");
    }
    ~EventPair() {
        aclrtDestroyEvent(start);
        aclrtDestroyEvent(end);
    }
    double elapsedMs() const {
        float ms = 0;
        require(aclrtEventElapsedTime(&ms, start, end), "aclrtEventElapsedTime");
        return ms;
    }
};

std::string statusText(aclnnStatus st, const char *phase) {
    return std::string(phase) + " returned " + std::to_string(st) + ": " + aclGetRecentErrMsg();
}

}  // namespace

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

// The device's facts through the library's public extension API (include/aclnn_opencl/aclnn_opencl.h).
aclnnOpenclDeviceInfo deviceInfo(int32_t id) {
    aclnnOpenclDeviceInfo info{};
    require(aclnnOpenclGetDeviceInfo(id, &info), "aclnnOpenclGetDeviceInfo");
    return info;
}

std::vector<BenchDevice> listDevices() {
    std::vector<BenchDevice> out;
    std::map<std::string, int> labelCount;
    uint32_t count = 0;
    require(aclrtGetDeviceCount(&count), "aclrtGetDeviceCount");
    for (uint32_t id = 0; id < count; ++id) {
        const aclnnOpenclDeviceInfo d = deviceInfo(static_cast<int32_t>(id));
        BenchDevice b;
        b.id = static_cast<int32_t>(id);
        b.type = d.type;
        std::string platform = shortPlatform(d.platform);
        b.name = platform + ": " + d.name;
        b.label = platform + " " + b.type;
        ++labelCount[b.label];
        out.push_back(b);
    }
    for (auto &b : out) {
        if (labelCount[b.label] > 1) b.label += " " + std::to_string(b.id);
    }
    return out;
}

double measureCopyBandwidth(aclrtStream stream, double mib, int reps, double *usedMiB, bool *eventTiming,
                            std::string *why) {
    try {
        int32_t id = 0;
        require(aclrtGetDevice(&id), "aclrtGetDevice");
        const aclnnOpenclDeviceInfo d = deviceInfo(id);
        size_t bytes = static_cast<size_t>(mib * 1024 * 1024);
        // Two buffers must fit comfortably; shrink on small devices rather than fail.
        bytes = std::min<size_t>(bytes, static_cast<size_t>(d.maxAllocBytes));
        bytes = std::min<size_t>(bytes, static_cast<size_t>(d.globalMemBytes / 4));
        bytes &= ~static_cast<size_t>(4095);
        if (bytes == 0) throw std::runtime_error("the device reports no usable memory");
        DeviceBuffer src, dst;
        src.ensure(bytes);
        dst.ensure(bytes);
        require(aclrtMemsetAsync(src.ptr, bytes, 0x3c, bytes, stream), "aclrtMemsetAsync");
        require(aclrtMemsetAsync(dst.ptr, bytes, 0, bytes, stream), "aclrtMemsetAsync");
        // One untimed copy faults in the pages of both buffers.
        require(aclrtMemcpyAsync(dst.ptr, bytes, src.ptr, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream),
                "aclrtMemcpyAsync");
        require(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
        EventPair ev;
        std::vector<double> eventMs, hostMs;
        for (int r = 0; r < reps; ++r) {
            auto t0 = Clock::now();
            require(aclrtRecordEvent(ev.start, stream), "aclrtRecordEvent");
            require(aclrtMemcpyAsync(dst.ptr, bytes, src.ptr, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream),
                    "aclrtMemcpyAsync");
            require(aclrtRecordEvent(ev.end, stream), "aclrtRecordEvent");
            require(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
            hostMs.push_back(msSince(t0));
            eventMs.push_back(ev.elapsedMs());
        }
        // A copy of this size takes far longer than a microsecond on any device: an event time below
        // that means the driver's timestamps are placeholders.
        *eventTiming = median(eventMs) > 1e-3;
        double t = *eventTiming ? median(eventMs) : median(hostMs);
        if (!(t > 0)) throw std::runtime_error("the copy took no measurable time");
        *usedMiB = static_cast<double>(bytes) / (1024.0 * 1024.0);
        return 2.0 * static_cast<double>(bytes) / (t * 1e-3) / 1e9;
    } catch (const std::exception &e) {
        *why = e.what();
        return 0;
    }
}

// Whether a step is a product (its name begins with the GEMM backend's: host/blas/gemm.h, backendName).
bool isProductStep(const std::string &name) {
    for (const char *backend : {"host BLAS ", "CLBlast ", "own GEMM "}) {
        if (name.rfind(backend, 0) == 0) return true;
    }
    return false;
}

// The call's products alone: up to 3 calls (fewer when one takes long) with their steps timed, the least
// sum of their product steps' times. Never during the timed runs: step timing finishes the queue after each
// step.
template <class Once>
double productsMs(Once &once, double wallMs, const TimingPolicy &policy) {
    const int calls = wallMs * 3 <= policy.targetSeconds * 1e3 ? 3 : 1;
    double least = 0;
    for (int i = 0; i < calls; ++i) {
        aclcl::StepTimes times;
        double wall = 0;
        if (once(nullptr, &wall) != 0) return 0;
        double sum = 0;
        bool any = false;
        for (const aclcl::StepTime &t : times.taken()) {
            if (!isProductStep(t.name)) continue;
            sum += t.ms;
            any = true;
        }
        if (!any) return 0;
        least = i == 0 ? sum : std::min(least, sum);
    }
    return least;
}

CaseResult measureCase(testing_support::OpCase &c, aclrtStream stream, const TimingPolicy &policy,
                       bool clearProgramCaches, bool eventTiming) {
    CaseResult r;
    try {
        std::string why;
        if (!c.supported(&why)) {
            r.outcome = Outcome::Skipped;
            r.detail = why.empty() ? "not supported on this device" : why;
            return r;
        }
        c.setup();
        require(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream(after setup)");
        if (clearProgramCaches) {
            require(aclnnOpenclClearProgramCache(), "aclnnOpenclClearProgramCache");
            clblast::ClearCache();
        }

        DeviceBuffer workspace;
        // One call: plan, run between two events, synchronize. *wallMs covers all of it, *runMs only
        // run + synchronize (the fallback when the device has no event timing).
        double runMs = 0;
        auto once = [&](EventPair *ev, double *wallMs) -> aclnnStatus {
            auto t0 = Clock::now();
            uint64_t wsSize = 0;
            aclOpExecutor *executor = nullptr;
            aclnnStatus st = c.plan(&wsSize, &executor);
            if (st != 0) {
                r.detail = statusText(st, "GetWorkspaceSize");
                return st;
            }
            workspace.ensure(wsSize);
            auto t1 = Clock::now();
            if (ev) require(aclrtRecordEvent(ev->start, stream), "aclrtRecordEvent");
            st = c.run(wsSize ? workspace.ptr : nullptr, wsSize, executor, stream);
            if (st != 0) {
                r.detail = statusText(st, "run");
                aclrtSynchronizeStream(stream);
                return st;
            }
            if (ev) require(aclrtRecordEvent(ev->end, stream), "aclrtRecordEvent");
            aclError sync = aclrtSynchronizeStream(stream);
            *wallMs = msSince(t0);
            runMs = msSince(t1);
            if (sync != ACL_SUCCESS) r.detail = statusText(sync, "aclrtSynchronizeStream");
            return sync;
        };

        if (once(nullptr, &r.firstCallMs) != 0) {
            r.outcome = Outcome::Failed;
            return r;
        }
        testing_support::CheckResult check = c.check();
        if (!check.ok) {
            r.outcome = Outcome::Failed;
            r.detail = "wrong result: " + check.detail;
            return r;
        }

        EventPair ev;
        double wall = 0;
        // A warm-up call, unless the checked call already took so long that it warmed everything up
        // and another one would only make a slow device slower to benchmark.
        bool slow = r.firstCallMs >= policy.slowFactor * policy.targetSeconds * 1e3;
        if (!slow && once(&ev, &wall) != 0) {
            r.outcome = Outcome::Failed;
            return r;
        }
        std::vector<double> deviceMs, wallMs;
        double spentMs = 0;
        while (static_cast<int>(deviceMs.size()) < policy.maxRuns) {
            int done = static_cast<int>(deviceMs.size());
            if (done >= policy.minRuns && spentMs >= policy.targetSeconds * 1e3) break;
            if (done >= policy.floorRuns && spentMs >= policy.slowFactor * policy.targetSeconds * 1e3) break;
            if (once(&ev, &wall) != 0) {
                r.outcome = Outcome::Failed;
                return r;
            }
            deviceMs.push_back(eventTiming ? ev.elapsedMs() : runMs);
            wallMs.push_back(wall);
            spentMs += wall;
        }
        if (policy.products) r.productsMs = productsMs(once, median(wallMs), policy);
        r.outcome = Outcome::Timed;
        r.deviceMs = median(deviceMs);
        r.wallMs = median(wallMs);
        r.wallSpread = *std::max_element(wallMs.begin(), wallMs.end()) / *std::min_element(wallMs.begin(), wallMs.end());
        r.runs = static_cast<int>(deviceMs.size());
    } catch (const std::exception &e) {
        r.outcome = Outcome::Failed;
        r.detail = e.what();
    }
    return r;
}

}  // namespace bench
