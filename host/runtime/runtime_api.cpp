// The C entry points of the acl runtime. Each one is a thin translation onto runtime/ objects;
// guard() turns every failure into a status code and a message for aclGetRecentErrMsg.
#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "common/acl_call.h"
#include "runtime/bulk_memory.h"
#include "runtime/memory.h"
#include "runtime/stream.h"

using namespace aclcl;

namespace {

std::mutex g_initMutex;
bool g_initialized = false;

// The runtime's finalisation hooks (program caches etc. register themselves here, from any thread).
std::mutex g_hookMutex;
std::vector<void (*)()> &finalizeHooks() {
    static auto *hooks = new std::vector<void (*)()>;  // never destroyed, like every registry here
    return *hooks;
}

std::vector<void (*)()> finalizeHooksCopy() {
    std::lock_guard<std::mutex> lock(g_hookMutex);
    return finalizeHooks();
}

// Runs every cleanup even when some fail; rethrows the first failure afterwards.
class FirstError {
public:
    template <class F>
    void attempt(F &&f) {
        try {
            f();
        } catch (const Error &e) {
            if (!error_) error_ = std::make_unique<Error>(e);
        }
    }
    void rethrow() {
        if (error_) throw Error(*error_);
    }

private:
    std::unique_ptr<Error> error_;
};

// The stream an operation on memory of `device` runs on: the user's, which must be on that device,
// or the device's default stream.
Stream &streamFor(const char *api, Stream *stream, const Device &device, const void *ptr, const char *what) {
    if (!stream) return defaultStream(const_cast<Device &>(device));
    if (&stream->device() != &device) {
        fail(ACL_ERROR_INVALID_PARAM,
             strformat("%s: %s %p is memory of device %d %s but the stream belongs to device %d %s; use a stream of "
                       "device %d",
                       api, what, ptr, device.index, device.name.c_str(), stream->device().index,
                       stream->device().name.c_str(), device.index));
    }
    return *stream;
}

void copyDeviceToDevice(const char *api, Stream *stream, void *dstPtr, const DeviceAddress &dst,
                        const void *srcPtr, const DeviceAddress &src, size_t count) {
    bool blocking = stream == nullptr;
    if (dst.device == src.device) {
        Stream &s = streamFor(api, stream, *dst.device, dstPtr, "dst");
        if (dst.mem == src.mem && dst.offset < src.offset + count && src.offset < dst.offset + count) {
            // OpenCL refuses overlapping copies (CL_MEM_COPY_OVERLAP); say so instead of a bare CL error.
            fail(ACL_ERROR_INVALID_PARAM,
                 strformat("%s: the %zu-byte source and destination ranges overlap (offsets %zu and %zu "
                           "in one allocation)",
                           api, count, src.offset, dst.offset));
        }
        cl_event ev = nullptr;
        enqueueDeviceCopy(s, src, dst, count, blocking ? &ev : nullptr);
        if (blocking) waitAndRelease(ev, "clWaitForEvents (copy)", ACL_ERROR_RT_INTERNAL_ERROR);
        return;
    }
    // Different devices (two OpenCL contexts): staged through the host. An asynchronous copy is ordered
    // on the user's stream, which must belong to one of the two devices: the stream's earlier work is
    // waited for, the copy runs on the stream's queue for its side and on the other device's default
    // stream for the other side, and the call returns when the copy is done, so later commands on the
    // stream cannot overtake it.
    if (stream && &stream->device() != dst.device && &stream->device() != src.device) {
        fail(ACL_ERROR_INVALID_PARAM,
             strformat("%s: src %p is memory of device %d and dst %p of device %d, but the stream belongs to device "
                       "%d; use a stream of either device",
                       api, srcPtr, src.device->index, dstPtr, dst.device->index, stream->device().index));
    }
    if (stream) stream->finish();
    Stream &readOn = stream && &stream->device() == src.device ? *stream : defaultStream(*src.device);
    Stream &writeOn = stream && &stream->device() == dst.device ? *stream : defaultStream(*dst.device);
    std::vector<unsigned char> staging(count);
    cl_event ev = nullptr;
    clCheck(clEnqueueReadBuffer(readOn.queue(), src.mem, CL_FALSE, src.offset, count, staging.data(), 0, nullptr,
                                &ev),
            "clEnqueueReadBuffer", ACL_ERROR_RT_INTERNAL_ERROR);
    waitAndRelease(ev, "clWaitForEvents (read)", ACL_ERROR_RT_INTERNAL_ERROR);
    clCheck(clEnqueueWriteBuffer(writeOn.queue(), dst.mem, CL_FALSE, dst.offset, count, staging.data(), 0, nullptr,
                                 &ev),
            "clEnqueueWriteBuffer", ACL_ERROR_RT_INTERNAL_ERROR);
    waitAndRelease(ev, "clWaitForEvents (write)", ACL_ERROR_RT_INTERNAL_ERROR);
}

void memcpyImpl(const char *api, void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind,
                Stream *stream) {
    if (count == 0) return;
    requireNonNull(dst, api, "dst");
    requireNonNull(src, api, "src");
    if (count > destMax) {
        fail(ACL_ERROR_INVALID_PARAM, strformat("%s: count %zu is larger than destMax %zu", api, count, destMax));
    }
    bool dstDev = isDevicePointer(dst), srcDev = isDevicePointer(src);
    if (kind == ACL_MEMCPY_DEFAULT) {
        kind = dstDev ? (srcDev ? ACL_MEMCPY_DEVICE_TO_DEVICE : ACL_MEMCPY_HOST_TO_DEVICE)
                      : (srcDev ? ACL_MEMCPY_DEVICE_TO_HOST : ACL_MEMCPY_HOST_TO_HOST);
    }
    static const char *kKindNames[] = {"ACL_MEMCPY_HOST_TO_HOST", "ACL_MEMCPY_HOST_TO_DEVICE",
                                       "ACL_MEMCPY_DEVICE_TO_HOST", "ACL_MEMCPY_DEVICE_TO_DEVICE"};
    if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_DEVICE_TO_DEVICE) {
        fail(ACL_ERROR_INVALID_PARAM, strformat("%s: kind %d is not an aclrtMemcpyKind", api, static_cast<int>(kind)));
    }
    bool wantDst = kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    bool wantSrc = kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    if (wantDst != dstDev || wantSrc != srcDev) {
        fail(ACL_ERROR_INVALID_PARAM,
             strformat("%s: kind %s expects dst to be %s memory and src to be %s memory, but dst %p is %s memory "
                       "and src %p is %s memory",
                       api, kKindNames[kind], wantDst ? "device" : "host", wantSrc ? "device" : "host", dst,
                       dstDev ? "device" : "host", src, srcDev ? "device" : "host"));
    }
    bool blocking = stream == nullptr;
    cl_event done = nullptr;  // waited for when blocking (see waitAndRelease)
    switch (kind) {
        case ACL_MEMCPY_HOST_TO_HOST:
            if (stream) stream->finish();
            std::memmove(dst, src, count);
            break;
        case ACL_MEMCPY_HOST_TO_DEVICE: {
            DeviceAddress d = resolveDevicePointer(dst, count, api);
            Stream &s = streamFor(api, stream, *d.device, dst, "dst");
            clCheck(clEnqueueWriteBuffer(s.queue(), d.mem, CL_FALSE, d.offset, count, src, 0, nullptr,
                                         blocking ? &done : nullptr),
                    "clEnqueueWriteBuffer", ACL_ERROR_RT_INTERNAL_ERROR);
            if (blocking) waitAndRelease(done, "clWaitForEvents (write)", ACL_ERROR_RT_INTERNAL_ERROR);
            break;
        }
        case ACL_MEMCPY_DEVICE_TO_HOST: {
            DeviceAddress s0 = resolveDevicePointer(src, count, api);
            Stream &s = streamFor(api, stream, *s0.device, src, "src");
            clCheck(clEnqueueReadBuffer(s.queue(), s0.mem, CL_FALSE, s0.offset, count, dst, 0, nullptr,
                                        blocking ? &done : nullptr),
                    "clEnqueueReadBuffer", ACL_ERROR_RT_INTERNAL_ERROR);
            if (blocking) waitAndRelease(done, "clWaitForEvents (read)", ACL_ERROR_RT_INTERNAL_ERROR);
            break;
        }
        default: {
            DeviceAddress d = resolveDevicePointer(dst, count, api);
            DeviceAddress s0 = resolveDevicePointer(src, count, api);
            copyDeviceToDevice(api, stream, dst, d, src, s0, count);
            break;
        }
    }
}

void memsetImpl(const char *api, void *devPtr, size_t maxCount, int32_t value, size_t count, Stream *stream) {
    if (count == 0) return;
    requireNonNull(devPtr, api, "devPtr");
    if (count > maxCount) {
        fail(ACL_ERROR_INVALID_PARAM, strformat("%s: count %zu is larger than maxCount %zu", api, count, maxCount));
    }
    DeviceAddress d = resolveDevicePointer(devPtr, count, api);
    Stream &s = streamFor(api, stream, *d.device, devPtr, "devPtr");
    cl_event ev = nullptr;
    enqueueDeviceFill(s, d, static_cast<uint8_t>(value & 0xff), count, stream ? nullptr : &ev);
    if (!stream) waitAndRelease(ev, "clWaitForEvents (fill)", ACL_ERROR_RT_INTERNAL_ERROR);
}

aclError mallocImpl(const char *api, void **devPtr, size_t size) {
    return run([&] {
        requireNonNull(devPtr, api, "devPtr");
        *devPtr = deviceMalloc(currentDevice(), size);
    });
}

// aclrt[Ctx]SetSysParamOpt. CANN checks the option at its acl layer (100000; ACL_OPT_ENABLE_KERNEL_EARLY_START
// is a process option only) and the value in its runtime (107000): ACL_OPT_DETERMINISTIC takes 0..3, the
// others 0 or 1. A context's values have no default (getting one never set is 107021); the process's start at
// 0, and setting a context's value sets the process's too, as CANN's runtime does (its operators read the
// process value). Nothing here depends on them: every operator is always deterministic.
constexpr int kProcessSysParams = 4;
std::atomic<int64_t> g_processSysParams[kProcessSysParams] = {{0}, {0}, {0}, {0}};

int sysParamIndex(aclSysParamOpt opt, bool context, const char *call) {
    const int last = context ? ACL_OPT_STRONG_CONSISTENCY : ACL_OPT_ENABLE_KERNEL_EARLY_START;
    if (static_cast<int>(opt) < 0 || static_cast<int>(opt) > last) {
        fail(ACL_ERROR_INVALID_PARAM,
             strformat("%s: Expected opt to be ACL_OPT_DETERMINISTIC (0), ACL_OPT_ENABLE_DEBUG_KERNEL (1)%s "
                       "ACL_OPT_STRONG_CONSISTENCY (2)%s, but found %d.",
                       call, context ? " or" : ",", context ? "" : " or ACL_OPT_ENABLE_KERNEL_EARLY_START (3)",
                       static_cast<int>(opt)));
    }
    return static_cast<int>(opt);
}

void checkSysParamValue(aclSysParamOpt opt, int64_t value, const char *call) {
    const int64_t limit = opt == ACL_OPT_DETERMINISTIC ? 4 : 2;
    if (value < 0 || value >= limit) {
        fail(ACL_ERROR_RT_PARAM_INVALID,
             strformat("%s: Expected value for opt %d to be in [0, %lld), but found %lld.", call, static_cast<int>(opt),
                       static_cast<long long>(limit), static_cast<long long>(value)));
    }
}

Context &currentContextFor(const char *call) {
    Context *c = currentContext();
    if (!c) {
        fail(ACL_ERROR_RT_CONTEXT_NULL,
             strformat("%s: this thread has no current context (call aclrtSetDevice or aclrtSetCurrentContext first)",
                       call));
    }
    return *c;
}

}  // namespace

namespace aclcl {
void registerFinalizeHook(void (*hook)()) {
    std::lock_guard<std::mutex> lock(g_hookMutex);
    finalizeHooks().push_back(hook);
}
}  // namespace aclcl

extern "C" {

aclError aclInit(const char *configPath) {
    (void)configPath;  // CANN's JSON config (dump/profiling settings) has no meaning here.
    return run([&] {
        std::lock_guard<std::mutex> lock(g_initMutex);
        if (g_initialized) fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit: already initialized");
        devices();
        g_initialized = true;
    });
}

aclError aclFinalize(void) {
    return run([&] {
        std::lock_guard<std::mutex> lock(g_initMutex);
        if (!g_initialized) fail(ACL_ERROR_REPEAT_FINALIZE, "aclFinalize: not initialized, or already finalized");
        // Everything is released whatever happens on the way; the first failure (an unreported device
        // fault: 507015) is returned afterwards, with the process finalized either way.
        FirstError first;
        for (Device *d : devices()) first.attempt([d] { synchronizeStreamsOf(*d); });
        for (auto hook : finalizeHooksCopy()) first.attempt(hook);
        first.attempt(releaseAllRuntimeObjects);
        first.attempt(releaseAllMemory);
        g_initialized = false;
        first.rethrow();
    });
}

const char *aclGetRecentErrMsg(void) { return lastError(); }

aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion) {
    return run([&] {
        requireNonNull(majorVersion, "aclrtGetVersion", "majorVersion");
        requireNonNull(minorVersion, "aclrtGetVersion", "minorVersion");
        requireNonNull(patchVersion, "aclrtGetVersion", "patchVersion");
        *majorVersion = ACL_MAJOR_VERSION;
        *minorVersion = ACL_MINOR_VERSION;
        *patchVersion = ACL_PATCH_VERSION;
    });
}

aclError aclrtSetDevice(int32_t deviceId) {
    return run([&] { setCurrentContext(&defaultContext(deviceAt(deviceId))); });
}

aclError aclrtResetDevice(int32_t deviceId) {
    return run([&] {
        Device &d = deviceAt(deviceId);
        // The device is unbound even when waiting reports a fault (507015, returned afterwards).
        FirstError first;
        first.attempt([&d] { synchronizeStreamsOf(d); });
        Context *c = currentContext();
        if (c && c->device == &d) setCurrentContext(nullptr);
        first.rethrow();
    });
}

aclError aclrtGetDevice(int32_t *deviceId) {
    return run([&] {
        requireNonNull(deviceId, "aclrtGetDevice", "deviceId");
        Context *c = currentContext();
        if (!c) fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice: no device is set on this thread (aclrtSetDevice)");
        *deviceId = c->device->index;
    });
}

aclError aclrtGetDeviceCount(uint32_t *count) {
    return run([&] {
        requireNonNull(count, "aclrtGetDeviceCount", "count");
        *count = static_cast<uint32_t>(devices().size());
    });
}

aclError aclrtGetRunMode(aclrtRunMode *runMode) {
    return run([&] {
        requireNonNull(runMode, "aclrtGetRunMode", "runMode");
        *runMode = ACL_HOST;
    });
}

aclError aclrtSynchronizeDevice(void) {
    return run([&] { synchronizeStreamsOf(currentDevice()); });
}

const char *aclrtGetSocName(void) {
    thread_local std::string name;
    int status = guard(ACL_ERROR_INTERNAL_ERROR, ACL_ERROR_BAD_ALLOC, [&] {
        name = currentDevice().name;
        return ACL_SUCCESS;
    });
    return status == ACL_SUCCESS ? name.c_str() : nullptr;
}

aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId) {
    return run([&] {
        requireNonNull(context, "aclrtCreateContext", "context");
        Context *c = createContext(deviceAt(deviceId), false);
        setCurrentContext(c);
        *context = c;
    });
}

aclError aclrtDestroyContext(aclrtContext context) {
    return run([&] {
        requireNonNull(context, "aclrtDestroyContext", "context");
        destroyContext(static_cast<Context *>(context));
    });
}

aclError aclrtSetCurrentContext(aclrtContext context) {
    return run([&] {
        requireNonNull(context, "aclrtSetCurrentContext", "context");
        setCurrentContext(&checkContext(context));
    });
}

aclError aclrtGetCurrentContext(aclrtContext *context) {
    return run([&] {
        requireNonNull(context, "aclrtGetCurrentContext", "context");
        Context *c = currentContext();
        if (!c) fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetCurrentContext: this thread has no current context");
        *context = c;
    });
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
    return run([&] {
        const char *call = "aclrtCtxSetSysParamOpt";
        int index = sysParamIndex(opt, true, call);
        checkSysParamValue(opt, value, call);
        currentContextFor(call).sysParams[index] = value;
        g_processSysParams[index] = value;
    });
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t *value) {
    return run([&] {
        const char *call = "aclrtCtxGetSysParamOpt";
        requireNonNull(value, call, "value");
        int index = sysParamIndex(opt, true, call);
        int64_t v = currentContextFor(call).sysParams[index];
        if (v < 0) {
            fail(ACL_ERROR_RT_SYSPARAMOPT_NOT_SET,
                 strformat("%s: opt %d was never set in the current context (as in CANN, a context's options have "
                           "no default; call aclrtCtxSetSysParamOpt first)",
                           call, static_cast<int>(opt)));
        }
        *value = v;
    });
}

aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
    return run([&] {
        const char *call = "aclrtSetSysParamOpt";
        int index = sysParamIndex(opt, false, call);
        checkSysParamValue(opt, value, call);
        g_processSysParams[index] = value;
    });
}

aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t *value) {
    return run([&] {
        const char *call = "aclrtGetSysParamOpt";
        requireNonNull(value, call, "value");
        *value = g_processSysParams[sysParamIndex(opt, false, call)];
    });
}

aclError aclrtCreateStream(aclrtStream *stream) {
    return run([&] {
        requireNonNull(stream, "aclrtCreateStream", "stream");
        *stream = createStream(currentDevice());
    });
}

aclError aclrtDestroyStream(aclrtStream stream) {
    return run([&] {
        requireNonNull(stream, "aclrtDestroyStream", "stream");
        destroyStream(static_cast<Stream *>(stream));
    });
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
    return run([&] { resolveStream(stream).synchronize(); });
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
    return run([&] {
        Stream &s = resolveStream(stream);
        if (timeout < -1) {
            fail(ACL_ERROR_INVALID_PARAM,
                 strformat("aclrtSynchronizeStreamWithTimeout: timeout %d must be -1 (wait forever) or >= 0",
                           timeout));
        }
        if (timeout == -1 || timeout == 0) {  // CANN: 0 and -1 both wait without limit
            s.synchronize();
            return;
        }
        cl_event marker = nullptr;
        clCheck(clEnqueueMarkerWithWaitList(s.queue(), 0, nullptr, &marker), "clEnqueueMarkerWithWaitList",
                ACL_ERROR_RT_INTERNAL_ERROR);
        ClEventPtr hold(marker);
        clFlush(s.queue());
        auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout);
        for (;;) {
            cl_int status = CL_QUEUED;
            clCheck(clGetEventInfo(marker, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
                    "clGetEventInfo", ACL_ERROR_RT_INTERNAL_ERROR);
            if (status < 0) fail(ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStreamWithTimeout: a command failed");
            if (status == CL_COMPLETE) break;
            if (std::chrono::steady_clock::now() >= deadline) {
                fail(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                     strformat("aclrtSynchronizeStreamWithTimeout: the stream did not finish within %d ms", timeout));
            }
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        s.synchronize();
    });
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
    return run([&] {
        requireNonNull(event, "aclrtStreamWaitEvent", "event");
        Stream &s = resolveStream(stream);
        Event::Recording r = checkEvent(event).snapshot();
        if (!r.marker) return;  // never recorded: nothing to wait for
        cl_event marker = r.marker.get();
        if (r.device == &s.device()) {
            clCheck(clEnqueueBarrierWithWaitList(s.queue(), 1, &marker, nullptr), "clEnqueueBarrierWithWaitList",
                    ACL_ERROR_RT_INTERNAL_ERROR);
        } else {  // events of another context cannot be waited on by this queue: wait on the host
            clCheck(clWaitForEvents(1, &marker), "clWaitForEvents", ACL_ERROR_RT_INTERNAL_ERROR);
        }
    });
}

aclError aclrtCreateEvent(aclrtEvent *event) {
    return run([&] {
        requireNonNull(event, "aclrtCreateEvent", "event");
        *event = createEvent();
    });
}

aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag) {
    return run([&] {
        requireNonNull(event, "aclrtCreateEventWithFlag", "event");
        (void)flag;  // CANN's flags choose sync or timing support; every OpenCL marker here does both
        *event = createEvent();
    });
}

aclError aclrtDestroyEvent(aclrtEvent event) {
    return run([&] {
        requireNonNull(event, "aclrtDestroyEvent", "event");
        destroyEvent(static_cast<Event *>(event));
    });
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
    return run([&] {
        requireNonNull(event, "aclrtRecordEvent", "event");
        Event &e = checkEvent(event);
        e.record(resolveStream(stream));
    });
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream) {
    return run([&] {
        requireNonNull(event, "aclrtResetEvent", "event");
        Event &e = checkEvent(event);
        resolveStream(stream);
        e.reset();
    });
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus *status) {
    return run([&] {
        requireNonNull(event, "aclrtQueryEventStatus", "event");
        requireNonNull(status, "aclrtQueryEventStatus", "status");
        Event::Recording r = checkEvent(event).snapshot();
        if (!r.marker) {
            *status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
            return;
        }
        cl_int st = CL_QUEUED;
        clCheck(clGetEventInfo(r.marker.get(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, nullptr),
                "clGetEventInfo", ACL_ERROR_RT_INTERNAL_ERROR);
        *status = st == CL_COMPLETE ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    });
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
    return run([&] {
        requireNonNull(event, "aclrtSynchronizeEvent", "event");
        Event::Recording r = checkEvent(event).snapshot();
        if (!r.marker) return;
        cl_event marker = r.marker.get();
        clCheck(clWaitForEvents(1, &marker), "clWaitForEvents", ACL_ERROR_RT_INTERNAL_ERROR);
    });
}

aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent) {
    return run([&] {
        requireNonNull(ms, "aclrtEventElapsedTime", "ms");
        requireNonNull(startEvent, "aclrtEventElapsedTime", "startEvent");
        requireNonNull(endEvent, "aclrtEventElapsedTime", "endEvent");
        Event::Recording a = checkEvent(startEvent).snapshot();
        Event::Recording b = checkEvent(endEvent).snapshot();
        if (!a.marker || !b.marker) {
            fail(ACL_ERROR_INVALID_PARAM, "aclrtEventElapsedTime: both events must have been recorded");
        }
        *ms = static_cast<float>(Event::elapsedMs(a, b));
    });
}

aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy) {
    (void)policy;  // OpenCL has no huge-page control; every policy gets ordinary device memory.
    return mallocImpl("aclrtMalloc", devPtr, size);
}

aclError aclrtMallocAlign32(void **devPtr, size_t size, aclrtMemMallocPolicy policy) {
    (void)policy;
    return mallocImpl("aclrtMallocAlign32", devPtr, size);
}

aclError aclrtMallocCached(void **devPtr, size_t size, aclrtMemMallocPolicy policy) {
    (void)policy;
    return mallocImpl("aclrtMallocCached", devPtr, size);
}

aclError aclrtFree(void *devPtr) {
    return run([&] {
        requireNonNull(devPtr, "aclrtFree", "devPtr");
        deviceFree(devPtr);
    });
}

aclError aclrtMallocHost(void **hostPtr, size_t size) {
    return run([&] {
        requireNonNull(hostPtr, "aclrtMallocHost", "hostPtr");
        *hostPtr = hostMalloc(size);
    });
}

aclError aclrtFreeHost(void *hostPtr) {
    return run([&] {
        requireNonNull(hostPtr, "aclrtFreeHost", "hostPtr");
        hostFree(hostPtr);
    });
}

aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind) {
    return run([&] { memcpyImpl("aclrtMemcpy", dst, destMax, src, count, kind, nullptr); });
}

aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream) {
    return run([&] { memcpyImpl("aclrtMemcpyAsync", dst, destMax, src, count, kind, &resolveStream(stream)); });
}

aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count) {
    return run([&] { memsetImpl("aclrtMemset", devPtr, maxCount, value, count, nullptr); });
}

aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
    return run([&] { memsetImpl("aclrtMemsetAsync", devPtr, maxCount, value, count, &resolveStream(stream)); });
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *free, size_t *total) {
    return run([&] {
        requireNonNull(free, "aclrtGetMemInfo", "free");
        requireNonNull(total, "aclrtGetMemInfo", "total");
        if (attr < ACL_DDR_MEM || attr > ACL_HBM_MEM_NORMAL) {
            fail(ACL_ERROR_INVALID_PARAM, strformat("aclrtGetMemInfo: attr %d is not an aclrtMemAttr", attr));
        }
        Device &d = currentDevice();
        size_t used = bytesAllocatedOn(d);
        *total = static_cast<size_t>(d.globalMemSize);
        *free = used < *total ? *total - used : 0;
    });
}

}  // extern "C"
