#include "runtime/stream.h"

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <unordered_map>

#include "acl/acl_base.h"
#include "aclnn/opdev/op_errno.h"

namespace aclcl {

namespace {

// Never destroyed (see memory.cpp): no OpenCL object is released after main returns.
std::mutex &g_registryMutex = *new std::mutex;
auto &g_streams = *new std::unordered_map<Stream *, std::unique_ptr<Stream>>;
auto &g_events = *new std::unordered_map<Event *, std::unique_ptr<Event>>;
auto &g_contexts = *new std::unordered_map<Context *, std::unique_ptr<Context>>;
auto &g_defaultContexts = *new std::map<int, Context *>;
thread_local Context *t_current = nullptr;

struct FaultSource {
    std::string op;
    FaultDescriber describe;
};
std::mutex g_faultSourceMutex;
std::vector<FaultSource> g_faultSources = {{"(none)", nullptr}};

// "<operator>: <what happened>" for a record read back from a device.
std::string faultMessage(const FaultRecord &rec) {
    FaultSource source{"an operator", nullptr};
    {
        std::lock_guard<std::mutex> lock(g_faultSourceMutex);
        const cl_uint index = faultSourceOf(rec.source);
        if (index < g_faultSources.size()) source = g_faultSources[index];
    }
    if (source.describe) return source.op + ": " + source.describe(rec);
    return strformat("%s: value %lld at flat position %lld is outside [0, %lld)", source.op.c_str(),
                     static_cast<long long>(rec.value), static_cast<long long>(rec.position),
                     static_cast<long long>(rec.limit));
}

// Waits until everything enqueued on `queue` has completed: a marker completes after every command
// before it (see waitAndRelease for why not clFinish).
void finishQueue(cl_command_queue queue) {
    cl_event marker = nullptr;
    clCheck(clEnqueueMarkerWithWaitList(queue, 0, nullptr, &marker), "clEnqueueMarkerWithWaitList",
            ACL_ERROR_RT_INTERNAL_ERROR);
    waitAndRelease(marker, "clWaitForEvents (stream marker)", ACL_ERROR_RT_INTERNAL_ERROR);
}

// Blocking transfers of the fault record. The read also waits for everything enqueued before it: a
// marker and the read are enqueued together and then waited for in turn (the queue is in order), one
// trip through the queue where a marker, its wait and then the read took two. Waiting for the read
// alone would do on PoCL, but on Intel's CPU runtime a read queued behind a running kernel added about
// 20 us per call; behind the marker it costs nothing extra on either (bench, sweep 1x cases).
void writeRecord(cl_command_queue queue, cl_mem record, const FaultRecord &value) {
    cl_event done = nullptr;
    clCheck(clEnqueueWriteBuffer(queue, record, CL_FALSE, 0, sizeof value, &value, 0, nullptr, &done),
            "clEnqueueWriteBuffer (fault record)", ACL_ERROR_RT_INTERNAL_ERROR);
    waitAndRelease(done, "clWaitForEvents (fault record)", ACL_ERROR_RT_INTERNAL_ERROR);
}

FaultRecord readRecord(cl_command_queue queue, cl_mem record) {
    FaultRecord value{};
    cl_event marker = nullptr, done = nullptr;
    clCheck(clEnqueueMarkerWithWaitList(queue, 0, nullptr, &marker), "clEnqueueMarkerWithWaitList",
            ACL_ERROR_RT_INTERNAL_ERROR);
    ClEventPtr holdMarker(marker);
    clCheck(clEnqueueReadBuffer(queue, record, CL_FALSE, 0, sizeof value, &value, 0, nullptr, &done),
            "clEnqueueReadBuffer (fault record)", ACL_ERROR_RT_INTERNAL_ERROR);
    ClEventPtr holdDone(done);
    clCheck(clWaitForEvents(1, &marker), "clWaitForEvents (stream marker)", ACL_ERROR_RT_INTERNAL_ERROR);
    clCheck(clWaitForEvents(1, &done), "clWaitForEvents (fault record)", ACL_ERROR_RT_INTERNAL_ERROR);
    return value;
}

}  // namespace

cl_uint registerFaultSource(const std::string &opName, FaultDescriber describe) {
    std::lock_guard<std::mutex> lock(g_faultSourceMutex);
    for (size_t i = 0; i < g_faultSources.size(); ++i) {
        if (g_faultSources[i].op == opName) return static_cast<cl_uint>(i);
    }
    if (g_faultSources.size() > kFaultSourceMask) {
        fail(ACLNN_ERR_INNER, strformat("no fault source left for %s (%u in use)", opName.c_str(), kFaultSourceMask));
    }
    g_faultSources.push_back(FaultSource{opName, describe});
    return static_cast<cl_uint>(g_faultSources.size() - 1);
}

cl_uint Stream::nextFaultSequence() {
    constexpr cl_uint kSequences = cl_uint{1} << (32 - kFaultSourceBits);
    return faultSequence_.fetch_add(1) % (kSequences - 1) + 1;
}

Stream::Stream(Device &device) : device_(device) {
    cl_int err = CL_SUCCESS;
    queue_.reset(clCreateCommandQueue(device.context.get(), device.id, CL_QUEUE_PROFILING_ENABLE, &err));
    clCheck(err, "clCreateCommandQueue", ACL_ERROR_RT_INTERNAL_ERROR);
    // Zeroed at creation from host memory: no queue command, so operators that take the record
    // (MaxUnpool2dBackward) only enqueue, and cannot fail half-way through their steps.
    FaultRecord clean{};
    faults_.reset(clCreateBuffer(device.context.get(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof clean, &clean,
                                 &err));
    clCheck(err, "clCreateBuffer (fault record)", ACL_ERROR_RT_MEMORY_ALLOCATION);
}

Stream::~Stream() {
    if (!queue_) return;
    try {
        finishQueue(queue_.get());
    } catch (const Error &) {
        clFinish(queue_.get());  // a destructor cannot report; the queue's release waits as well
    }
}

void Stream::finish() { finishQueue(queue_.get()); }

bool Stream::collectFaultLocked() {
    if (!faultsArmed_.exchange(false)) return false;
    const FaultRecord rec = readRecord(queue_.get(), faults_.get());
    if (rec.flag == 0) return true;
    try {
        writeRecord(queue_.get(), faults_.get(), FaultRecord{});
    } catch (const Error &) {
        faultsArmed_ = true;  // read it again next time rather than lose track of it
    }
    if (!hasPending_) {  // the first fault wins, as in the device record
        hasPending_ = true;
        pending_ = PendingFault{rec, false};
    }
    return true;
}

void Stream::throwFault(const FaultRecord &rec) { fail(ACL_ERROR_RT_AICORE_EXCEPTION, faultMessage(rec)); }

void Stream::synchronize() {
    // Armed, reading the record is the wait (readRecord): one trip through the queue instead of a
    // marker and then the read (each about 30-40 us on PoCL: a third of a small MaxUnpool2dBackward
    // call's host wall time).
    std::unique_lock<std::mutex> lock(faultMutex_);
    if (!collectFaultLocked()) {
        lock.unlock();
        finishQueue(queue_.get());
        lock.lock();
    }
    if (!hasPending_) return;
    hasPending_ = false;
    throwFault(pending_.record);
}

void Stream::checkFaultsForDevice() {
    std::lock_guard<std::mutex> lock(faultMutex_);
    collectFaultLocked();
    if (!hasPending_ || pending_.reportedToDevice) return;
    pending_.reportedToDevice = true;
    throwFault(pending_.record);
}

// A completion time read on the host, filled in by the driver's completion callback.
struct Event::HostStamp {
    std::mutex mutex;
    std::condition_variable done;
    bool set = false;
    std::chrono::steady_clock::time_point time;

    static void CL_CALLBACK onComplete(cl_event, cl_int, void *user) {
        std::unique_ptr<std::shared_ptr<HostStamp>> owner(static_cast<std::shared_ptr<HostStamp> *>(user));
        HostStamp &stamp = **owner;
        std::lock_guard<std::mutex> lock(stamp.mutex);
        stamp.time = std::chrono::steady_clock::now();
        stamp.set = true;
        stamp.done.notify_all();
    }

    std::chrono::steady_clock::time_point wait() {
        std::unique_lock<std::mutex> lock(mutex);
        // The callback follows completion closely; the limit only turns a driver that never calls
        // it into an error instead of a hang.
        if (!done.wait_for(lock, std::chrono::seconds(60), [this] { return set; })) {
            fail(ACL_ERROR_RT_INTERNAL_ERROR,
                 "aclrtEventElapsedTime: the driver never reported the event's completion");
        }
        return time;
    }
};

bool hasEventTimestamps(Device &device) {
    std::call_once(device.timestampProbe, [&device] {
        // Two markers around a 1 MiB fill: their end times must differ on any device with real timestamps.
        try {
            cl_int err = CL_SUCCESS;
            ClQueuePtr queue(clCreateCommandQueue(device.context.get(), device.id, CL_QUEUE_PROFILING_ENABLE, &err));
            clCheck(err, "clCreateCommandQueue (timestamp probe)", ACL_ERROR_RT_INTERNAL_ERROR);
            const size_t bytes = size_t(1) << 20;
            ClMemPtr buffer(clCreateBuffer(device.context.get(), CL_MEM_READ_WRITE, bytes, nullptr, &err));
            clCheck(err, "clCreateBuffer (timestamp probe)", ACL_ERROR_RT_MEMORY_ALLOCATION);
            cl_event before = nullptr, after = nullptr;
            const cl_uchar zero = 0;
            clCheck(clEnqueueMarkerWithWaitList(queue.get(), 0, nullptr, &before), "clEnqueueMarkerWithWaitList",
                    ACL_ERROR_RT_INTERNAL_ERROR);
            ClEventPtr holdBefore(before);
            clCheck(clEnqueueFillBuffer(queue.get(), buffer.get(), &zero, 1, 0, bytes, 0, nullptr, nullptr),
                    "clEnqueueFillBuffer (timestamp probe)", ACL_ERROR_RT_INTERNAL_ERROR);
            clCheck(clEnqueueMarkerWithWaitList(queue.get(), 0, nullptr, &after), "clEnqueueMarkerWithWaitList",
                    ACL_ERROR_RT_INTERNAL_ERROR);
            ClEventPtr holdAfter(after);
            clCheck(clWaitForEvents(1, &after), "clWaitForEvents (timestamp probe)", ACL_ERROR_RT_INTERNAL_ERROR);
            cl_ulong t0 = 0, t1 = 0;
            clGetEventProfilingInfo(before, CL_PROFILING_COMMAND_END, sizeof t0, &t0, nullptr);
            clGetEventProfilingInfo(after, CL_PROFILING_COMMAND_END, sizeof t1, &t1, nullptr);
            device.eventTimestamps = t1 > t0;
        } catch (const Error &) {
            device.eventTimestamps = false;  // host times work everywhere
        }
    });
    return device.eventTimestamps;
}

void Event::record(Stream &stream) {
    cl_event ev = nullptr;
    clCheck(clEnqueueMarkerWithWaitList(stream.queue(), 0, nullptr, &ev), "clEnqueueMarkerWithWaitList",
            ACL_ERROR_RT_INTERNAL_ERROR);
    ClEventPtr marker(ev);
    std::shared_ptr<HostStamp> stamp;
    if (!hasEventTimestamps(stream.device())) {
        stamp = std::make_shared<HostStamp>();
        auto *owner = new std::shared_ptr<HostStamp>(stamp);  // the callback releases it
        cl_int err = clSetEventCallback(ev, CL_COMPLETE, &HostStamp::onComplete, owner);
        if (err != CL_SUCCESS) {
            delete owner;
            clCheck(err, "clSetEventCallback", ACL_ERROR_RT_INTERNAL_ERROR);
        }
    }
    // Another queue may wait on this marker: OpenCL only guarantees progress for submitted commands.
    clCheck(clFlush(stream.queue()), "clFlush", ACL_ERROR_RT_INTERNAL_ERROR);
    ClEventPtr previous;  // released after the lock: a waiter holding its own reference keeps it alive
    std::lock_guard<std::mutex> lock(mutex_);
    previous = std::move(marker_);
    marker_ = std::move(marker);
    device_ = &stream.device();
    stamp_ = std::move(stamp);
}

void Event::reset() {
    std::lock_guard<std::mutex> lock(mutex_);
    marker_.reset();
    device_ = nullptr;
    stamp_.reset();
}

Event::Recording Event::snapshot() const {
    std::lock_guard<std::mutex> lock(mutex_);
    Recording r;
    if (marker_) {
        clRetainEvent(marker_.get());
        r.marker.reset(marker_.get());
    }
    r.device = device_;
    r.stamp = stamp_;
    return r;
}

double Event::elapsedMs(const Recording &start, const Recording &end) {
    cl_event evs[2] = {start.marker.get(), end.marker.get()};
    clCheck(clWaitForEvents(2, evs), "clWaitForEvents", ACL_ERROR_RT_INTERNAL_ERROR);
    if (start.stamp && end.stamp) {
        auto t0 = start.stamp->wait(), t1 = end.stamp->wait();
        return std::chrono::duration<double, std::milli>(t1 - t0).count();
    }
    cl_ulong t0 = 0, t1 = 0;
    clCheck(clGetEventProfilingInfo(evs[0], CL_PROFILING_COMMAND_END, sizeof t0, &t0, nullptr),
            "clGetEventProfilingInfo", ACL_ERROR_RT_INTERNAL_ERROR);
    clCheck(clGetEventProfilingInfo(evs[1], CL_PROFILING_COMMAND_END, sizeof t1, &t1, nullptr),
            "clGetEventProfilingInfo", ACL_ERROR_RT_INTERNAL_ERROR);
    return (static_cast<double>(t1) - static_cast<double>(t0)) * 1e-6;
}

Stream *createStream(Device &device) {
    auto s = std::make_unique<Stream>(device);
    Stream *raw = s.get();
    std::lock_guard<std::mutex> lock(g_registryMutex);
    g_streams.emplace(raw, std::move(s));
    return raw;
}

void destroyStream(Stream *stream) {
    std::unique_ptr<Stream> owned;
    {
        std::lock_guard<std::mutex> lock(g_registryMutex);
        auto it = g_streams.find(stream);
        if (it == g_streams.end()) fail(ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream: not a live stream");
        if (it->first == it->first->device().defaultStream) {
            fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream: the default stream cannot be destroyed");
        }
        owned = std::move(it->second);
        g_streams.erase(it);
    }
}

Stream &checkStream(void *handle) {
    std::lock_guard<std::mutex> lock(g_registryMutex);
    auto it = g_streams.find(static_cast<Stream *>(handle));
    if (it == g_streams.end()) {
        fail(ACL_ERROR_RT_INVALID_HANDLE, strformat("stream %p is not a live stream (destroyed or never created)",
                                                    handle));
    }
    return *it->second;
}

Stream &defaultStream(Device &device) {
    std::lock_guard<std::mutex> lock(g_registryMutex);
    if (!device.defaultStream) {
        auto s = std::make_unique<Stream>(device);
        device.defaultStream = s.get();
        g_streams.emplace(s.get(), std::move(s));
    }
    return *device.defaultStream;
}

void synchronizeStreamsOf(Device &device) {
    // Other threads may destroy their streams while this one waits: hold a reference on each queue,
    // and check faults only on streams that are still live (found by tests/test_stress.cpp).
    std::vector<Stream *> mine;
    std::vector<ClQueuePtr> queues;
    {
        std::lock_guard<std::mutex> lock(g_registryMutex);
        for (auto &kv : g_streams) {
            if (&kv.first->device() != &device) continue;
            mine.push_back(kv.first);
            clRetainCommandQueue(kv.first->queue());
            queues.emplace_back(kv.first->queue());
        }
    }
    for (auto &q : queues) finishQueue(q.get());
    std::lock_guard<std::mutex> lock(g_registryMutex);
    for (Stream *s : mine) {
        if (g_streams.count(s)) s->checkFaultsForDevice();
    }
}

Event *createEvent() {
    auto e = std::make_unique<Event>();
    Event *raw = e.get();
    std::lock_guard<std::mutex> lock(g_registryMutex);
    g_events.emplace(raw, std::move(e));
    return raw;
}

void destroyEvent(Event *event) {
    std::lock_guard<std::mutex> lock(g_registryMutex);
    if (g_events.erase(event) == 0) fail(ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyEvent: not a live event");
}

Event &checkEvent(void *handle) {
    std::lock_guard<std::mutex> lock(g_registryMutex);
    auto it = g_events.find(static_cast<Event *>(handle));
    if (it == g_events.end()) {
        fail(ACL_ERROR_RT_INVALID_HANDLE, strformat("event %p is not a live event", handle));
    }
    return *it->second;
}

Context *createContext(Device &device, bool isDefault) {
    auto c = std::make_unique<Context>();
    c->device = &device;
    c->isDefault = isDefault;
    Context *raw = c.get();
    std::lock_guard<std::mutex> lock(g_registryMutex);
    g_contexts.emplace(raw, std::move(c));
    return raw;
}

void destroyContext(Context *context) {
    std::lock_guard<std::mutex> lock(g_registryMutex);
    auto it = g_contexts.find(context);
    if (it == g_contexts.end()) fail(ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyContext: not a live context");
    if (it->second->isDefault) {
        fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyContext: a device's default context is released by "
                                      "aclrtResetDevice, not destroyed");
    }
    if (t_current == context) t_current = nullptr;
    g_contexts.erase(it);
}

Context &checkContext(void *handle) {
    std::lock_guard<std::mutex> lock(g_registryMutex);
    auto it = g_contexts.find(static_cast<Context *>(handle));
    if (it == g_contexts.end()) fail(ACL_ERROR_RT_INVALID_HANDLE, strformat("context %p is not live", handle));
    return *it->second;
}

Context &defaultContext(Device &device) {
    {
        std::lock_guard<std::mutex> lock(g_registryMutex);
        auto it = g_defaultContexts.find(device.index);
        if (it != g_defaultContexts.end()) return *it->second;
    }
    Context *c = createContext(device, true);
    std::lock_guard<std::mutex> lock(g_registryMutex);
    auto inserted = g_defaultContexts.emplace(device.index, c);
    if (!inserted.second) {  // another thread won the race
        g_contexts.erase(c);
        return *inserted.first->second;
    }
    return *c;
}

Context *currentContext() {
    if (!t_current) return nullptr;
    std::lock_guard<std::mutex> lock(g_registryMutex);
    return g_contexts.count(t_current) ? t_current : nullptr;
}

void setCurrentContext(Context *context) { t_current = context; }

Device &currentDevice() {
    Context *c = currentContext();
    if (c) return *c->device;
    Device &d = deviceAt(0);
    setCurrentContext(&defaultContext(d));
    return d;
}

Stream &resolveStream(void *handle) {
    if (handle == nullptr) return defaultStream(currentDevice());
    return checkStream(handle);
}

void releaseAllRuntimeObjects() {
    std::unordered_map<Stream *, std::unique_ptr<Stream>> streams;
    std::unordered_map<Event *, std::unique_ptr<Event>> events;
    std::unordered_map<Context *, std::unique_ptr<Context>> contexts;
    {
        std::lock_guard<std::mutex> lock(g_registryMutex);
        streams.swap(g_streams);
        events.swap(g_events);
        contexts.swap(g_contexts);
        g_defaultContexts.clear();
        for (Device *d : devices()) d->defaultStream = nullptr;
    }
    t_current = nullptr;
}

}  // namespace aclcl
