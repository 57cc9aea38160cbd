// Reliability under bad input and faults, for every operator (tests/reliability_harness.h holds one
// small valid case of each). Every bad argument gets its documented code and a message that names
// the operator (and, for argument errors, the argument), and no output byte is written: outputs
// are filled with a pattern first and checked after the stream is synchronized.
//
// Phase one (GetWorkspaceSize), per tensor argument: null, an unsupported dtype, a rank of 9, a
// negative dimension, an element count that overflows int64, a byte size that overflows size_t,
// a view reaching past its storage dims; per output: a self-overlapping view; per array: null and
// a wrong size; per operator: its invalid attribute values.
// Phase two, per tensor argument: a null data pointer, a pointer in no allocation, a view running
// past its allocation; per operator: a workspace one byte short or null, a destroyed stream, and a
// non-repeatable executor run twice.
// Runtime faults: device memory exhaustion, a kernel build failure, MaxUnpool2dBackward's bad index.
// Leaks: after aclFinalize, no OpenCL object that the library (or CLBlast on its behalf) created is
// still alive. The test binary counts them by interposing the OpenCL entry points (see below).
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "source_paths.h"
#include "device_fixture.h"
#include "kernels/program_cache.h"
#include "harness/max_unpool2d_backward.h"
#include "reliability_harness.h"
#include "runtime/device.h"
#include "support/max_unpool2d_backward_fault.h"
#include "support/plan_and_run.h"
#include "aclnn/opdev/op_errno.h"

using namespace testing_support;
using reliability::Layout;
using reliability::OpHarness;

// ----- Live OpenCL objects -----
//
// The test executable defines the OpenCL functions that create, retain and release memory objects,
// queues, programs, kernels and events. Calls from the library (linked statically into this
// executable) and from libclblast bind to these definitions first; each forwards to the real
// function (dlsym RTLD_NEXT: the ICD loader) and keeps a reference count per handle, attributed to
// whoever created it (this executable, i.e. the library and the tests, or CLBlast).
namespace cltrack {

enum Kind { kMem, kQueue, kProgram, kKernel, kEvent, kKinds };
const char *const kKindNames[kKinds] = {"cl_mem", "cl_command_queue", "cl_program", "cl_kernel", "cl_event"};
enum Owner { kLibrary, kClblast, kOwners };

struct Handle {
    long refs = 0;
    Kind kind = kMem;
    Owner owner = kLibrary;
};

std::mutex &lock() {
    static std::mutex m;
    return m;
}
std::map<const void *, Handle> &handles() {
    static auto *h = new std::map<const void *, Handle>;  // never destroyed: calls may come during exit
    return *h;
}

Owner ownerOf(const void *caller) {
    Dl_info here{}, there{};
    dladdr(reinterpret_cast<const void *>(&ownerOf), &here);
    if (dladdr(caller, &there) && there.dli_fbase != here.dli_fbase && there.dli_fname &&
        std::strstr(there.dli_fname, "clblast")) {
        return kClblast;
    }
    return kLibrary;
}

void created(Kind kind, const void *handle, const void *caller) {
    if (!handle) return;
    std::lock_guard<std::mutex> g(lock());
    handles()[handle] = Handle{1, kind, ownerOf(caller)};
}
void retained(const void *handle) {
    std::lock_guard<std::mutex> g(lock());
    auto it = handles().find(handle);
    if (it != handles().end()) ++it->second.refs;
}
void released(const void *handle) {
    std::lock_guard<std::mutex> g(lock());
    auto it = handles().find(handle);
    if (it != handles().end() && --it->second.refs <= 0) handles().erase(it);
}
size_t live(Kind kind, Owner owner) {
    std::lock_guard<std::mutex> g(lock());
    size_t n = 0;
    for (auto &kv : handles()) n += kv.second.kind == kind && kv.second.owner == owner;
    return n;
}

// What an interposed entry point reports after forwarding; `caller` is its return address (whoever
// called OpenCL). A created handle (null when creation failed: nothing is recorded):
template <class ClHandle>
ClHandle tracked(Kind kind, ClHandle handle, const void *caller) {
    created(kind, handle, caller);
    return handle;
}
// An enqueued command's event, when the caller asked for one and the command was enqueued.
inline cl_int withEvent(cl_int status, const cl_event *event, const void *caller) {
    if (status == CL_SUCCESS && event) created(kEvent, *event, caller);
    return status;
}

template <class Fn>
Fn real(const char *name) {
    void *f = dlsym(RTLD_NEXT, name);
    if (!f) {
        std::fprintf(stderr, "cltrack: no %s after the test executable\n", name);
        std::abort();
    }
    return reinterpret_cast<Fn>(f);
}

}  // namespace cltrack

#define CLTRACK_REAL(fn) static const auto real_##fn = cltrack::real<decltype(&fn)>(#fn)
// clRetain* / clRelease* (one handle argument): forwards, and on success counts the reference.
#define CLTRACK_REFCOUNT(fn, HandleType, update)            \
    CL_API_ENTRY cl_int CL_API_CALL fn(HandleType handle) {  \
        CLTRACK_REAL(fn);                                    \
        const cl_int status = real_##fn(handle);             \
        if (status == CL_SUCCESS) cltrack::update(handle);   \
        return status;                                       \
    }

extern "C" {

CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context c, cl_mem_flags f, size_t size, void *host, cl_int *err) {
    CLTRACK_REAL(clCreateBuffer);
    const auto handle = real_clCreateBuffer(c, f, size, host, err);
    return cltrack::tracked(cltrack::kMem, handle, __builtin_return_address(0));
}
CL_API_ENTRY cl_mem CL_API_CALL clCreateSubBuffer(cl_mem b, cl_mem_flags f, cl_buffer_create_type t, const void *info,
                                                  cl_int *err) {
    CLTRACK_REAL(clCreateSubBuffer);
    const auto handle = real_clCreateSubBuffer(b, f, t, info, err);
    return cltrack::tracked(cltrack::kMem, handle, __builtin_return_address(0));
}
CLTRACK_REFCOUNT(clRetainMemObject, cl_mem, retained)
CLTRACK_REFCOUNT(clReleaseMemObject, cl_mem, released)
CL_API_ENTRY cl_command_queue CL_API_CALL clCreateCommandQueue(cl_context c, cl_device_id d,
                                                               cl_command_queue_properties p, cl_int *err) {
    CLTRACK_REAL(clCreateCommandQueue);
    const auto handle = real_clCreateCommandQueue(c, d, p, err);
    return cltrack::tracked(cltrack::kQueue, handle, __builtin_return_address(0));
}
CLTRACK_REFCOUNT(clRetainCommandQueue, cl_command_queue, retained)
CLTRACK_REFCOUNT(clReleaseCommandQueue, cl_command_queue, released)
CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithSource(cl_context c, cl_uint n, const char **src,
                                                              const size_t *len, cl_int *err) {
    CLTRACK_REAL(clCreateProgramWithSource);
    const auto handle = real_clCreateProgramWithSource(c, n, src, len, err);
    return cltrack::tracked(cltrack::kProgram, handle, __builtin_return_address(0));
}
CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBinary(cl_context c, cl_uint n, const cl_device_id *d,
                                                              const size_t *len, const unsigned char **bin,
                                                              cl_int *status, cl_int *err) {
    CLTRACK_REAL(clCreateProgramWithBinary);
    const auto handle = real_clCreateProgramWithBinary(c, n, d, len, bin, status, err);
    return cltrack::tracked(cltrack::kProgram, handle, __builtin_return_address(0));
}
CLTRACK_REFCOUNT(clRetainProgram, cl_program, retained)
CLTRACK_REFCOUNT(clReleaseProgram, cl_program, released)
CL_API_ENTRY cl_kernel CL_API_CALL clCreateKernel(cl_program p, const char *name, cl_int *err) {
    CLTRACK_REAL(clCreateKernel);
    const auto handle = real_clCreateKernel(p, name, err);
    return cltrack::tracked(cltrack::kKernel, handle, __builtin_return_address(0));
}
CLTRACK_REFCOUNT(clRetainKernel, cl_kernel, retained)
CLTRACK_REFCOUNT(clReleaseKernel, cl_kernel, released)
CLTRACK_REFCOUNT(clRetainEvent, cl_event, retained)
CLTRACK_REFCOUNT(clReleaseEvent, cl_event, released)
// Commands that can hand back an event.
CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dims,
                                                       const size_t *offset, const size_t *global,
                                                       const size_t *local, cl_uint n, const cl_event *wait,
                                                       cl_event *ev) {
    CLTRACK_REAL(clEnqueueNDRangeKernel);
    const cl_int status = real_clEnqueueNDRangeKernel(q, k, dims, offset, global, local, n, wait, ev);
    return cltrack::withEvent(status, ev, __builtin_return_address(0));
}
CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool block, size_t off,
                                                    size_t size, void *ptr, cl_uint n, const cl_event *wait,
                                                    cl_event *ev) {
    CLTRACK_REAL(clEnqueueReadBuffer);
    const cl_int status = real_clEnqueueReadBuffer(q, m, block, off, size, ptr, n, wait, ev);
    return cltrack::withEvent(status, ev, __builtin_return_address(0));
}
CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool block, size_t off,
                                                     size_t size, const void *ptr, cl_uint n, const cl_event *wait,
                                                     cl_event *ev) {
    CLTRACK_REAL(clEnqueueWriteBuffer);
    const cl_int status = real_clEnqueueWriteBuffer(q, m, block, off, size, ptr, n, wait, ev);
    return cltrack::withEvent(status, ev, __builtin_return_address(0));
}
CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst, size_t so, size_t d0,
                                                    size_t size, cl_uint n, const cl_event *wait, cl_event *ev) {
    CLTRACK_REAL(clEnqueueCopyBuffer);
    const cl_int status = real_clEnqueueCopyBuffer(q, src, dst, so, d0, size, n, wait, ev);
    return cltrack::withEvent(status, ev, __builtin_return_address(0));
}
CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue q, cl_mem m, const void *pattern, size_t psize,
                                                    size_t off, size_t size, cl_uint n, const cl_event *wait,
                                                    cl_event *ev) {
    CLTRACK_REAL(clEnqueueFillBuffer);
    const cl_int status = real_clEnqueueFillBuffer(q, m, pattern, psize, off, size, n, wait, ev);
    return cltrack::withEvent(status, ev, __builtin_return_address(0));
}
CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint n, const cl_event *wait,
                                                            cl_event *ev) {
    CLTRACK_REAL(clEnqueueMarkerWithWaitList);
    const cl_int status = real_clEnqueueMarkerWithWaitList(q, n, wait, ev);
    return cltrack::withEvent(status, ev, __builtin_return_address(0));
}
CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint n, const cl_event *wait,
                                                             cl_event *ev) {
    CLTRACK_REAL(clEnqueueBarrierWithWaitList);
    const cl_int status = real_clEnqueueBarrierWithWaitList(q, n, wait, ev);
    return cltrack::withEvent(status, ev, __builtin_return_address(0));
}

}  // extern "C"

namespace {

constexpr uint8_t kPattern = 0xA5;

std::string lastMessage() {
    const char *m = aclGetRecentErrMsg();
    return m ? m : "";
}

void fillOutputs(OpHarness &h) {
    for (DeviceTensor *o : h.outputs()) o->fillStorage(kPattern);
}

// Every byte of every output's storage still holds the pattern.
void expectOutputsUntouched(OpHarness &h, const std::string &what) {
    for (DeviceTensor *o : h.outputs()) {
        std::vector<uint8_t> bytes = o->storage();
        size_t changed = 0;
        for (uint8_t b : bytes) changed += b != kPattern;
        EXPECT_EQ(changed, 0u) << h.api << ": " << what << " wrote " << changed << " output bytes";
    }
}

enum class Phase { One, Two };

// The error-prefix rule, for every operator in one place: a failing phase one's message begins
// "aclnnXxxGetWorkspaceSize: ", a failing phase two's "aclnnXxx: ".
void expectMessage(const OpHarness &h, Phase phase, const std::string &what, const std::string &argument = "") {
    std::string msg = lastMessage();
    const std::string prefix = h.api + (phase == Phase::One ? "GetWorkspaceSize: " : ": ");
    EXPECT_EQ(msg.rfind(prefix, 0), 0u) << h.api << ": " << what << ": message does not begin with \"" << prefix
                                        << "\": " << msg;
    if (!argument.empty()) {
        EXPECT_NE(msg.find(argument), std::string::npos)
            << h.api << ": " << what << ": message does not name " << argument << ": " << msg;
    }
}

// Phase one must fail with `code`. If it succeeds anyway (some malformed inputs are only detectable
// with addresses), phase two must fail instead; either way nothing is written.
void expectPhaseOneError(OpHarness &h, aclnnStatus code, const std::string &what, const std::string &argument,
                         aclrtStream stream) {
    fillOutputs(h);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclnnStatus s = h.plan(&ws, &ex);
    EXPECT_EQ(s, code) << h.api << ": " << what << ": " << lastMessage();
    if (s != 0) {
        expectMessage(h, Phase::One, what, argument);
    } else {
        void *w = nullptr;
        if (ws > 0) ASSERT_ACL_OK(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST));
        EXPECT_NE(h.run(w, ws, ex, stream), 0) << h.api << ": " << what << " ran";
        aclrtSynchronizeStream(stream);
        if (w) aclrtFree(w);
    }
    expectOutputsUntouched(h, what);
    h.resetArguments();
}

// Fills h's outputs, plans with the current arguments (must succeed) and enqueues phase two on `stream`
// with a workspace of the planned size (*ws bytes at *w, which the caller frees after synchronizing);
// *status: phase two's.
void fillPlanAndEnqueue(OpHarness &h, aclrtStream stream, uint64_t *ws, void **w, aclnnStatus *status) {
    fillOutputs(h);
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(h.plan(ws, &ex));
    *w = nullptr;
    if (*ws > 0) ASSERT_ACL_OK(aclrtMalloc(w, *ws, ACL_MEM_MALLOC_HUGE_FIRST));
    *status = h.run(*w, *ws, ex, stream);
}

// Plans with the current arguments (must succeed), then runs with `tweak` applied and expects
// `code` from phase two; nothing may be written.
void expectPhaseTwoError(OpHarness &h, aclnnStatus code, const std::string &what, aclrtStream stream,
                         const std::string &messagePart = "") {
    uint64_t ws = 0;
    void *w = nullptr;
    aclnnStatus s = ACL_SUCCESS;
    ASSERT_NO_FATAL_FAILURE(fillPlanAndEnqueue(h, stream, &ws, &w, &s));
    EXPECT_EQ(s, code) << h.api << ": " << what << ": " << lastMessage();
    expectMessage(h, Phase::Two, what, messagePart);
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
    if (w) aclrtFree(w);
    expectOutputsUntouched(h, what);
    h.resetArguments();
}

std::vector<int64_t> dimsOf(const aclTensor *t) {
    int64_t *d = nullptr;
    uint64_t n = 0;
    aclGetViewShape(t, &d, &n);
    std::vector<int64_t> v(d, d + n);
    delete[] d;
    return v;
}

class ReliabilityTest : public DeviceTest {};

// The operators the public headers declare: every `aclnnXxxGetWorkspaceSize` in include/aclnnop/.
std::vector<std::string> publicOperators() {
    std::set<std::string> apis;
    const std::regex declaration("(aclnn[A-Za-z0-9]+)GetWorkspaceSize\\s*\\(");
    for (const auto &entry : std::filesystem::directory_iterator(testing_support::sourceDir() + "/include/aclnnop")) {
        if (entry.path().extension() != ".h") continue;
        std::ifstream in(entry.path());
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        for (std::sregex_iterator m(text.begin(), text.end(), declaration), end; m != end; ++m) apis.insert((*m)[1]);
    }
    return {apis.begin(), apis.end()};
}

// Every public operator has a reliability case (tests/harness/<op>.cpp), so every test that loops
// over makeAllHarnesses() covers it.
TEST_P(ReliabilityTest, EveryOperatorIsCovered) {
    const std::vector<std::string> declared = publicOperators();
    EXPECT_GE(declared.size(), 8u) << "the header scan found too few operators";
    EXPECT_EQ(reliability::registeredHarnessApis(), declared)
        << "an operator in include/aclnnop/ without a case in tests/harness/, or a case for no operator";
    auto all = reliability::makeAllHarnesses();
    ASSERT_EQ(all.size(), declared.size());
    // The valid cases are valid: they plan, run and write their outputs.
    for (auto &h : all) {
        SCOPED_TRACE(h->api);
        fillOutputs(*h);
        ASSERT_ACL_OK(planAndRun(*h, stream));
        for (DeviceTensor *o : h->outputs()) {
            std::vector<uint8_t> bytes = o->storage();
            size_t changed = 0;
            for (uint8_t b : bytes) changed += b != kPattern;
            EXPECT_GT(changed, 0u) << "an output was not written";
        }
    }
}

TEST_P(ReliabilityTest, NullArguments) {
    for (auto &h : reliability::makeAllHarnesses()) {
        for (auto &slot : h->tensors) {
            const aclnnStatus want = h->statusOfNull(slot.name);
            if (want == ACL_SUCCESS) continue;  // an optional tensor
            slot.arg = nullptr;
            expectPhaseOneError(*h, want, "null " + slot.name, slot.name, stream);
        }
        for (auto &array : h->arrays) {
            array.arg = nullptr;
            expectPhaseOneError(*h, ACLNN_ERR_PARAM_NULLPTR, "null " + array.name, array.name, stream);
        }
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        EXPECT_EQ(h->plan(nullptr, &ex), ACLNN_ERR_PARAM_NULLPTR) << h->api;
        EXPECT_EQ(h->plan(&ws, nullptr), ACLNN_ERR_PARAM_NULLPTR) << h->api;
        EXPECT_EQ(h->run(nullptr, 0, nullptr, stream), ACLNN_ERR_PARAM_NULLPTR) << h->api;
    }
}

TEST_P(ReliabilityTest, UnsupportedDtypes) {
    for (auto &h : reliability::makeAllHarnesses()) {
        for (auto &slot : h->tensors) {
            for (aclDataType bad : {h->unsupportedDtype, ACL_STRING, ACL_DT_UNDEFINED, static_cast<aclDataType>(50)}) {
                OpHarness::Change c;
                c.setDtype = true;
                c.dtype = bad;
                slot.arg = h->variant(slot.storage->get(), c);
                expectPhaseOneError(*h, ACLNN_ERR_PARAM_INVALID, slot.name + " dtype " + std::to_string(bad), slot.name, stream);
            }
        }
    }
}

TEST_P(ReliabilityTest, MalformedShapesAndViews) {
    const int64_t big = int64_t{1} << 40;
    for (auto &h : reliability::makeAllHarnesses()) {
        for (auto &slot : h->tensors) {
            const aclTensor *base = slot.storage->get();
            std::vector<int64_t> dims = dimsOf(base);
            OpHarness::Change c;

            c = {};  // rank 9: more than any operator (or aclTensor check) accepts
            c.setDims = true;
            c.dims = dims;
            c.dims.insert(c.dims.begin(), 9 - dims.size(), 1);
            slot.arg = h->variant(base, c);
            expectPhaseOneError(*h, ACLNN_ERR_PARAM_INVALID, slot.name + " rank 9", "", stream);

            c = {};
            c.setDims = true;
            c.dims = dims;
            c.dims[0] = -1;
            slot.arg = h->variant(base, c);
            expectPhaseOneError(*h, ACLNN_ERR_PARAM_INVALID, slot.name + " negative dim", "", stream);

            c = {};  // element count overflows int64
            c.setDims = true;
            c.dims.assign(dims.size() < 2 ? 2 : dims.size(), big);
            slot.arg = h->variant(base, c);
            expectPhaseOneError(*h, ACLNN_ERR_PARAM_INVALID, slot.name + " element count overflows int64", "", stream);

            c = {};  // 2^62 fp32 elements fit int64 but their 2^64 bytes wrap size_t to 0
            c.setDims = true;
            c.setStorage = true;  // no storage dims: only the byte arithmetic can catch it
            c.dims = dims;
            c.dims[0] = dims.size() >= 2 ? (int64_t{1} << 31) : (int64_t{1} << 62);
            if (dims.size() >= 2) {
                c.dims[1] = int64_t{1} << 31;
                for (size_t i = 2; i < dims.size(); ++i) c.dims[i] = 1;
            }
            slot.arg = h->variant(base, c);
            expectPhaseOneError(*h, ACLNN_ERR_PARAM_INVALID, slot.name + " byte size overflows size_t", "", stream);

            c = {};  // storage dims one element short of what the view reaches
            c.setStorage = true;
            int64_t *st = nullptr;
            uint64_t nst = 0;
            aclGetStorageShape(base, &st, &nst);
            c.storageDims = {st[0] - 1};
            delete[] st;
            slot.arg = h->variant(base, c);
            expectPhaseOneError(*h, ACLNN_ERR_PARAM_INVALID, slot.name + " view past its storage", slot.name, stream);

            // Every element written through one address (a one-element output, as NLLLoss's out, overlaps nothing
            // with zero strides: a valid view).
            if (slot.output && slot.storage->numel() > 1) {
                c = {};
                c.setStrides = true;
                c.strides.assign(dims.size(), 0);
                slot.arg = h->variant(base, c);
                expectPhaseOneError(*h, ACLNN_ERR_PARAM_INVALID, slot.name + " overlapping output view", slot.name, stream);
            }
        }
    }
}

TEST_P(ReliabilityTest, BadArraysAndAttributes) {
    for (auto &h : reliability::makeAllHarnesses()) {
        for (auto &array : h->arrays) {
            std::vector<int64_t> longer = array.values;
            longer.push_back(1);
            array.arg = h->arrayVariant(longer);
            expectPhaseOneError(*h, ACLNN_ERR_PARAM_INVALID, array.name + " one value too many", array.name, stream);
            array.arg = h->arrayVariant(std::vector<int64_t>(array.values.begin(), array.values.end() - 1));
            expectPhaseOneError(*h, ACLNN_ERR_PARAM_INVALID, array.name + " one value short", array.name, stream);
            array.arg = h->arrayVariant({});
            expectPhaseOneError(*h, ACLNN_ERR_PARAM_INVALID, array.name + " empty", array.name, stream);
        }
        for (auto &bad : h->badAttributes()) {
            bad.second();
            expectPhaseOneError(*h, ACLNN_ERR_PARAM_INVALID, bad.first, "", stream);
        }
    }
}

TEST_P(ReliabilityTest, BadAddressesAtRunTime) {
    void *nowhere = reinterpret_cast<void *>(uintptr_t{0x7e0000000000});
    for (auto &h : reliability::makeAllHarnesses()) {
        for (auto &slot : h->tensors) {
            const aclTensor *base = slot.storage->get();
            OpHarness::Change c;
            c.setData = true;

            c.data = nullptr;
            slot.arg = h->variant(base, c);
            expectPhaseTwoError(*h, ACLNN_ERR_PARAM_NULLPTR, slot.name + " null data", stream);

            c.data = nowhere;
            slot.arg = h->variant(base, c);
            expectPhaseTwoError(*h, ACL_ERROR_INVALID_PARAM, slot.name + " address in no allocation", stream,
                                "not inside any device allocation");

            // Half-way into its own allocation: the view runs past the end. A one-element allocation (NLLLoss's
            // out) has no aligned address inside it that the view could run past the end from.
            size_t elem = aclDataTypeSize(slot.storage->dtype());
            if (slot.storage->storageBytes() / elem < 2) continue;
            c.data = static_cast<char *>(slot.storage->data()) + slot.storage->storageBytes() / elem / 2 * elem;
            slot.arg = h->variant(base, c);
            expectPhaseTwoError(*h, ACL_ERROR_INVALID_PARAM, slot.name + " past its allocation", stream,
                                "run past the end");
        }
    }
}

// Addresses changed after planning (aclSetInputTensorAddr / aclSetOutputTensorAddr) are checked
// like the planned ones; an index past the operator's tensors is an error.
TEST_P(ReliabilityTest, AddressesSetOnThePlannedExecutor) {
    void *nowhere = reinterpret_cast<void *>(uintptr_t{0x7e0000000000});
    for (auto &h : reliability::makeAllHarnesses()) {
        SCOPED_TRACE(h->api);
        size_t inputs = 0, outputs = 0;
        for (auto &slot : h->tensors) (slot.output ? outputs : inputs) += 1;
        for (bool output : {false, true}) {
            auto set = output ? aclSetOutputTensorAddr : aclSetInputTensorAddr;
            size_t count = output ? outputs : inputs;
            for (size_t i = 0; i < count; ++i) {
                fillOutputs(*h);
                uint64_t ws = 0;
                aclOpExecutor *ex = nullptr;
                ASSERT_ACL_OK(h->plan(&ws, &ex));
                EXPECT_EQ(set(ex, count + i, nullptr, nowhere), ACLNN_ERR_PARAM_INVALID) << "index past the tensors";
                ASSERT_ACL_OK(set(ex, i, nullptr, nowhere));
                void *w = nullptr;
                if (ws > 0) ASSERT_ACL_OK(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST));
                EXPECT_EQ(h->run(w, ws, ex, stream), ACL_ERROR_INVALID_PARAM) << lastMessage();
                EXPECT_NE(lastMessage().find("not inside any device allocation"), std::string::npos) << lastMessage();
                ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
                if (w) aclrtFree(w);
                expectOutputsUntouched(*h, (output ? "output " : "input ") + std::to_string(i) + " moved nowhere");
            }
        }
    }
}

TEST_P(ReliabilityTest, BadWorkspaceStreamAndExecutorUse) {
    for (auto layout : {Layout::Contiguous, Layout::Strided}) {
        for (auto &h : reliability::makeAllHarnesses(layout)) {
            SCOPED_TRACE(h->api + (layout == Layout::Strided ? " (strided)" : ""));
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            void *w = nullptr;
            // Workspace one byte short, and null (only meaningful when the plan needs some).
            ASSERT_ACL_OK(h->plan(&ws, &ex));
            if (ex) ASSERT_ACL_OK(aclDestroyAclOpExecutor(ex));
            // The strided layout makes every operator pack or stage through workspace.
            if (layout == Layout::Strided && h->stridedNeedsWorkspace) {
                EXPECT_GT(ws, 0u) << "no workspace to make short";
            }
            if (ws > 0) {
                fillOutputs(*h);
                ASSERT_ACL_OK(h->plan(&ws, &ex));
                ASSERT_ACL_OK(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST));
                EXPECT_EQ(h->run(w, ws - 1, ex, stream), ACLNN_ERR_PARAM_INVALID) << lastMessage();
                expectMessage(*h, Phase::Two, "short workspace", "workspace");
                ASSERT_ACL_OK(h->plan(&ws, &ex));
                EXPECT_EQ(h->run(nullptr, ws, ex, stream), ACLNN_ERR_PARAM_NULLPTR) << lastMessage();
                expectMessage(*h, Phase::Two, "null workspace", "workspace");
                ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
                expectOutputsUntouched(*h, "bad workspace");
            }
            // A destroyed stream.
            aclrtStream gone = nullptr;
            ASSERT_ACL_OK(aclrtCreateStream(&gone));
            ASSERT_ACL_OK(aclrtDestroyStream(gone));
            fillOutputs(*h);
            ASSERT_ACL_OK(h->plan(&ws, &ex));
            EXPECT_EQ(h->run(w, ws, ex, gone), ACL_ERROR_RT_INVALID_HANDLE) << lastMessage();
            EXPECT_NE(lastMessage().find("stream"), std::string::npos) << lastMessage();
            ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
            expectOutputsUntouched(*h, "destroyed stream");
            // A non-repeatable executor runs once; the second call is an error, not a crash.
            ASSERT_ACL_OK(h->plan(&ws, &ex));
            ASSERT_ACL_OK(h->run(w, ws, ex, stream));
            ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
            EXPECT_EQ(h->run(w, ws, ex, stream), ACLNN_ERR_PARAM_INVALID) << lastMessage();
            expectMessage(*h, Phase::Two, "second run", "executor");
            // An executor planned by another operator.
            auto other = reliability::makeAllHarnesses(layout);
            OpHarness &different = *other[h->api == other[2]->api ? 3 : 2];
            uint64_t ws2 = 0;
            aclOpExecutor *ex2 = nullptr;
            ASSERT_ACL_OK(different.plan(&ws2, &ex2));
            EXPECT_EQ(h->run(nullptr, 0, ex2, stream), ACLNN_ERR_PARAM_INVALID) << lastMessage();
            expectMessage(*h, Phase::Two, "foreign executor", different.api);
            if (w) ASSERT_ACL_OK(aclrtFree(w));
            w = nullptr;
        }
    }
}

TEST_P(ReliabilityTest, RepeatableExecutorRunsTwiceThenIsDestroyed) {
    for (auto &h : reliability::makeAllHarnesses()) {
        SCOPED_TRACE(h->api);
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ASSERT_ACL_OK(h->plan(&ws, &ex));
        ASSERT_ACL_OK(aclSetAclOpExecutorRepeatable(ex));
        void *w = nullptr;
        if (ws > 0) ASSERT_ACL_OK(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST));
        std::vector<std::vector<uint8_t>> first;
        for (int run = 0; run < 2; ++run) {
            fillOutputs(*h);
            ASSERT_ACL_OK(h->run(w, ws, ex, stream));
            ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
            std::vector<std::vector<uint8_t>> bytes;
            for (DeviceTensor *o : h->outputs()) bytes.push_back(o->storage());
            if (run == 0) {
                first = bytes;
            } else {
                EXPECT_EQ(bytes, first) << "a repeated run gave different bytes";
            }
        }
        ASSERT_ACL_OK(aclDestroyAclOpExecutor(ex));
        EXPECT_NE(h->run(w, ws, ex, stream), 0) << "a destroyed executor ran";
        EXPECT_NE(aclDestroyAclOpExecutor(ex), 0) << "an executor was destroyed twice";
        if (w) ASSERT_ACL_OK(aclrtFree(w));
    }
}

TEST_P(ReliabilityTest, DeviceMemoryExhaustionIsAnErrorAndRecoverable) {
    size_t freeBefore = 0, total = 0;
    ASSERT_ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &freeBefore, &total));
    void *keep = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&keep, 1 << 20, ACL_MEM_MALLOC_HUGE_FIRST));
    // More than the device has, more than one allocation may hold, and sizes that overflow.
    const aclcl::Device &d = aclcl::deviceAt(device());
    for (size_t size : {static_cast<size_t>(d.globalMemSize) + 1, static_cast<size_t>(d.maxAllocSize) + 1,
                        std::numeric_limits<size_t>::max(), std::numeric_limits<size_t>::max() - 4095}) {
        void *p = reinterpret_cast<void *>(0x1);
        EXPECT_EQ(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION) << size;
        EXPECT_NE(lastMessage().find("aclrtMalloc"), std::string::npos) << lastMessage();
    }
    // The process keeps working: what it holds is intact, and it can allocate again after freeing.
    std::vector<uint8_t> data(1 << 20, 0x3c), back(1 << 20, 0);
    ASSERT_ACL_OK(aclrtMemcpy(keep, data.size(), data.data(), data.size(), ACL_MEMCPY_HOST_TO_DEVICE));
    ASSERT_ACL_OK(aclrtMemcpy(back.data(), back.size(), keep, back.size(), ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_EQ(back, data);
    ASSERT_ACL_OK(aclrtFree(keep));
    ASSERT_ACL_OK(aclrtMalloc(&keep, 1 << 20, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtFree(keep));
    size_t freeAfter = 0;
    ASSERT_ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &freeAfter, &total));
    EXPECT_EQ(freeAfter, freeBefore);
    // Operators still plan and run.
    for (auto &h : reliability::makeAllHarnesses()) EXPECT_ACL_OK(planAndRun(*h, stream));
}

TEST_P(ReliabilityTest, KernelBuildFailureIsReportedEveryTimeAndPoisonsNothing) {
    aclcl::Device &d = aclcl::deviceAt(device());
    const std::string broken = "#define OUT_T this is not C\n";
    std::string firstLog;
    for (int attempt = 0; attempt < 2; ++attempt) {
        try {
            aclcl::buildProgram(d, "copy_cast", broken);
            FAIL() << "a broken program built";
        } catch (const aclcl::Error &e) {
            EXPECT_EQ(e.code(), ACLNN_ERR_INNER_FIND_KERNEL_ERROR);
            std::string what = e.what();
            EXPECT_NE(what.find("build log"), std::string::npos) << what;
            if (attempt == 0) firstLog = what;
            else EXPECT_EQ(what, firstLog) << "the cached failure differs from the first";
        }
    }
    // Operators keep working after a failed build.
    for (auto &h : reliability::makeAllHarnesses()) EXPECT_ACL_OK(planAndRun(*h, stream));
}

TEST_P(ReliabilityTest, MaxUnpool2dBackwardBadIndexFaultsAtSynchronizeAndTheStreamRecovers) {
    reliability::MaxUnpool2dBackwardHarness h(Layout::Contiguous, 7);
    // Indices: valid except one far past the 3x3 plane, and one negative.
    std::vector<double> idx(24);
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<double>(i % 9);
    idx[5] = 1000;
    idx[17] = -4;
    h.slot("indices").storage->upload(idx);
    uint64_t ws = 0;
    void *w = nullptr;
    aclnnStatus enqueued = ACL_SUCCESS;
    ASSERT_NO_FATAL_FAILURE(fillPlanAndEnqueue(h, stream, &ws, &w, &enqueued));
    ASSERT_ACL_OK(enqueued);  // the fault is found on the device, after enqueue
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
    std::string msg = lastMessage();
    EXPECT_NE(msg.find("MaxUnpool2dBackward"), std::string::npos) << msg;
    EXPECT_TRUE(msg.find("1000") != std::string::npos || msg.find("-4") != std::string::npos) << msg;
    // The bad positions hold 0; the good ones the gathered value; the fault is reported once.
    std::vector<double> out = h.slot("out").storage->download();
    EXPECT_EQ(out[5], 0.0);
    EXPECT_EQ(out[17], 0.0);
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
    // The stream keeps working: a valid run afterwards succeeds and synchronizes clean.
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<double>(i % 9);
    h.slot("indices").storage->upload(idx);
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(h.plan(&ws, &ex));
    ASSERT_ACL_OK(h.run(w, ws, ex, stream));
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
    std::vector<double> grad = h.slot("gradOutput").storage->download();
    out = h.slot("out").storage->download();
    for (size_t i = 0; i < out.size(); ++i) {
        size_t plane = i / 4;  // (n, c) plane of 2x2 outputs gathering from a 3x3 plane
        EXPECT_EQ(out[i], grad[plane * 9 + i % 9]) << "element " << i;
    }
    if (w) aclrtFree(w);
}

INSTANTIATE_ON_ALL_DEVICES(ReliabilityTest);

std::string liveObjects(cltrack::Owner owner) {
    std::string out;
    for (int k = 0; k < cltrack::kKinds; ++k) {
        size_t n = cltrack::live(static_cast<cltrack::Kind>(k), owner);
        if (n) out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + cltrack::kKindNames[k];
    }
    return out;
}

// Runs every operator on every device (GEMMs included), leaves one executor planned but never run
// and one repeatable executor undestroyed (as a careless program would), then aclFinalize must
// release everything; aclInit afterwards brings the library back for the tests that follow.
TEST(ReliabilityFinalize, ReleasesEveryOpenClObjectTheLibraryCreated) {
    for (int id : allDeviceIds()) {
        ASSERT_ACL_OK(aclrtSetDevice(id));
        aclrtStream stream = nullptr;
        ASSERT_ACL_OK(aclrtCreateStream(&stream));
        for (auto layout : {Layout::Contiguous, Layout::Strided}) {
            for (auto &h : reliability::makeAllHarnesses(layout)) ASSERT_ACL_OK(planAndRun(*h, stream));
        }
        auto ops = reliability::makeAllHarnesses();
        uint64_t ws = 0;
        aclOpExecutor *neverRun = nullptr, *repeatable = nullptr;
        ASSERT_ACL_OK(ops[4]->plan(&ws, &neverRun));
        ASSERT_ACL_OK(ops[5]->plan(&ws, &repeatable));
        ASSERT_ACL_OK(aclSetAclOpExecutorRepeatable(repeatable));
        // The stream is left for aclFinalize to destroy.
    }
    EXPECT_GT(cltrack::live(cltrack::kMem, cltrack::kLibrary), 0u) << "the OpenCL interposition sees nothing";
    EXPECT_GT(cltrack::live(cltrack::kProgram, cltrack::kLibrary), 0u);
    ASSERT_ACL_OK(aclFinalize());
    std::string ours = liveObjects(cltrack::kLibrary), clblast = liveObjects(cltrack::kClblast);
    ASSERT_ACL_OK(aclInit(nullptr));
    EXPECT_EQ(ours, "") << "alive after aclFinalize (created by the library or the tests)";
    EXPECT_EQ(clblast, "") << "alive after aclFinalize (created by CLBlast for the library)";
}

}  // namespace

namespace {

// Issue 12, item 7: aclFinalize with a device fault nobody synchronized (a bad MaxUnpool2dBackward
// index) returned 507015 and released nothing, and the next aclInit returned 100002. Finalize must
// release everything either way, report the fault, and leave the process ready for aclInit.
TEST(ReliabilityFinalize, ReleasesEverythingEvenWithAnUnreportedFault) {
    for (int id : allDeviceIds()) {
        ASSERT_ACL_OK(aclrtSetDevice(id));
        aclrtStream stream = nullptr;
        ASSERT_ACL_OK(aclrtCreateStream(&stream));
        reliability::MaxUnpool2dBackwardHarness h(Layout::Contiguous, 11);
        ASSERT_NO_FATAL_FAILURE(enqueueFaultingMaxUnpool2dBackward(h, stream, 3));  // nobody synchronizes
    }
    EXPECT_EQ(aclFinalize(), ACL_ERROR_RT_AICORE_EXCEPTION) << "the fault is reported";
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("MaxUnpool2dBackward"), std::string::npos);
    std::string ours = liveObjects(cltrack::kLibrary), clblast = liveObjects(cltrack::kClblast);
    EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS) << "finalize left the process half-initialised: "
                                             << aclGetRecentErrMsg();
    EXPECT_EQ(ours, "") << "alive after aclFinalize";
    EXPECT_EQ(clblast, "");
}

}  // namespace
