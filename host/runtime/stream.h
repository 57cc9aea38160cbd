// Streams (in-order OpenCL queues), events (queue markers) and contexts (a device binding).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "runtime/cl_handles.h"
#include "runtime/device.h"

namespace aclcl {

// Layout of a stream's fault record, shared with the kernels (cl_kernels/common.cl, fault_record and
// report_fault): of one call's faults it holds the one at the smallest position; a fault of an earlier
// call, not yet read by a synchronize, stays.
struct FaultRecord {
    cl_uint flag;      // 0 = no fault; 1 = a fault is recorded
    cl_uint source;    // the tag of the call that recorded it (faultTag): fault source and sequence number
    cl_long value;     // the offending value (e.g. an index)
    cl_long limit;     // the valid range is [0, limit)
    cl_long position;  // flat position of the element that saw it
    cl_uint lock;      // the kernels' lock over the fields above
    cl_uint nearest;   // UINT_MAX minus the smallest position seen, saturated at 32 bits (the kernels' filter)
};

// A call's tag: its operator's fault source (registerFaultSource) in the low kFaultSourceBits bits, and
// above them the call's sequence number on its stream (1 and up, wrapping), so that the kernels tell one
// call's faults from an earlier call's. Two calls whose numbers are 2^20 - 1 apart share a tag: between two
// synchronizes of one stream that would let the later's fault at a smaller position replace the earlier's.
constexpr cl_uint kFaultSourceBits = 12;
constexpr cl_uint kFaultSourceMask = (cl_uint{1} << kFaultSourceBits) - 1;
inline cl_uint faultTag(cl_uint source, cl_uint sequence) { return source | (sequence << kFaultSourceBits); }
inline cl_uint faultSourceOf(cl_uint tag) { return tag & kFaultSourceMask; }

// What a fault of one source means, in words: the text after "<operator>: " in the message that the
// synchronize returns with 507015 (which value, where, the rule it broke, what the kernel did instead).
using FaultDescriber = std::string (*)(const FaultRecord &record);

// Returns the tag kernels write into FaultRecord::source for this operator name, whose faults
// `describe` puts in words. One name has one describer (the first registered).
cl_uint registerFaultSource(const std::string &opName, FaultDescriber describe);

// A device fault read back from a stream's fault record, kept on the host until reported.
struct PendingFault {
    FaultRecord record{};
    bool reportedToDevice = false;  // an aclrtSynchronizeDevice has returned it already
};

class Stream {
public:
    explicit Stream(Device &device);
    ~Stream();
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;

    Device &device() const { return device_; }
    cl_command_queue queue() const { return queue_.get(); }

    // The device-side fault record for kernels that detect bad input (created, zeroed, with the
    // stream: taking it never blocks or fails). Operators take it through RunContext::faultBuffer,
    // which arms the check (armFaults) once their kernels are enqueued.
    cl_mem faultBuffer() const { return faults_.get(); }
    // The next call's sequence number for its fault tag: 1 .. 2^20 - 1, then 1 again.
    cl_uint nextFaultSequence();
    // The next synchronize reads the record. Called after the kernels that may write it are enqueued:
    // armed earlier, a synchronize on another thread could read (and disarm) before they were, and
    // their fault would go unread.
    void armFaults() { faultsArmed_ = true; }
    // Waits for all work; then reports (and clears) a fault this stream recorded as
    // ACL_ERROR_RT_AICORE_EXCEPTION, whether or not a device synchronize has seen it already.
    void synchronize();
    // Waits for all work, without the fault check.
    void finish();
    // The device-wide view (aclrtSynchronizeDevice; the queue must already be idle): reports a fault
    // of this stream that no device synchronize has reported yet, and keeps it for the stream's own
    // next synchronize, which still reports it.
    void checkFaultsForDevice();

private:
    // When armed: reads the device record (enqueued behind all earlier work and waited for, so it
    // also waits for that work), moves a fault into pending_ and clears the record; returns whether
    // it read. Holds faultMutex_.
    bool collectFaultLocked();
    [[noreturn]] static void throwFault(const FaultRecord &rec);

    Device &device_;
    ClQueuePtr queue_;
    ClMemPtr faults_;
    std::atomic<bool> faultsArmed_{false};
    std::atomic<cl_uint> faultSequence_{0};
    std::mutex faultMutex_;
    bool hasPending_ = false;
    PendingFault pending_;
};

// An event is re-recorded by one thread while others wait on it or query it: every user takes a
// Recording, a retained copy of the latest marker made under the event's lock, so that a re-record
// (which drops the event's own reference to the old marker) never frees a marker in use.
class Event {
public:
    struct HostStamp;
    struct Recording {
        ClEventPtr marker;  // null when never recorded (or reset)
        Device *device = nullptr;
        std::shared_ptr<HostStamp> stamp;  // set only on devices without event timestamps
    };

    void record(Stream &stream);
    void reset();
    Recording snapshot() const;
    // Waits for both recordings, then gives the time between their completions: from the device's
    // event timestamps, or, on a device without real ones, from host clock readings taken when the
    // driver reported each completion.
    static double elapsedMs(const Recording &start, const Recording &end);

private:
    mutable std::mutex mutex_;
    ClEventPtr marker_;
    Device *device_ = nullptr;
    std::shared_ptr<HostStamp> stamp_;
};

// Whether the device's event profiling gives real timestamps; probed once per device.
bool hasEventTimestamps(Device &device);

struct Context {
    Device *device = nullptr;
    bool isDefault = false;  // the device's primary context (aclrtSetDevice)
    // aclrtCtxSetSysParamOpt's values for ACL_OPT_DETERMINISTIC, _ENABLE_DEBUG_KERNEL, _STRONG_CONSISTENCY;
    // -1 while never set (CANN has no default: the getter then fails with 107021).
    static constexpr int kSysParams = 3;
    std::atomic<int64_t> sysParams[kSysParams] = {{-1}, {-1}, {-1}};
};

// Handle registries: every handle a user passes in is checked against them, so a stale or bogus
// handle is an error code, not a crash.
Stream *createStream(Device &device);
void destroyStream(Stream *stream);
Stream &checkStream(void *handle);   // throws ACL_ERROR_RT_INVALID_HANDLE / ACL_ERROR_INVALID_PARAM
Stream &defaultStream(Device &device);
void synchronizeStreamsOf(Device &device);

Event *createEvent();
void destroyEvent(Event *event);
Event &checkEvent(void *handle);

Context *createContext(Device &device, bool isDefault);
void destroyContext(Context *context);
Context &checkContext(void *handle);
Context &defaultContext(Device &device);

// The calling thread's current context; set by aclrtSetDevice / aclrtSetCurrentContext.
Context *currentContext();
void setCurrentContext(Context *context);
// The current device; implicitly device 0 when the thread never chose one.
Device &currentDevice();
// Resolves a user stream handle: nullptr means the current device's default stream.
Stream &resolveStream(void *handle);

// Releases every stream, event and context (aclFinalize).
void releaseAllRuntimeObjects();
// Upper layers (program caches) register cleanup that aclFinalize runs before releasing the runtime.
void registerFinalizeHook(void (*hook)());

}  // namespace aclcl
