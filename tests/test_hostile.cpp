// The library's promises under hostile but ordinary use on one device: a repeatable executor run from
// several threads, an event re-recorded while others wait on it, workspace pointers off alignment,
// outputs overlapping inputs, device faults that several parties may report, the first fault-checking
// operator on a stream behind a blocked queue. Two-device cases: tests/two_devices/.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <future>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "aclnn_opencl/aclnn_opencl.h"
#include "common/test_hooks.h"
#include "device_fixture.h"
#include "harness/conv_tbc_backward.h"
#include "harness/max_unpool2d_backward.h"
#include "reliability_harness.h"
#include "runtime/stream.h"
#include "support/max_unpool2d_backward_fault.h"
#include "support/plan_and_run.h"
#include "aclnn/opdev/op_errno.h"

namespace {

using reliability::Layout;
using reliability::OpHarness;
using testing_support::DeviceTensor;
using testing_support::DeviceTest;
using testing_support::enqueueFaultingMaxUnpool2dBackward;
using testing_support::planAndRun;

constexpr uint8_t kPattern = 0x5A;
constexpr aclnnStatus kParamInvalid = ACLNN_ERR_PARAM_INVALID;  // ACLNN_ERR_PARAM_INVALID

std::string lastMessage() {
    const char *m = aclGetRecentErrMsg();
    return m ? m : "";
}

// Every output's storage, byte for byte.
std::vector<std::vector<uint8_t>> outputBytes(OpHarness &h) {
    std::vector<std::vector<uint8_t>> all;
    for (DeviceTensor *o : h.outputs()) all.push_back(o->storage());
    return all;
}

void fillOutputs(OpHarness &h) {
    for (DeviceTensor *o : h.outputs()) o->fillStorage(kPattern);
}

size_t changedOutputBytes(OpHarness &h) {
    size_t changed = 0;
    for (const auto &bytes : outputBytes(h)) {
        for (uint8_t b : bytes) changed += b != kPattern;
    }
    return changed;
}

class HostileUseTest : public DeviceTest {};

// Issue 12, item 2: one repeatable executor, four threads, each its own stream and workspace, the
// same tensor addresses. Plan steps share kernel objects whose arguments are set per launch: without
// serialising set-args + enqueue per executor this crashed in clSetKernelArg (PoCL) or panicked
// (rusticl). Outputs must equal a serial run bit for bit. ConvTbc and ConvTbcBackward accumulate into their
// outputs over several GEMMs, so concurrent runs into the same outputs race by the program's own
// doing; it is run concurrently for the crash, and its results are checked by a serial run afterwards.
// A second round forces the MaxUnpool family's GPU kernels on every device (MaxUnpool2d's three claim
// kernels once kept their words in out: concurrent runs read another run's values as indices there).
TEST_P(HostileUseTest, RepeatableExecutorRunFromFourThreadsMatchesTheSerialRun) {
    constexpr int kThreads = 4, kRuns = 12;
    size_t checked = 0;
    for (int gpuUnpool : {0, 1}) {
        aclcl::ScopedTestHook unpoolKernels(aclcl::TestHook::ManyWorkItemKernels, gpuUnpool);
        aclcl::ScopedTestHook unpoolBackward(aclcl::TestHook::MaxUnpoolBackwardDirect, gpuUnpool);
        for (Layout layout : {Layout::Contiguous, Layout::Strided}) {
            for (auto &h : reliability::makeAllHarnesses(layout, 90)) {
                if (gpuUnpool && h->api.find("MaxUnpool") == std::string::npos) continue;
                SCOPED_TRACE(h->api + (layout == Layout::Strided ? " (strided)" : " (contiguous)") +
                             (gpuUnpool ? ", GPU kernels forced" : ""));
                fillOutputs(*h);  // gaps between strided elements hold the pattern in both runs
                ASSERT_ACL_OK(planAndRun(*h, stream));
                const auto serial = outputBytes(*h);
                fillOutputs(*h);
                uint64_t ws = 0;
                aclOpExecutor *ex = nullptr;
                ASSERT_ACL_OK(h->plan(&ws, &ex));
                ASSERT_ACL_OK(aclSetAclOpExecutorRepeatable(ex));
                std::atomic<int> failures{0};
                std::string firstFailure;
                std::mutex failureMutex;
                std::vector<std::thread> threads;
                for (int t = 0; t < kThreads; ++t) {
                    threads.emplace_back([&, t] {
                        aclrtStream s = nullptr;
                        void *w = nullptr;
                        auto note = [&](const std::string &what) {
                            std::lock_guard<std::mutex> lock(failureMutex);
                            if (failures++ == 0) firstFailure = "thread " + std::to_string(t) + ": " + what;
                        };
                        if (aclrtSetDevice(device()) != 0 || aclrtCreateStream(&s) != 0) return note(lastMessage());
                        if (ws > 0 && aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST) != 0) return note(lastMessage());
                        for (int r = 0; r < kRuns; ++r) {
                            if (h->run(w, ws, ex, s) != 0) note("run: " + lastMessage());
                        }
                        if (aclrtSynchronizeStream(s) != 0) note("synchronize: " + lastMessage());
                        if (w) aclrtFree(w);
                        aclrtDestroyStream(s);
                    });
                }
                for (auto &t : threads) t.join();
                EXPECT_EQ(failures.load(), 0) << firstFailure;
                if (h->readsItsOutputs) {  // runs compound: only that every run succeeded is checked
                    ASSERT_ACL_OK(aclDestroyAclOpExecutor(ex));
                    ++checked;
                    continue;
                }
                if (h->outputsAccumulate) {
                    void *w = nullptr;
                    if (ws > 0) ASSERT_ACL_OK(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST));
                    ASSERT_ACL_OK(h->run(w, ws, ex, stream));
                    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
                    if (w) aclrtFree(w);
                }
                EXPECT_TRUE(outputBytes(*h) == serial) << "outputs differ from the serial run";
                ASSERT_ACL_OK(aclDestroyAclOpExecutor(ex));
                ++checked;
            }
        }
    }
    size_t unpoolApis = 0;
    for (const std::string &api : reliability::registeredHarnessApis()) {
        unpoolApis += api.find("MaxUnpool") != std::string::npos;
    }
    EXPECT_EQ(unpoolApis, 2u);
    EXPECT_EQ(checked, 2 * reliability::registeredHarnessApis().size() + 2 * unpoolApis);
    EXPECT_GE(checked, 2 * 8u);
}

// Item 3: thread A re-records an event in a loop while thread B waits on it, queries it and makes
// another stream wait on it (as CUDA programs do). Re-recording dropped the only reference to the
// marker B was using: PoCL aborted on a freed cl_event. Every wait must see a complete recording:
// after aclrtSynchronizeEvent, the fill recorded before it is visible.
TEST_P(HostileUseTest, EventReRecordedWhileAnotherThreadWaitsOnIt) {
    constexpr int kRounds = 400, kMinWaits = 20, kDrainEvery = 32;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    std::atomic<int> lastRound{0};
    aclrtEvent event = nullptr;
    ASSERT_ACL_OK(aclrtCreateEvent(&event));
    void *buffer = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&buffer, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMemset(buffer, 4096, 0, 4096));
    std::atomic<bool> done{false};
    std::atomic<int> errorsA{0}, errorsB{0}, waits{0};
    std::string firstError;
    std::mutex errorMutex;
    auto note = [&](std::atomic<int> &counter, const char *call) {
        std::lock_guard<std::mutex> lock(errorMutex);
        if (counter++ == 0 && firstError.empty()) firstError = std::string(call) + ": " + lastMessage();
    };
    std::thread recorder([&] {
        aclrtStream s = nullptr;
        if (aclrtSetDevice(device()) != 0 || aclrtCreateStream(&s) != 0) return note(errorsA, "setup A");
        // At least kRounds recordings, and on until the waiter has overlapped with some of them: on a
        // fast runtime (Intel's) 400 recordings can finish before the waiter's first wait. Past kRounds
        // the recorder drains its queue every kDrainEvery rounds: enqueuing is faster than a CPU runtime
        // runs the fills (rusticl: 7 us against far more), so an unbounded queue made every wait longer
        // than the last, and the waiter managed under 20 waits in a million rounds.
        for (int r = 1; r <= kRounds || (waits.load() < kMinWaits && errorsB.load() == 0 &&
                                         std::chrono::steady_clock::now() < deadline); ++r) {
            if (aclrtMemsetAsync(buffer, 4096, r & 0xff, 4096, s) != 0) note(errorsA, "aclrtMemsetAsync");
            if (aclrtRecordEvent(event, s) != 0) note(errorsA, "aclrtRecordEvent");
            lastRound = r;
            if (r > kRounds && r % kDrainEvery == 0 && aclrtSynchronizeStream(s) != 0) {
                note(errorsA, "aclrtSynchronizeStream (drain)");
            }
        }
        if (aclrtSynchronizeStream(s) != 0) note(errorsA, "aclrtSynchronizeStream");
        aclrtDestroyStream(s);
        done = true;
    });
    std::thread waiter([&] {
        aclrtStream s = nullptr;
        if (aclrtSetDevice(device()) != 0 || aclrtCreateStream(&s) != 0) return note(errorsB, "setup B");
        while (!done) {
            if (aclrtSynchronizeEvent(event) != 0) note(errorsB, "aclrtSynchronizeEvent");
            aclrtEventRecordedStatus st = ACL_EVENT_RECORDED_STATUS_NOT_READY;
            if (aclrtQueryEventStatus(event, &st) != 0) note(errorsB, "aclrtQueryEventStatus");
            if (aclrtStreamWaitEvent(s, event) != 0) note(errorsB, "aclrtStreamWaitEvent");
            ++waits;
        }
        if (aclrtSynchronizeStream(s) != 0) note(errorsB, "aclrtSynchronizeStream B");
        aclrtDestroyStream(s);
    });
    recorder.join();
    waiter.join();
    EXPECT_EQ(errorsA.load() + errorsB.load(), 0) << firstError;
    EXPECT_GE(waits.load(), kMinWaits) << "the waiter never overlapped the recorder";
    // After the last recording completed, the last fill is what the buffer holds.
    ASSERT_ACL_OK(aclrtSynchronizeEvent(event));
    std::vector<uint8_t> host(4096);
    ASSERT_ACL_OK(aclrtMemcpy(host.data(), host.size(), buffer, host.size(), ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_EQ(host[0], lastRound.load() & 0xff);
    EXPECT_EQ(host[4095], lastRound.load() & 0xff);
    aclrtFree(buffer);
    aclrtDestroyEvent(event);
}

// Item 5: a workspace pointer 1, 2 or 3 bytes off alignment. ConvTbcBackward enqueued its GEMMs (into
// gradInput and gradWeight) before a later step checked its part of the workspace, and returned
// 161002 with outputs already overwritten. Every operator must fail before enqueueing anything.
TEST_P(HostileUseTest, MisalignedWorkspaceFailsBeforeAnythingIsWritten) {
    size_t checked = 0, withWorkspace = 0;
    auto cases = reliability::makeAllHarnesses(Layout::Strided, 5);
    // Contiguous, with gradBias summed in chunks through workspace after the GEMMs: the case.
    cases.push_back(std::make_unique<reliability::ConvTbcBackwardHarness>(Layout::Contiguous, 6, 200));
    for (auto &h : cases) {
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ASSERT_ACL_OK(h->plan(&ws, &ex));
        ASSERT_ACL_OK(aclDestroyAclOpExecutor(ex));
        if (!h->stridedNeedsWorkspace) continue;  // no workspace to misalign
        ASSERT_GT(ws, 0u) << h->api << ": these cases need workspace";
        ++withWorkspace;
        void *w = nullptr;
        ASSERT_ACL_OK(aclrtMalloc(&w, ws + 64, ACL_MEM_MALLOC_HUGE_FIRST));
        for (size_t off : {1, 2, 3}) {
            SCOPED_TRACE(h->api + ": workspace + " + std::to_string(off));
            fillOutputs(*h);
            ASSERT_ACL_OK(h->plan(&ws, &ex));
            EXPECT_EQ(h->run(static_cast<char *>(w) + off, ws, ex, stream), kParamInvalid);
            std::string msg = lastMessage();
            EXPECT_NE(msg.find("workspace"), std::string::npos) << msg;
            EXPECT_NE(msg.find("aligned"), std::string::npos) << msg;
            EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
            EXPECT_EQ(changedOutputBytes(*h), 0u) << "a failing call wrote outputs";
            ++checked;
        }
        aclrtFree(w);
    }
    EXPECT_EQ(checked, 3 * withWorkspace);
    EXPECT_GE(withWorkspace, 7u);  // the six operators that pack strided views, and ConvTbc's extra case
}

// The storage bytes of a tensor slot (inputs too: an aliased call must not write them either).
std::vector<uint8_t> slotBytes(OpHarness &h, const std::string &name) { return h.slot(name).storage->storage(); }

// The byte addresses the view of `t` reaches when its data pointer is `base`.
std::set<uintptr_t> viewByteAddresses(const aclTensor *t, const void *base) {
    int64_t *dims = nullptr, *strides = nullptr, offset = 0;
    uint64_t rank = 0, strideCount = 0;
    aclGetViewShape(t, &dims, &rank);
    aclGetViewStrides(t, &strides, &strideCount);
    aclGetViewOffset(t, &offset);
    aclDataType dtype = ACL_DT_UNDEFINED;
    aclGetDataType(t, &dtype);
    const std::vector<int64_t> shape(dims, dims + rank), steps(strides, strides + strideCount);
    delete[] dims;
    delete[] strides;
    const size_t elem = aclDataTypeSize(dtype);
    std::set<uintptr_t> bytes;
    for (int64_t e : testing_support::viewStorageElements(shape, steps, offset)) {
        for (size_t b = 0; b < elem; ++b) bytes.insert(reinterpret_cast<uintptr_t>(base) + e * elem + b);
    }
    return bytes;
}

// Whether an output view placed at `alias` reaches a byte of the input's view (and not only the unused
// bytes of its storage, which a one-element output shifted by four bytes can fall into, between a strided
// input's elements: then nothing overlaps and the call is valid).
bool viewsOverlap(const reliability::TensorSlot &out, const void *alias, const reliability::TensorSlot &in) {
    const std::set<uintptr_t> inBytes = viewByteAddresses(in.storage->get(), in.storage->data());
    for (uintptr_t b : viewByteAddresses(out.storage->get(), alias)) {
        if (inBytes.count(b)) return true;
    }
    return false;
}

// Plans h (with `moved` pointing at `alias` already, or moved there now by aclSetOutputTensorAddr when
// !atPlanTime) and runs it, which must fail with 161002 and write nothing; returns the message.
std::string runExpectingOverlapRejection(OpHarness &h, reliability::TensorSlot &moved, size_t movedOutputIndex,
                                         void *alias, bool atPlanTime, aclrtStream stream) {
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    EXPECT_ACL_OK(h.plan(&ws, &ex));
    if (!ex) return "";
    if (!atPlanTime) EXPECT_ACL_OK(aclSetOutputTensorAddr(ex, movedOutputIndex, moved.arg, alias));
    void *w = nullptr;
    if (ws > 0) EXPECT_ACL_OK(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_EQ(h.run(w, ws, ex, stream), kParamInvalid);
    const std::string msg = lastMessage();
    EXPECT_NE(msg.find("overlaps"), std::string::npos) << msg;
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
    if (w) aclrtFree(w);
    EXPECT_EQ(changedOutputBytes(h), 0u);
    // The setter also moved the tensor object: point it back at its own memory.
    if (!atPlanTime) EXPECT_ACL_OK(aclSetRawTensorAddr(moved.arg, moved.storage->data()));
    return msg;
}

// Item 6: an output whose memory overlaps an input: Pad2d gradInput over gradOutput, Im2col and
// MaxUnpool out over gradOutput, ConvTbc gradInput over self returned success with wrong numbers.
// Every operator rejects every such pair with 161002 naming both tensors and writes nothing, both when
// the overlap is there at GetWorkspaceSize and when aclSetOutputTensorAddr makes it afterwards. The
// one declared exception, GroupNormSwishGrad's dxOut as the very view of dy or x, is computed
// correctly (tests/test_group_norm_swish_grad.cpp, InPlaceOverDyOrX) and skipped here; its other
// overlaps are tried wherever the input's storage can hold the output (dgammaOut, dbetaOut over any).
TEST_P(HostileUseTest, OutputOverlappingAnInputIsRejectedAndWritesNothing) {
    size_t checked = 0;
    for (Layout layout : {Layout::Contiguous, Layout::Strided}) {
        for (auto &h : reliability::makeAllHarnesses(layout, 17)) {
            for (auto &out : h->tensors) {
                if (!out.output) continue;
                size_t outIndex = 0;
                for (auto &o : h->tensors) {
                    if (&o == &out) break;
                    outIndex += o.output;
                }
                for (auto &in : h->tensors) {
                    if (in.output || in.storage->storageBytes() < out.storage->storageBytes()) continue;
                    // The same bytes, shifted by one element so that the views are never identical.
                    char *alias = static_cast<char *>(in.storage->data()) + 4;
                    if (in.storage->storageBytes() < out.storage->storageBytes() + 4) alias -= 4;
                    bool identical = alias == in.storage->data() && in.storage->shape() == out.storage->shape() &&
                                     in.storage->dtype() == out.storage->dtype();
                    if (identical && h->api == "aclnnGroupNormSwishGrad" && out.name == "dxOut" &&
                        (in.name == "dy" || in.name == "x")) {
                        continue;  // the declared in-place case
                    }
                    if (identical && h->computesInPlace(out.name, in.name)) continue;
                    if (!viewsOverlap(out, alias, in)) continue;
                    for (bool atPlanTime : {true, false}) {
                        SCOPED_TRACE(h->api + ": " + out.name + " over " + in.name +
                                     (atPlanTime ? " at GetWorkspaceSize" : " by aclSetOutputTensorAddr") +
                                     (layout == Layout::Strided ? ", strided" : ""));
                        const std::vector<uint8_t> inputBefore = slotBytes(*h, in.name);
                        fillOutputs(*h);
                        OpHarness::Change c;
                        c.setData = true;
                        c.data = alias;
                        if (atPlanTime) out.arg = h->variant(out.storage->get(), c);
                        const std::string msg = runExpectingOverlapRejection(*h, out, outIndex, alias, atPlanTime, stream);
                        EXPECT_NE(msg.find("(" + out.name + ")"), std::string::npos) << msg;
                        EXPECT_NE(msg.find("(" + in.name + ")"), std::string::npos) << msg;
                        EXPECT_TRUE(slotBytes(*h, in.name) == inputBefore) << "the aliased input was written";
                        h->resetArguments();
                        ++checked;
                    }
                }
            }
        }
    }
    EXPECT_GE(checked, 40u);
}

// Two outputs of one call over the same memory (GroupNormSwish's meanOut over rstdOut, ConvTbcBackward's
// gradBias inside gradWeight, MaxPool2dWithIndices' indices over out...): one would overwrite the other,
// so every operator rejects it with 161002 naming both, at the second phase, and writes nothing; both
// when the overlap is there at GetWorkspaceSize and when aclSetOutputTensorAddr makes it afterwards.
TEST_P(HostileUseTest, OutputsOverlappingEachOtherAreRejectedAndWriteNothing) {
    size_t checked = 0;
    for (Layout layout : {Layout::Contiguous, Layout::Strided}) {
        for (auto &h : reliability::makeAllHarnesses(layout, 19)) {
            size_t moveIndex = 0;
            for (auto &moved : h->tensors) {
                if (!moved.output) continue;
                for (auto &host : h->tensors) {
                    if (!host.output || &host == &moved || host.storage->storageBytes() < moved.storage->storageBytes())
                        continue;
                    // Inside the other output's storage, one element in, where it fits.
                    char *alias = static_cast<char *>(host.storage->data()) + 4;
                    if (host.storage->storageBytes() < moved.storage->storageBytes() + 4) alias -= 4;
                    for (bool atPlanTime : {true, false}) {
                        SCOPED_TRACE(h->api + ": " + moved.name + " over " + host.name +
                                     (atPlanTime ? " at GetWorkspaceSize" : " by aclSetOutputTensorAddr") +
                                     (layout == Layout::Strided ? ", strided" : ""));
                        fillOutputs(*h);
                        OpHarness::Change c;
                        c.setData = true;
                        c.data = alias;
                        if (atPlanTime) moved.arg = h->variant(moved.storage->get(), c);
                        const std::string msg =
                            runExpectingOverlapRejection(*h, moved, moveIndex, alias, atPlanTime, stream);
                        EXPECT_NE(msg.find("(" + moved.name + ")"), std::string::npos) << msg;
                        EXPECT_NE(msg.find("(" + host.name + ")"), std::string::npos) << msg;
                        h->resetArguments();
                        ++checked;
                    }
                }
                ++moveIndex;
            }
        }
    }
    EXPECT_GE(checked, 20u);
}

// Item 9: thread B's aclrtSynchronizeDevice saw the fault thread A's stream caused, and took it: A's
// aclrtSynchronizeStream then returned 0. The owning stream must still report it.
TEST_P(HostileUseTest, DeviceSynchronizeDoesNotTakeAStreamsFault) {
    reliability::MaxUnpool2dBackwardHarness h(Layout::Contiguous, 3);
    enqueueFaultingMaxUnpool2dBackward(h, stream, 5);
    aclError fromOtherThread = ACL_SUCCESS;
    std::thread other([&] {
        aclrtSetDevice(device());
        fromOtherThread = aclrtSynchronizeDevice();
    });
    other.join();
    EXPECT_EQ(fromOtherThread, ACL_ERROR_RT_AICORE_EXCEPTION);
    EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS) << "a device synchronize reports a fault once";
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
    EXPECT_NE(lastMessage().find("MaxUnpool2dBackward"), std::string::npos) << lastMessage();
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << "reported once to its stream";
}

// Two faulting calls before one synchronize: the first call's fault is the one reported, although the second's
// is at a smaller position (the record keeps the smallest position of one call, never a later call's), and
// each of two streams faulting at once reports its own.
TEST_P(HostileUseTest, TheFirstFaultingCallIsTheOneItsStreamReports) {
    reliability::MaxUnpool2dBackwardHarness first(Layout::Contiguous, 3), second(Layout::Contiguous, 4),
        other(Layout::Contiguous, 5);
    aclrtStream otherStream = nullptr;
    ASSERT_ACL_OK(aclrtCreateStream(&otherStream));
    enqueueFaultingMaxUnpool2dBackward(first, stream, 20);
    enqueueFaultingMaxUnpool2dBackward(other, otherStream, 11);
    enqueueFaultingMaxUnpool2dBackward(second, stream, 3);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
    EXPECT_NE(lastMessage().find("at flat position 20 "), std::string::npos) << lastMessage();
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << "one fault a synchronize";
    EXPECT_EQ(aclrtSynchronizeStream(otherStream), ACL_ERROR_RT_AICORE_EXCEPTION);
    EXPECT_NE(lastMessage().find("at flat position 11 "), std::string::npos) << lastMessage();
    EXPECT_ACL_OK(aclrtDestroyStream(otherStream));
}

// A fault record whose lock is never handed over (as a driver that lost the lock would leave it): the
// kernel's bounded tries give up, and the fault is still reported.
TEST_P(HostileUseTest, AFaultIsReportedEvenWhenTheRecordsLockIsStuck) {
    aclcl::Stream &s = aclcl::checkStream(stream);
    aclcl::FaultRecord stuck{};
    stuck.lock = 1;
    ASSERT_EQ(clEnqueueWriteBuffer(s.queue(), s.faultBuffer(), CL_TRUE, 0, sizeof stuck, &stuck, 0, nullptr, nullptr),
              CL_SUCCESS);
    reliability::MaxUnpool2dBackwardHarness h(Layout::Contiguous, 6);
    enqueueFaultingMaxUnpool2dBackward(h, stream, 7);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << "reported once; the record is clean again";
    enqueueFaultingMaxUnpool2dBackward(h, stream, 9);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
    EXPECT_NE(lastMessage().find("at flat position 9 "), std::string::npos) << lastMessage();
}

// Found by reading: an operator armed its stream's fault check when its kernel took the fault record,
// just before the enqueue; a synchronize on another thread in between read the record (and disarmed
// the check) ahead of the kernel, whose fault then waited, unreported, for the next run's read (each
// fault one run late, the last one never). One thread runs a faulting MaxUnpool2dBackward and
// synchronizes, again and again, while another synchronizes the same stream in a tight loop; a test
// hook holds each launch for 200 us between its arguments and its enqueue, where the window was. Each
// run's fault is cleared by the synchronize that reports it before the next run is enqueued, so
// exactly one of the two threads must report every run's fault (with the check armed before the
// enqueue again: 99 reports for 100 runs).
TEST_P(HostileUseTest, AnotherThreadsSynchronizeNeverLosesAFault) {
    reliability::MaxUnpool2dBackwardHarness h(Layout::Contiguous, 3);
    aclcl::ScopedTestHook delay(aclcl::TestHook::DelayEnqueueUs, 200);
    constexpr int kRuns = 100;
    std::atomic<bool> done{false};
    std::atomic<int> reported{0}, otherSyncs{0};
    std::thread other([&] {
        aclrtSetDevice(device());
        while (!done) {
            if (aclrtSynchronizeStream(stream) == ACL_ERROR_RT_AICORE_EXCEPTION) ++reported;
            ++otherSyncs;
        }
    });
    for (int i = 0; i < kRuns; ++i) {
        enqueueFaultingMaxUnpool2dBackward(h, stream, 5);
        if (aclrtSynchronizeStream(stream) == ACL_ERROR_RT_AICORE_EXCEPTION) ++reported;
    }
    done = true;
    other.join();
    if (aclrtSynchronizeStream(stream) == ACL_ERROR_RT_AICORE_EXCEPTION) ++reported;
    EXPECT_EQ(reported.load(), kRuns) << otherSyncs.load() << " synchronizes on the other thread";
    EXPECT_GT(otherSyncs.load(), 0);
}

// Item 8: aclrtResetDevice with an unreported fault returned 507015 and left the device bound.
TEST_P(HostileUseTest, ResetDeviceWithAnUnreportedFaultStillResets) {
    reliability::MaxUnpool2dBackwardHarness h(Layout::Contiguous, 4);
    enqueueFaultingMaxUnpool2dBackward(h, stream, 5);
    EXPECT_EQ(aclrtResetDevice(device()), ACL_ERROR_RT_AICORE_EXCEPTION);
    int32_t current = -1;
    EXPECT_EQ(aclrtGetDevice(&current), ACL_ERROR_RT_CONTEXT_NULL) << "still bound to device " << current;
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION) << "the stream still reports it";
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    ASSERT_ACL_OK(aclrtSetDevice(device()));
}

// Found by reading: the first MaxUnpool2dBackward on a stream wrote the stream's fault record with a
// blocking write, so the operator waited for everything queued before it. Behind a queue held by a
// user event, the call must still return (it only enqueues).
TEST_P(HostileUseTest, FirstFaultCheckingOperatorOnAStreamOnlyEnqueues) {
    aclrtStream fresh = nullptr;
    ASSERT_ACL_OK(aclrtCreateStream(&fresh));
    void *queueHandle = nullptr;
    ASSERT_ACL_OK(aclnnOpenclGetCommandQueue(fresh, &queueHandle));
    auto queue = static_cast<cl_command_queue>(queueHandle);
    cl_context context = nullptr;
    ASSERT_EQ(clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof context, &context, nullptr), CL_SUCCESS);
    cl_int err = CL_SUCCESS;
    cl_event gate = clCreateUserEvent(context, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    ASSERT_EQ(clEnqueueBarrierWithWaitList(queue, 1, &gate, nullptr), CL_SUCCESS);
    reliability::MaxUnpool2dBackwardHarness h(Layout::Contiguous, 8);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(h.plan(&ws, &ex));
    ASSERT_EQ(ws, 0u);
    auto call = std::async(std::launch::async, [&] { return h.run(nullptr, 0, ex, fresh); });
    bool returned = call.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
    clSetUserEventStatus(gate, CL_COMPLETE);  // unblock the queue either way
    EXPECT_TRUE(returned) << "aclnnMaxUnpool2dBackward waited for the stream's earlier work";
    EXPECT_EQ(call.get(), 0) << lastMessage();
    EXPECT_ACL_OK(aclrtSynchronizeStream(fresh));
    clReleaseEvent(gate);
    EXPECT_ACL_OK(aclrtDestroyStream(fresh));
}

// Item 10 (and capacity claimed under the allocation lock): many allocations from four threads at
// once keep aclrtGetMemInfo's accounting exact. Speed is measured in bench/ (aclnn_malloc_bench).
TEST_P(HostileUseTest, ConcurrentAllocationsKeepTheMemoryAccountingExact) {
    size_t freeBefore = 0, total = 0;
    ASSERT_ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &freeBefore, &total));
    constexpr int kThreads = 4, kEach = 500;
    std::vector<std::vector<void *>> pointers(kThreads);
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            aclrtSetDevice(device());
            for (int i = 0; i < kEach; ++i) {
                void *p = nullptr;
                if (aclrtMalloc(&p, 100 + static_cast<size_t>(t), ACL_MEM_MALLOC_HUGE_FIRST) != 0) ++failures;
                pointers[static_cast<size_t>(t)].push_back(p);
            }
        });
    }
    for (auto &t : threads) t.join();
    ASSERT_EQ(failures.load(), 0);
    size_t freeDuring = 0;
    ASSERT_ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &freeDuring, &total));
    EXPECT_EQ(freeBefore - freeDuring, size_t{kEach} * (100 + 101 + 102 + 103));
    for (auto &list : pointers) {
        for (void *p : list) EXPECT_ACL_OK(aclrtFree(p));
    }
    size_t freeAfter = 0;
    ASSERT_ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &freeAfter, &total));
    EXPECT_EQ(freeAfter, freeBefore);
}

INSTANTIATE_ON_ALL_DEVICES(HostileUseTest);

// Found by reading: upper layers register finalize hooks from call_once sites on whichever threads get
// there first, and the list was pushed to without a lock. Hooks registered from many threads at once
// must all run at aclFinalize.
std::atomic<int> g_hookRuns{0};
void countingHook() { ++g_hookRuns; }

TEST(HostileFinalize, HooksRegisteredFromManyThreadsAllRun) {
    constexpr int kThreads = 8, kEach = 50;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([] {
            for (int i = 0; i < kEach; ++i) aclcl::registerFinalizeHook(countingHook);
        });
    }
    for (auto &t : threads) t.join();
    g_hookRuns = 0;
    ASSERT_ACL_OK(aclFinalize());
    int runs = g_hookRuns.load();
    ASSERT_ACL_OK(aclInit(nullptr));
    EXPECT_EQ(runs, kThreads * kEach);
}

}  // namespace
