// Fuzz target: the meta API (tensors, arrays, scalars, lists, executor handles) and the runtime
// calls that take user pointers and handles (device memory, memcpy/memset, streams, events).
// The input is a sequence of actions; each must return a documented code, with a message when it
// fails, and leave the process healthy. Stale and invented handles and pointers must be errors.
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "common/fuzz_input.h"
#include "common/fuzz_op.h"
#include "aclnn/opdev/op_errno.h"

using namespace fuzzing;

namespace {

constexpr size_t kMaxHostBytes = 1 << 20;

struct Live {
    std::vector<aclTensor *> tensors;
    std::vector<void *> device;  // base pointers from aclrtMalloc
    std::vector<aclrtStream> streams;
    std::vector<aclrtEvent> events;

    ~Live() {
        for (aclTensor *t : tensors) aclDestroyTensor(t);
        for (void *p : device) aclrtFree(p);
        for (aclrtEvent e : events) aclrtDestroyEvent(e);
        for (aclrtStream s : streams) aclrtDestroyStream(s);
    }
};

void expect(bool ok, const std::string &what) {
    if (!ok) fuzzFail(what);
}

// A failing call must name what went wrong.
void expectStatus(int status, std::initializer_list<int> allowed, const char *api) {
    if (status == 0) return;
    bool known = false;
    for (int c : allowed) known = known || c == status;
    if (!known) fuzzFail(std::string(api) + " returned undocumented status " + std::to_string(status) + ": " +
                         aclGetRecentErrMsg());
    const char *msg = aclGetRecentErrMsg();
    if (!msg || !*msg) fuzzFail(std::string(api) + " failed without a message");
    if (std::strncmp(msg, "internal error", 14) == 0) fuzzFail(std::string(api) + ": " + msg);
}

std::vector<int64_t> readValues(FuzzReader &in, size_t count) {
    std::vector<int64_t> v(count);
    for (auto &x : v) x = in.i64();
    return v;
}

// Some pointer the user could pass: inside one of our allocations (maybe past its end), a stale one,
// an invented address, or null.
void *pointer(FuzzReader &in, const Live &live, void *stale) {
    switch (in.u8() % 5) {
        case 0:
            if (!live.device.empty()) {
                auto base = reinterpret_cast<uintptr_t>(live.device[in.below(live.device.size())]);
                return reinterpret_cast<void *>(base + static_cast<uint64_t>(in.i64()));
            }
            return nullptr;
        case 1: return stale;
        case 2: return reinterpret_cast<void *>(static_cast<uintptr_t>(in.raw64()));
        case 3: return nullptr;
        default:
            return live.device.empty() ? nullptr : live.device[in.below(live.device.size())];
    }
}

void createTensor(FuzzReader &in, Live &live) {
    size_t rank = in.below(12);
    auto dims = readValues(in, rank);
    auto strides = readValues(in, rank);
    bool nullDims = in.u8() % 8 == 0, nullStrides = in.flag();
    size_t storageRank = in.below(12);
    auto storage = readValues(in, storageRank);
    bool nullStorage = in.u8() % 8 == 0;
    auto dtype = static_cast<aclDataType>(wrapSigned7(in.i64()));
    auto format = static_cast<aclFormat>(wrapSigned7(in.i64()));
    int64_t offset = in.i64();
    void *data = reinterpret_cast<void *>(static_cast<uintptr_t>(in.raw64()));
    aclTensor *t = aclCreateTensor(nullDims ? nullptr : dims.data(), rank, dtype,
                                   nullStrides ? nullptr : strides.data(), offset, format,
                                   nullStorage ? nullptr : storage.data(), storageRank, data);
    bool mustFail = (nullDims && rank > 0) || (nullStorage && storageRank > 0);
    if (mustFail) {
        expect(t == nullptr, "aclCreateTensor accepted null dims with a non-zero count");
        return;
    }
    expect(t != nullptr, "aclCreateTensor failed on valid pointers");
    live.tensors.push_back(t);
    // What was set reads back.
    int64_t *got = nullptr;
    uint64_t n = 0;
    expect(aclGetViewShape(t, &got, &n) == 0 && n == rank &&
               (rank == 0 || std::memcmp(got, dims.data(), rank * sizeof(int64_t)) == 0),
           "aclGetViewShape does not return the view dims");
    delete[] got;
    expect(aclGetViewStrides(t, &got, &n) == 0 && n == rank, "aclGetViewStrides has the wrong count");
    if (!nullStrides && rank) {
        expect(std::memcmp(got, strides.data(), rank * sizeof(int64_t)) == 0, "strides do not read back");
    }
    delete[] got;
    expect(aclGetStorageShape(t, &got, &n) == 0 && n == storageRank, "aclGetStorageShape has the wrong count");
    delete[] got;
    int64_t off = 0;
    aclFormat fmt{};
    aclDataType dt{};
    void *addr = nullptr;
    expect(aclGetViewOffset(t, &off) == 0 && off == offset, "offset does not read back");
    expect(aclGetFormat(t, &fmt) == 0 && fmt == format, "format does not read back");
    expect(aclGetDataType(t, &dt) == 0 && dt == dtype, "dtype does not read back");
    expect(aclGetRawTensorAddr(t, &addr) == 0 && addr == data, "data address does not read back");
    expect(aclSetRawTensorAddr(t, nullptr) == 0, "aclSetRawTensorAddr failed");
    // Null out-pointers are errors.
    expectStatus(aclGetViewShape(t, nullptr, &n), {ACLNN_ERR_PARAM_NULLPTR}, "aclGetViewShape(null)");
    expectStatus(aclGetViewOffset(nullptr, &off), {ACLNN_ERR_PARAM_NULLPTR}, "aclGetViewOffset(null)");
    expectStatus(aclGetDataType(t, nullptr), {ACLNN_ERR_PARAM_NULLPTR}, "aclGetDataType(null)");
    expect(aclGetViewShape(nullptr, &got, &n) != 0, "aclGetViewShape(nullptr tensor) succeeded");
}

void arrays(FuzzReader &in) {
    size_t count = in.below(40);
    bool null = in.u8() % 8 == 0;
    auto values = readValues(in, count);
    std::vector<float> floats(values.begin(), values.end());
    std::unique_ptr<bool[]> bools(new bool[count + 1]);
    for (size_t i = 0; i < count; ++i) bools[i] = values[i] & 1;
    aclIntArray *ia = aclCreateIntArray(null ? nullptr : values.data(), count);
    aclFloatArray *fa = aclCreateFloatArray(null ? nullptr : floats.data(), count);
    aclBoolArray *ba = aclCreateBoolArray(null ? nullptr : bools.get(), count);
    if (null && count > 0) {
        expect(!ia && !fa && !ba, "an array was created from a null pointer with a non-zero count");
        return;
    }
    expect(ia && fa && ba, "array creation failed on valid pointers");
    uint64_t n = 0;
    expect(aclGetIntArraySize(ia, &n) == 0 && n == count, "int array size");
    expect(aclGetFloatArraySize(fa, &n) == 0 && n == count, "float array size");
    expect(aclGetBoolArraySize(ba, &n) == 0 && n == count, "bool array size");
    expectStatus(aclGetIntArraySize(nullptr, &n), {ACLNN_ERR_PARAM_NULLPTR}, "aclGetIntArraySize(nullptr)");
    expectStatus(aclGetIntArraySize(ia, nullptr), {ACLNN_ERR_PARAM_NULLPTR}, "aclGetIntArraySize(ia, nullptr)");
    aclDestroyIntArray(ia);
    aclDestroyFloatArray(fa);
    aclDestroyBoolArray(ba);
}

void scalarsAndLists(FuzzReader &in, Live &live) {
    unsigned char value[16];
    for (auto &b : value) b = in.u8();
    auto dtype = static_cast<aclDataType>(wrapSigned7(in.i64()));
    size_t size = aclDataTypeSize(dtype);
    expect(size <= sizeof value, "aclDataTypeSize reports more than 16 bytes");
    aclScalar *s = aclCreateScalar(in.flag() ? nullptr : value, dtype);
    std::vector<aclScalar *> scalars;
    if (s) scalars.push_back(s);
    aclScalarList *sl = aclCreateScalarList(scalars.data(), scalars.size());
    expect(sl != nullptr, "aclCreateScalarList failed");
    uint64_t n = 0;
    expect(aclGetScalarListSize(sl, &n) == 0 && n == scalars.size(), "scalar list size");
    aclDestroyScalarList(sl);  // destroys the scalar too
    // A list takes ownership of the tensors it holds.
    size_t take = in.below(live.tensors.size() + 1);
    std::vector<aclTensor *> owned(live.tensors.end() - static_cast<std::ptrdiff_t>(take), live.tensors.end());
    live.tensors.resize(live.tensors.size() - take);
    aclTensorList *tl = aclCreateTensorList(owned.data(), owned.size());
    expect(tl != nullptr, "aclCreateTensorList failed");
    expect(aclGetTensorListSize(tl, &n) == 0 && n == owned.size(), "tensor list size");
    aclDestroyTensorList(tl);
    expect(aclCreateTensorList(nullptr, 1 + in.below(4)) == nullptr, "a tensor list from a null array");
    expect(aclDestroyTensorList(nullptr) == 0 && aclDestroyTensor(nullptr) == 0, "destroying nullptr fails");
}

void executors(FuzzReader &in) {
    auto *bogus = reinterpret_cast<aclOpExecutor *>(static_cast<uintptr_t>(in.raw64()) | 0x10);
    int dummy = 0;
    aclTensor *t = nullptr;
    expectStatus(aclDestroyAclOpExecutor(bogus), {ACLNN_ERR_PARAM_INVALID, ACLNN_ERR_INNER_NULLPTR}, "aclDestroyAclOpExecutor(bogus)");
    expectStatus(aclSetAclOpExecutorRepeatable(bogus), {ACLNN_ERR_PARAM_INVALID, ACLNN_ERR_INNER_NULLPTR}, "aclSetAclOpExecutorRepeatable(bogus)");
    expectStatus(aclSetInputTensorAddr(bogus, in.u8(), t, &dummy), {ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID}, "aclSetInputTensorAddr(bogus)");
    expectStatus(aclSetOutputTensorAddr(nullptr, in.u8(), t, &dummy), {ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID},
                 "aclSetOutputTensorAddr(nullptr)");
    expect(aclDestroyAclOpExecutor(nullptr) == ACLNN_ERR_INNER_NULLPTR && aclSetAclOpExecutorRepeatable(nullptr) == ACLNN_ERR_INNER_NULLPTR,
           "null executor: expected 561103");
}

void memory(FuzzReader &in, Live &live, void *stale) {
    switch (in.u8() % 6) {
        case 0: {  // allocate: small, zero, or more than any device has
            size_t size = in.flag() ? in.below(256) * 64 + in.u8() : static_cast<size_t>(in.raw64()) | (size_t{1} << 62);
            void *p = nullptr;
            aclError e = aclrtMalloc(&p, size, static_cast<aclrtMemMallocPolicy>(in.below(6)));
            expectStatus(e, {ACL_ERROR_INVALID_PARAM, ACL_ERROR_RT_MEMORY_ALLOCATION, ACL_ERROR_BAD_ALLOC},
                         "aclrtMalloc");
            if (e == 0) live.device.push_back(p);
            expect(e != 0 || size != 0, "aclrtMalloc(0) succeeded");
            break;
        }
        case 1: {  // free anything
            void *p = pointer(in, live, stale);
            aclError e = aclrtFree(p);
            expectStatus(e, {ACL_ERROR_INVALID_PARAM}, "aclrtFree");
            if (e == 0) {
                bool known = false;
                for (auto it = live.device.begin(); it != live.device.end(); ++it) {
                    if (*it == p) {
                        live.device.erase(it);
                        known = true;
                        break;
                    }
                }
                expect(known, "aclrtFree accepted a pointer that is not a live allocation");
            }
            break;
        }
        case 2: {  // memset anywhere
            void *p = pointer(in, live, stale);
            size_t maxCount = static_cast<size_t>(in.i64()), count = static_cast<size_t>(in.i64());
            aclError e = in.flag() ? aclrtMemset(p, maxCount, in.u8(), count)
                                   : aclrtMemsetAsync(p, maxCount, in.u8(), count, nullptr);
            expectStatus(e, {ACL_ERROR_INVALID_PARAM, ACL_ERROR_RT_INVALID_HANDLE}, "aclrtMemset");
            break;
        }
        case 3: {  // copy between host and device, any kind
            void *devicePtr = pointer(in, live, stale);
            size_t count = static_cast<size_t>(in.i64());
            size_t destMax = in.flag() ? count : static_cast<size_t>(in.i64());
            bool toDevice = in.flag();
            // The direction the call makes, device to device (our host buffer is not device memory),
            // or no kind at all. Never a kind that declares the device-side pointer to be host
            // memory: the library cannot tell an invented host pointer from a real one.
            auto kind = toDevice ? ACL_MEMCPY_HOST_TO_DEVICE : ACL_MEMCPY_DEVICE_TO_HOST;
            switch (in.u8() % 4) {
                case 1: kind = ACL_MEMCPY_DEVICE_TO_DEVICE; break;
                case 2: {
                    int64_t k = wrapUnsigned3(in.i64());
                    if (k > ACL_MEMCPY_DEFAULT) kind = static_cast<aclrtMemcpyKind>(k);
                    break;
                }
                default: break;
            }
            // The host side is ours: it must really hold what the call may touch.
            size_t hostBytes = toDevice ? count : destMax;
            if (hostBytes > kMaxHostBytes) break;
            std::vector<uint8_t> host(hostBytes + 1, 0x5a);
            aclError e = toDevice ? aclrtMemcpy(devicePtr, destMax, host.data(), count, kind)
                                  : aclrtMemcpy(host.data(), destMax, devicePtr, count, kind);
            expectStatus(e, {ACL_ERROR_INVALID_PARAM}, "aclrtMemcpy");
            expect(host[hostBytes] == 0x5a, "aclrtMemcpy wrote past destMax");
            break;
        }
        case 4: {  // device to device
            void *a = pointer(in, live, stale), *b = pointer(in, live, stale);
            size_t count = static_cast<size_t>(in.i64());
            aclError e = aclrtMemcpy(a, static_cast<size_t>(in.i64()), b, count, ACL_MEMCPY_DEVICE_TO_DEVICE);
            expectStatus(e, {ACL_ERROR_INVALID_PARAM}, "aclrtMemcpy(device to device)");
            break;
        }
        default: {
            size_t freeBytes = 0, total = 0;
            aclError e = aclrtGetMemInfo(static_cast<aclrtMemAttr>(wrapUnsigned3(in.i64())), &freeBytes, &total);
            expectStatus(e, {ACL_ERROR_INVALID_PARAM}, "aclrtGetMemInfo");
            expect(e != 0 || freeBytes <= total, "aclrtGetMemInfo: free > total");
            break;
        }
    }
}

void streamsAndEvents(FuzzReader &in, Live &live) {
    auto bogus = reinterpret_cast<void *>(static_cast<uintptr_t>(in.raw64()) | 0x8);
    auto pick = [&](const std::vector<void *> &from) -> void * {
        switch (in.u8() % 3) {
            case 0: return from.empty() ? nullptr : from[in.below(from.size())];
            case 1: return nullptr;
            default: return bogus;
        }
    };
    std::initializer_list<int> handleErrors = {ACL_ERROR_INVALID_PARAM, ACL_ERROR_RT_INVALID_HANDLE,
                                               ACL_ERROR_RT_PARAM_INVALID, ACL_ERROR_INVALID_RESOURCE_HANDLE};
    switch (in.u8() % 8) {
        case 0: {
            aclrtStream s = nullptr;
            if (live.streams.size() < 4 && aclrtCreateStream(&s) == 0) live.streams.push_back(s);
            break;
        }
        case 1: {
            aclrtEvent e = nullptr;
            if (live.events.size() < 4 && aclrtCreateEventWithFlag(&e, in.u8()) == 0) live.events.push_back(e);
            break;
        }
        case 2:
            expectStatus(aclrtRecordEvent(pick(live.events), pick(live.streams)), handleErrors, "aclrtRecordEvent");
            break;
        case 3:
            expectStatus(aclrtStreamWaitEvent(pick(live.streams), pick(live.events)), handleErrors,
                         "aclrtStreamWaitEvent");
            break;
        case 4: {
            aclrtEventRecordedStatus st{};
            expectStatus(aclrtQueryEventStatus(pick(live.events), &st), handleErrors, "aclrtQueryEventStatus");
            break;
        }
        case 5: {
            float ms = 0;
            expectStatus(aclrtEventElapsedTime(&ms, pick(live.events), pick(live.events)), handleErrors,
                         "aclrtEventElapsedTime");
            break;
        }
        case 6:
            expectStatus(aclrtSynchronizeStream(pick(live.streams)), handleErrors, "aclrtSynchronizeStream");
            break;
        default: {
            void *victim = pick(live.streams);
            aclError e = aclrtDestroyStream(victim);
            expectStatus(e, handleErrors, "aclrtDestroyStream");
            if (e == 0) {
                for (auto it = live.streams.begin(); it != live.streams.end(); ++it) {
                    if (*it == victim) {
                        live.streams.erase(it);
                        break;
                    }
                }
            }
            break;
        }
    }
}

Seed seed(const char *name, std::initializer_list<uint8_t> actions) {
    FuzzWriter w;
    for (uint8_t a : actions) {
        w.u8(a);
        for (int i = 0; i < 24; ++i) w.u8(static_cast<uint8_t>(32 + (i * 7) % 40));  // small values
    }
    return Seed{name, w.bytes()};
}

void *g_stale = nullptr;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    // A device pointer that was freed: every call given it must say so.
    if (aclrtMalloc(&g_stale, 4096, ACL_MEM_MALLOC_HUGE_FIRST) != 0 || aclrtFree(g_stale) != 0) {
        fuzzFail("cannot make a stale device pointer");
    }
    writeSeedsIfAsked({
        seed("tensor", {0}),
        seed("arrays", {1}),
        seed("lists", {0, 0, 2}),
        seed("executors", {3}),
        seed("memory", {4, 4, 4, 4, 4, 4}),
        seed("streams", {5, 5, 5, 5, 5}),
        seed("mixed", {4, 0, 5, 1, 4, 2, 3, 4, 5}),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    Live live;
    for (int step = 0; step < 32 && in.consumed() < size; ++step) {
        switch (in.u8() % 6) {
            case 0: createTensor(in, live); break;
            case 1: arrays(in); break;
            case 2: scalarsAndLists(in, live); break;
            case 3: executors(in); break;
            case 4: memory(in, live, g_stale); break;
            default: streamsAndEvents(in, live); break;
        }
    }
    return 0;
}
