#include "meta/executor.h"

#include <chrono>
#include <mutex>
#include <unordered_map>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/log.h"
#include "meta/step_times.h"
#include "runtime/memory.h"

namespace aclcl {

namespace {
std::mutex g_execMutex;
// Never destroyed: executors hold programs and kernels, released by aclFinalize, never after main.
auto &g_executors = *new std::unordered_map<aclOpExecutor *, std::shared_ptr<aclOpExecutor>>;

// A live executor for a second phase; a non-repeatable one leaves the registry at once, so that a
// second run (even one racing this one from another thread) finds it stale.
std::shared_ptr<aclOpExecutor> claimExecutor(aclOpExecutor *executor) {
    std::lock_guard<std::mutex> lock(g_execMutex);
    auto it = g_executors.find(executor);
    if (it == g_executors.end()) return nullptr;
    std::shared_ptr<aclOpExecutor> claimed = it->second;
    if (!claimed->repeatable) g_executors.erase(it);
    return claimed;
}

// The bytes [first, end) of host address space (device pointers are unique addresses) a view reaches.
struct Span {
    uintptr_t first = 0, end = 0;
    bool empty() const { return first == end; }
    bool overlaps(const Span &o) const { return !empty() && !o.empty() && first < o.end && o.first < end; }
};

Span spanOf(const aclTensor &t) {
    if (!t.data || t.numel() == 0) return {};
    int64_t lo = t.offset, hi = t.offset;
    for (size_t d = 0; d < t.viewDims.size(); ++d) {
        int64_t step = (t.viewDims[d] - 1) * t.strides[d];  // sizes were checked at GetWorkspaceSize
        (step < 0 ? lo : hi) += step;
    }
    const auto elem = static_cast<int64_t>(dtypeSize(t.dtype));
    auto base = reinterpret_cast<uintptr_t>(t.data);
    return Span{base + static_cast<uintptr_t>(lo * elem), base + static_cast<uintptr_t>((hi + 1) * elem)};
}

bool sameView(const aclTensor &a, const aclTensor &b) {
    return a.data == b.data && a.offset == b.offset && a.dtype == b.dtype && a.viewDims == b.viewDims &&
           a.strides == b.strides;
}

bool inPlaceAllowed(const aclOpExecutor &e, size_t o, size_t i) {
    for (const auto &pair : e.inPlacePairs) {
        if (pair.first == o && pair.second == i) return sameView(e.outputs[o], e.inputs[i]);
    }
    return false;
}

// " (only over dy or x, as the very same view)" when the operator allows some in-place use of output o.
std::string inPlaceHint(const aclOpExecutor &e, size_t o) {
    std::string names;
    for (const auto &pair : e.inPlacePairs) {
        if (pair.first != o) continue;
        const std::string &n = pair.second < e.inputNames.size() ? e.inputNames[pair.second] : std::string();
        names += (names.empty() ? "" : " or ") + (n.empty() ? "input " + std::to_string(pair.second) : n);
    }
    return names.empty() ? "" : " except over " + names + " as the very same view";
}

// An output whose memory overlaps an input's: kernels read inputs while writing outputs, so that is
// a wrong result unless the operator declared the pair as computed in place (OpPlan::allowInPlace);
// two outputs that overlap each other: one overwrites the other, so a program can only lose data.
// Both rejected before anything is enqueued, for every operator.
void checkNoAliasing(const aclOpExecutor &e) {
    std::vector<Span> outs;
    for (const aclTensor &t : e.outputs) outs.push_back(spanOf(t));
    for (size_t a = 0; a < outs.size(); ++a) {
        const Span &first = outs[a];
        for (size_t b = a + 1; b < outs.size(); ++b) {
            const Span &second = outs[b];
            if (!first.overlaps(second)) continue;
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: %s overlaps %s in device memory (bytes %p-%p and %p-%p): each output needs memory of "
                           "its own, or one would overwrite the other",
                           e.op.c_str(), tensorLabel(e, true, a).c_str(), tensorLabel(e, true, b).c_str(),
                           reinterpret_cast<void *>(first.first), reinterpret_cast<void *>(first.end),
                           reinterpret_cast<void *>(second.first), reinterpret_cast<void *>(second.end)));
        }
    }
    for (size_t o = 0; o < outs.size(); ++o) {
        const Span &out = outs[o];
        for (size_t i = 0; i < e.inputs.size(); ++i) {
            const Span in = spanOf(e.inputs[i]);
            if (!out.overlaps(in) || inPlaceAllowed(e, o, i)) continue;
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: %s overlaps %s in device memory (bytes %p-%p and %p-%p): %s does not compute in "
                           "place%s; give the output memory of its own",
                           e.op.c_str(), tensorLabel(e, true, o).c_str(), tensorLabel(e, false, i).c_str(),
                           reinterpret_cast<void *>(out.first), reinterpret_cast<void *>(out.end),
                           reinterpret_cast<void *>(in.first), reinterpret_cast<void *>(in.end), e.op.c_str(),
                           inPlaceHint(e, o).c_str()));
        }
    }
}
}  // namespace

aclOpExecutor *registerExecutor(std::unique_ptr<aclOpExecutor> executor) {
    // Executors a program never ran or destroyed hold programs and kernels: aclFinalize frees them.
    static std::once_flag hookOnce;
    std::call_once(hookOnce, [] { registerFinalizeHook(destroyAllExecutors); });
    aclOpExecutor *raw = executor.get();
    std::lock_guard<std::mutex> lock(g_execMutex);
    g_executors.emplace(raw, std::move(executor));
    return raw;
}

aclOpExecutor *checkExecutor(aclOpExecutor *executor) {
    std::lock_guard<std::mutex> lock(g_execMutex);
    return g_executors.count(executor) ? executor : nullptr;
}

std::shared_ptr<aclOpExecutor> findExecutor(aclOpExecutor *executor) {
    std::lock_guard<std::mutex> lock(g_execMutex);
    auto it = g_executors.find(executor);
    return it == g_executors.end() ? nullptr : it->second;
}

void destroyExecutor(aclOpExecutor *executor) {
    std::shared_ptr<aclOpExecutor> owned;  // freed after the lock; a run in progress keeps its own reference
    std::lock_guard<std::mutex> lock(g_execMutex);
    auto it = g_executors.find(executor);
    if (it == g_executors.end()) return;
    owned = std::move(it->second);
    g_executors.erase(it);
}

void destroyAllExecutors() {
    std::unordered_map<aclOpExecutor *, std::shared_ptr<aclOpExecutor>> all;
    std::lock_guard<std::mutex> lock(g_execMutex);
    all.swap(g_executors);
}

std::string tensorLabel(const aclOpExecutor &executor, bool output, size_t index) {
    const auto &names = output ? executor.outputNames : executor.inputNames;
    const char *role = output ? "output" : "input";
    if (index < names.size() && !names[index].empty()) {
        return strformat("%s %zu (%s)", role, index, names[index].c_str());
    }
    return strformat("%s %zu", role, index);
}

BufferRef RunContext::resolveTensor(const aclTensor &t, const char *role, size_t index) const {
    size_t elem = dtypeSize(t.dtype);
    if (t.numel() == 0) return BufferRef{};
    if (!t.data) {
        fail(ACLNN_ERR_PARAM_NULLPTR, strformat("%s: %s tensor %zu has no device address (tensorData is null)",
                                                executor_.op.c_str(), role, index));
    }
    // Furthest element the view reaches, so that a view running past its allocation is caught here.
    int64_t last = t.offset;
    for (size_t d = 0; d < t.viewDims.size(); ++d) last += (t.viewDims[d] - 1) * t.strides[d];
    // The tensor as messages name it; built only when a check fails (this runs on every call).
    auto what = [&]() -> std::string {
        const std::vector<std::string> &names = role[0] == 'o' ? executor_.outputNames : executor_.inputNames;
        const bool named = index < names.size() && !names[index].empty();
        return strformat("%s: %s tensor %zu%s%s (shape %s, offset %lld)", executor_.op.c_str(), role, index,
                         named ? " " : "", named ? names[index].c_str() : "", t.shapeString().c_str(),
                         static_cast<long long>(t.offset));
    };
    size_t needed = 0;  // bytes from the data pointer to the end of the furthest element
    if (last < 0 || __builtin_mul_overflow(static_cast<size_t>(last) + 1, elem, &needed)) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: its view spans more bytes than memory can hold", what().c_str()));
    }
    DeviceAddress a = resolveDevicePointer(t.data, needed, what);
    if (a.device != &stream_.device()) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s lives on device %d but the stream is on device %d", what().c_str(),
                                                a.device->index, stream_.device().index));
    }
    if (a.offset % elem != 0) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: its data pointer is not aligned to its %zu-byte elements",
                                                what().c_str(), elem));
    }
    return BufferRef{a.mem, static_cast<cl_ulong>(a.offset / elem + static_cast<size_t>(t.offset))};
}

BufferRef RunContext::input(size_t index) const { return resolveTensor(executor_.inputs.at(index), "input", index); }

BufferRef RunContext::output(size_t index) const {
    return resolveTensor(executor_.outputs.at(index), "output", index);
}

BufferRef RunContext::workspace(uint64_t byteOffset, aclDataType dtype) const {
    size_t elem = dtypeSize(dtype);
    DeviceAddress a = resolveDevicePointer(static_cast<char *>(workspace_) + byteOffset, elem,
                                           [&] { return executor_.op + ": workspace"; });
    // runExecutor checked both before the first step; kept as a last line of defence.
    if (a.device != &stream_.device()) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: the workspace is memory of %s, not of the stream's %s",
                                                executor_.op.c_str(), a.device->describe().c_str(),
                                                stream_.device().describe().c_str()));
    }
    if (a.offset % elem != 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: the workspace pointer is not aligned to %zu bytes", executor_.op.c_str(), elem));
    }
    return BufferRef{a.mem, static_cast<cl_ulong>(a.offset / elem)};
}

namespace {

// A marker on the queue whose completion time the device reports (queues have profiling enabled).
ClEventPtr enqueueMarker(cl_command_queue queue) {
    cl_event e = nullptr;
    clCheck(clEnqueueMarkerWithWaitList(queue, 0, nullptr, &e), "clEnqueueMarkerWithWaitList (step timing)",
            ACLNN_ERR_RUNTIME_ERROR);
    return ClEventPtr(e);
}

double markerEndMs(cl_event e) {
    cl_ulong t = 0;
    clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof t, &t, nullptr);
    return static_cast<double>(t) * 1e-6;
}

// The second phase with logging on or step times wanted (meta/step_times.h): with info logging one line for
// the call; at debug, or for the step times, each step's time. Where the device reports event timestamps,
// that is the device time between markers before and after the step; elsewhere (rusticl) the host time from
// enqueue to finish. Either way the queue is finished after each step, so then the steps of a stream run one
// at a time.
void runLogged(aclOpExecutor &executor, RunContext &ctx, const char *api) {
    const bool logDebug = logEnabled(LogLevel::Debug), record = stepTimesWanted();
    const bool timed = logDebug || record;
    const bool deviceClock = timed && hasEventTimestamps(ctx.device());
    if (logEnabled(LogLevel::Info)) {
        logLine(LogLevel::Info, strformat("%s: %zu step(s) on %s, workspace %llu bytes", api, executor.steps.size(),
                                          ctx.device().describe().c_str(),
                                          static_cast<unsigned long long>(executor.workspaceSize)));
    }
    if (timed) clFinish(ctx.queue());
    for (size_t i = 0; i < executor.steps.size(); ++i) {
        const auto start = std::chrono::steady_clock::now();
        ClEventPtr before = deviceClock ? enqueueMarker(ctx.queue()) : ClEventPtr();
        executor.steps[i](ctx);
        if (!timed) continue;
        ClEventPtr after = deviceClock ? enqueueMarker(ctx.queue()) : ClEventPtr();
        clFinish(ctx.queue());
        const double ms = deviceClock ? markerEndMs(after.get()) - markerEndMs(before.get())
                                      : std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                                                  start)
                                            .count();
        const std::string name = i < executor.stepNames.size() ? executor.stepNames[i] : std::string("?");
        if (record) recordStepTime(api, name, ms);
        if (!logDebug) continue;
        logLine(LogLevel::Debug, strformat("%s: step %zu (%s) took %.3f ms (%s)", api, i, name.c_str(), ms,
                                           deviceClock ? "device time" : "host time, enqueue to finish"));
    }
}

}  // namespace

int32_t runExecutor(const char *api, void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                    void *stream) {
    return guard(ACLNN_ERR_INNER, ACLNN_ERR_INNER, [&]() -> int32_t {
        if (!executor) {
            fail(ACLNN_ERR_PARAM_NULLPTR,
                 strformat("%s: Expected a value of type [aclOpExecutor*] for argument [executor] but instead found "
                           "nullptr.",
                           api));
        }
        // Held until the end of the call: a non-repeatable executor is freed when this reference goes.
        std::shared_ptr<aclOpExecutor> held = claimExecutor(executor);
        if (!held) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: executor %p is not live: a non-repeatable executor is destroyed after it runs once",
                           api, static_cast<void *>(executor)));
        }
        std::lock_guard<std::mutex> runLock(held->runMutex);
        if (executor->op != api) {
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: the executor was planned by %sGetWorkspaceSize", api,
                                                    executor->op.c_str()));
        }
        if (workspaceSize > 0 && !workspace) {
            fail(ACLNN_ERR_PARAM_NULLPTR,
                 strformat("%s: Expected a value of type [void*] for argument [workspace] but instead found nullptr.",
                           api));
        }
        if (workspaceSize < executor->workspaceSize) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: workspaceSize %llu is smaller than the %llu bytes GetWorkspaceSize asked for", api,
                           static_cast<unsigned long long>(workspaceSize),
                           static_cast<unsigned long long>(executor->workspaceSize)));
        }
        Stream &s = resolveStream(stream);
        if (executor->device != &s.device()) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: the executor was planned for %s but the stream belongs to %s", api,
                           executor->device->describe().c_str(), s.device().describe().c_str()));
        }
        // Every check that can fail runs here, before the first step is enqueued: a failing call writes
        // nothing. The steps only resolve what was checked and enqueue.
        if (executor->workspaceSize > 0) {
            DeviceAddress ws =
                resolveDevicePointer(workspace, executor->workspaceSize, [&] { return std::string(api) + ": workspace"; });
            if (ws.device != &s.device()) {
                fail(ACLNN_ERR_PARAM_INVALID,
                     strformat("%s: the workspace %p is memory of %s but the operator runs on %s", api, workspace,
                               ws.device->describe().c_str(), s.device().describe().c_str()));
            }
            if (ws.offset % executor->workspaceAlignment != 0) {
                fail(ACLNN_ERR_PARAM_INVALID,
                     strformat("%s: the workspace pointer %p is not aligned to %zu bytes (it is %zu bytes into its "
                               "allocation); pass the pointer aclrtMalloc returned",
                               api, workspace, executor->workspaceAlignment, ws.offset));
            }
        }
        RunContext ctx(*executor, s, workspace);
        for (size_t i = 0; i < executor->inputs.size(); ++i) ctx.input(i);
        for (size_t o = 0; o < executor->outputs.size(); ++o) ctx.output(o);
        checkNoAliasing(*executor);
        // Armed once the steps have enqueued (also when one fails part-way: what it enqueued runs).
        struct ArmFaults {
            RunContext &ctx;
            ~ArmFaults() {
                if (ctx.usesFaults()) ctx.stream().armFaults();
            }
        } arm{ctx};
        if (!logEnabled(LogLevel::Info) && !stepTimesWanted()) {
            for (auto &step : executor->steps) step(ctx);
        } else {
            runLogged(*executor, ctx, api);
        }
        return ACLNN_SUCCESS;
    });
}

}  // namespace aclcl
