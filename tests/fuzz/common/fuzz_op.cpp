#include "common/fuzz_op.h"
#include "aclnn/opdev/op_errno.h"
#include "common/checked_math.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>

namespace fuzzing {

namespace {

constexpr size_t kWorkspaceBytes = 1 << 20;
// Phase two runs only when every tensor is this small: kernels then finish in milliseconds, and
// the fuzzer spends its time on inputs rather than on legitimately large work.
constexpr int64_t kMaxRunElements = 1 << 16;

struct DeviceState {
    void *arena = nullptr;
    void *workspace = nullptr;
    aclrtStream stream = nullptr;
    aclrtStream destroyedStream = nullptr;  // a handle that was live once
    std::vector<uint8_t> pattern;           // the arena's contents before each run
};
DeviceState g_dev;

// ACLNN_FUZZ_VERBOSE=1 prints every status (to check what the seeds reach).
bool verbose() {
    static const bool on = std::getenv("ACLNN_FUZZ_VERBOSE") != nullptr;
    return on;
}

void check(aclError status, const char *what) {
    if (status != ACL_SUCCESS) fuzzFail(std::string(what) + " failed: " + aclGetRecentErrMsg());
}

bool isOneOf(int status, std::initializer_list<int> codes) {
    for (int c : codes) {
        if (status == c) return true;
    }
    return false;
}

void requireMessage(const char *api, int status) {
    const char *msg = aclGetRecentErrMsg();
    if (!msg || !*msg) fuzzFail(std::string(api) + " returned " + std::to_string(status) + " without a message");
    // guard() maps unexpected C++ exceptions (out_of_range, length_error, ...) to "internal error": a bug.
    if (std::strncmp(msg, "internal error", 14) == 0 || std::strstr(msg, "host memory allocation failed")) {
        fuzzFail(std::string(api) + " failed inside the library: " + msg);
    }
}

int64_t elementCount(const aclTensor *t) {
    int64_t *dims = nullptr;
    uint64_t n = 0;
    if (aclGetViewShape(t, &dims, &n) != 0) return -1;
    int64_t count = 1;
    for (uint64_t i = 0; i < n; ++i) {
        if (dims[i] < 0 || __builtin_mul_overflow(count, dims[i], &count)) count = -1;
        if (count < 0) break;
    }
    delete[] dims;
    return count;
}

// Marks the arena bytes that output t's view covers. Returns false when the view cannot be
// enumerated (then phase two must not have written anything through it).
bool markView(const aclTensor *t, std::vector<bool> &mask) {
    void *addr = nullptr;
    aclDataType dtype = ACL_DT_UNDEFINED;
    int64_t *dims = nullptr, *strides = nullptr;
    uint64_t rank = 0, nstrides = 0;
    int64_t offset = 0;
    aclGetRawTensorAddr(t, &addr);
    aclGetDataType(t, &dtype);
    aclGetViewOffset(t, &offset);
    aclGetViewShape(t, &dims, &rank);
    aclGetViewStrides(t, &strides, &nstrides);
    std::vector<int64_t> d(dims, dims + rank), s(strides, strides + nstrides);
    delete[] dims;
    delete[] strides;
    size_t elem = aclDataTypeSize(dtype);
    auto base = reinterpret_cast<uintptr_t>(addr), arena = reinterpret_cast<uintptr_t>(g_dev.arena);
    if (elem == 0 || s.size() != d.size() || base < arena || base >= arena + kArenaBytes) return false;
    int64_t count = elementCount(t);
    if (count < 0 || count > kMaxRunElements) return false;
    std::vector<int64_t> index(d.size(), 0);
    for (int64_t e = 0; e < count; ++e) {
        // The element's bytes in the arena, summed with overflow checks: an element whose position overflows
        // int64 on the way is left unmarked, as outside the arena (a view whose every partial sum fits, as in
        // a view within the arena, is marked exactly).
        int64_t pos = offset, term = 0, byte = 0;
        bool fits = true;
        for (size_t k = 0; k < d.size() && fits; ++k) {
            fits = aclcl::checkedMul(index[k], s[k], &term) && aclcl::checkedAdd(pos, term, &pos);
        }
        fits = fits && aclcl::checkedMul(pos, static_cast<int64_t>(elem), &byte) &&
               aclcl::checkedAdd(byte, static_cast<int64_t>(base - arena), &byte);
        const int64_t arenaBytes = static_cast<int64_t>(kArenaBytes), elemBytes = static_cast<int64_t>(elem);
        if (fits && byte > -elemBytes && byte < arenaBytes) {
            for (int64_t at = std::max<int64_t>(byte, 0); at < std::min(byte + elemBytes, arenaBytes); ++at) {
                mask[static_cast<size_t>(at)] = true;
            }
        }
        for (size_t k = d.size(); k-- > 0;) {
            if (++index[k] < d[k]) break;
            index[k] = 0;
        }
    }
    return true;
}

std::vector<uint8_t> readArena() {
    std::vector<uint8_t> bytes(kArenaBytes);
    check(aclrtMemcpy(bytes.data(), bytes.size(), g_dev.arena, kArenaBytes, ACL_MEMCPY_DEVICE_TO_HOST),
          "reading the arena");
    return bytes;
}

void restoreArena() {
    check(aclrtMemcpy(g_dev.arena, kArenaBytes, g_dev.pattern.data(), kArenaBytes, ACL_MEMCPY_HOST_TO_DEVICE),
          "restoring the arena");
}

}  // namespace

void fuzzFail(const std::string &what) {
    std::fprintf(stderr, "\n*** aclnn-opencl fuzz finding: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

void initDevice() {
    check(aclInit(nullptr), "aclInit");
    check(aclrtSetDevice(0), "aclrtSetDevice(0)");
    check(aclrtMalloc(&g_dev.arena, kArenaBytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc(arena)");
    check(aclrtMalloc(&g_dev.workspace, kWorkspaceBytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc(workspace)");
    check(aclrtCreateStream(&g_dev.stream), "aclrtCreateStream");
    check(aclrtCreateStream(&g_dev.destroyedStream), "aclrtCreateStream");
    check(aclrtDestroyStream(g_dev.destroyedStream), "aclrtDestroyStream");
    // Small integers and ordinary floats: valid indices for gathers, finite values for arithmetic.
    g_dev.pattern.resize(kArenaBytes);
    uint32_t state = 12345;
    for (size_t i = 0; i < kArenaBytes; i += 4) {
        state = state * 1664525u + 1013904223u;
        uint32_t word = (i / 4) % 2 ? (state >> 29) : 0x3f800000u + ((state >> 9) & 0x7fffu);
        std::memcpy(&g_dev.pattern[i], &word, 4);
    }
    restoreArena();
}

// A first-phase status besides the two parameter codes that an operator's doc page lists, because CANN returns
// it: Permute's empty self with a non-empty out is ACLNN_ERR_INNER_NULLPTR (docs/ops/permute.md).
namespace {
bool documentedOtherStatus(const char *api, aclnnStatus status) {
    return status == ACLNN_ERR_INNER_NULLPTR && std::strcmp(api, "aclnnPermute") == 0;
}
}  // namespace

void checkPhaseOneStatus(const char *api, aclnnStatus status) {
    if (status == 0) return;
    if (!isOneOf(status, {ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID}) && !documentedOtherStatus(api, status)) {
        fuzzFail(std::string(api) + "GetWorkspaceSize returned undocumented status " + std::to_string(status) + ": " +
                 aclGetRecentErrMsg());
    }
    requireMessage(api, status);
}

OpFuzz::~OpFuzz() {
    for (aclTensor *t : tensors_) aclDestroyTensor(t);
    for (aclIntArray *a : arrays_) aclDestroyIntArray(a);
    for (aclScalar *c : scalars_) aclDestroyScalar(c);
}

aclTensor *OpFuzz::readTensor() {
    if (in_.u8() % 16 == 15) return nullptr;
    auto dtype = static_cast<aclDataType>(wrapSigned7(in_.i64()));
    auto format = static_cast<aclFormat>(wrapSigned7(in_.i64()));
    size_t rank = in_.below(10);
    std::vector<int64_t> dims(rank), strides;
    for (auto &d : dims) d = in_.i64();
    bool explicitStrides = in_.flag();
    if (explicitStrides) {
        strides.resize(rank);
        for (auto &s : strides) s = in_.i64();
    }
    int64_t offset = in_.i64();
    std::vector<int64_t> storage(in_.below(10));
    for (auto &s : storage) s = in_.i64();
    void *data = nullptr;
    auto arena = reinterpret_cast<uintptr_t>(g_dev.arena);
    switch (in_.u8() % 4) {
        case 0: data = reinterpret_cast<void *>(arena + in_.u8() * 64u); break;
        case 1: data = reinterpret_cast<void *>(arena + static_cast<uint64_t>(in_.i64())); break;
        case 2: data = reinterpret_cast<void *>(static_cast<uintptr_t>(in_.raw64())); break;
        default: data = nullptr; break;
    }
    aclTensor *t = aclCreateTensor(rank ? dims.data() : nullptr, rank, dtype,
                                   explicitStrides && rank ? strides.data() : nullptr, offset, format,
                                   storage.empty() ? nullptr : storage.data(), storage.size(), data);
    if (!t) fuzzFail(std::string("aclCreateTensor returned nullptr for valid pointers: ") + aclGetRecentErrMsg());
    tensors_.push_back(t);
    return t;
}

aclTensor *OpFuzz::input() { return readTensor(); }

char *OpFuzz::text(std::initializer_list<const char *> choices) {
    const char *choice = choices.begin()[in_.below(choices.size())];
    if (!choice) return nullptr;
    strings_.emplace_back(choice);
    return &strings_.back()[0];
}

aclScalar *OpFuzz::scalar() {
    static const aclDataType kDtypes[] = {ACL_DT_UNDEFINED, ACL_FLOAT,     ACL_FLOAT16, ACL_BF16,  ACL_DOUBLE, ACL_INT8,
                                          ACL_INT32,        ACL_INT64,     ACL_UINT8,   ACL_BOOL,  ACL_UINT16,
                                          ACL_COMPLEX64};
    const aclDataType dtype = kDtypes[in_.below(sizeof kDtypes / sizeof kDtypes[0])];
    const double value = in_.f64();
    if (dtype == ACL_DT_UNDEFINED) return nullptr;  // the null argument
    // The value's bytes in dtype (a float too large for an integer dtype is clamped first: converting it on
    // the host would be undefined).
    const double whole = value != value ? 0 : value > 1e9 ? 1e9 : value < -1e9 ? -1e9 : value;
    // Past float's range: an infinity (the conversion itself would be undefined).
    const float single = value != value ? static_cast<float>(value)
                         : value > 3.4e38   ? std::numeric_limits<float>::infinity()
                         : value < -3.4e38  ? -std::numeric_limits<float>::infinity()
                                            : static_cast<float>(value);
    unsigned char bytes[16] = {};
    auto put = [&bytes](auto v) { std::memcpy(bytes, &v, sizeof v); };
    switch (dtype) {
        case ACL_FLOAT: put(single); break;
        case ACL_FLOAT16: put(aclFloatToFloat16(single)); break;
        case ACL_BF16: {
            uint32_t u;
            std::memcpy(&u, &single, sizeof u);
            put(static_cast<uint16_t>(u >> 16));  // truncated: any bf16 value will do
            break;
        }
        case ACL_DOUBLE: put(value); break;
        // Integers through int64 (whole is within it), then wrapped to the width.
        case ACL_INT8: put(static_cast<int8_t>(static_cast<int64_t>(whole))); break;
        case ACL_INT32: put(static_cast<int32_t>(static_cast<int64_t>(whole))); break;
        case ACL_INT64: put(static_cast<int64_t>(whole)); break;
        case ACL_UINT8: put(static_cast<uint8_t>(static_cast<int64_t>(whole))); break;
        case ACL_BOOL: put(static_cast<uint8_t>(value != 0)); break;
        case ACL_UINT16: put(static_cast<uint16_t>(static_cast<int64_t>(whole))); break;
        default: {  // complex64
            const float parts[2] = {single, -single};
            std::memcpy(bytes, parts, sizeof parts);
            break;
        }
    }
    aclScalar *s = aclCreateScalar(bytes, dtype);
    if (s) scalars_.push_back(s);
    return s;
}

aclTensor *OpFuzz::output() {
    aclTensor *t = readTensor();
    if (t) outputs_.push_back(t);
    return t;
}

aclIntArray *OpFuzz::intArray() {
    if (in_.u8() % 16 == 15) return nullptr;
    std::vector<int64_t> values(in_.below(8));
    for (auto &v : values) v = in_.i64();
    aclIntArray *a = aclCreateIntArray(values.empty() ? nullptr : values.data(), values.size());
    if (!a) fuzzFail("aclCreateIntArray returned nullptr");
    arrays_.push_back(a);
    return a;
}

void OpFuzz::finish(const char *api, aclnnStatus status, uint64_t workspaceSize, aclOpExecutor *executor,
                    PhaseTwo phaseTwo) {
    checkPhaseOneStatus(api, status);
    if (verbose()) std::fprintf(stderr, "%sGetWorkspaceSize: %d %s\n", api, status, status ? aclGetRecentErrMsg() : "");
    if (status != 0) return;
    if (!executor) fuzzFail(std::string(api) + "GetWorkspaceSize succeeded without an executor");
    runPhaseTwo(api, workspaceSize, executor, phaseTwo);
}

void OpFuzz::runPhaseTwo(const char *api, uint64_t workspaceSize, aclOpExecutor *executor, PhaseTwo phaseTwo) {
    bool run = in_.flag();
    for (aclTensor *t : tensors_) {
        int64_t n = elementCount(t);
        if (n < 0 || n > kMaxRunElements) run = false;
    }
    if (!run) {
        if (aclDestroyAclOpExecutor(executor) != 0) fuzzFail("aclDestroyAclOpExecutor failed on a live executor");
        return;
    }
    bool repeatable = in_.flag();
    if (repeatable && aclSetAclOpExecutorRepeatable(executor) != 0) {
        fuzzFail(std::string("aclSetAclOpExecutorRepeatable failed: ") + aclGetRecentErrMsg());
    }
    // Workspace: as asked, absent, one byte short, or an address in no allocation.
    void *workspace = g_dev.workspace;
    uint64_t size = workspaceSize;
    bool workspaceOk = workspaceSize <= kWorkspaceBytes;
    switch (in_.u8() % 8) {
        case 1: workspace = nullptr; workspaceOk = workspaceSize == 0; break;
        case 2:
            if (size > 0) {
                --size;
                workspaceOk = false;
            }
            break;
        case 3: workspace = reinterpret_cast<void *>(0x1000); workspaceOk = workspaceSize == 0; break;
        default: break;
    }
    if (workspaceSize > kWorkspaceBytes) workspace = reinterpret_cast<void *>(0x2000);
    aclrtStream stream = g_dev.stream;
    switch (in_.u8() % 8) {
        case 1: stream = nullptr; break;
        case 2: stream = g_dev.destroyedStream; break;
        case 3: stream = reinterpret_cast<aclrtStream>(0x3000); break;
        default: break;
    }
    int runs = repeatable ? 2 : 1 + in_.below(2);  // a non-repeatable executor run twice: an error
    for (int r = 0; r < runs; ++r) {
        std::vector<uint8_t> before = readArena();
        aclnnStatus status = phaseTwo(workspace, size, executor, stream);
        if (verbose()) std::fprintf(stderr, "%s run %d: %d %s\n", api, r, status, status ? aclGetRecentErrMsg() : "");
        // Faults recorded by kernels (bad gather indices) come back at synchronize.
        aclError sync = aclrtSynchronizeStream(stream == g_dev.stream ? stream : nullptr);
        aclError syncOwn = aclrtSynchronizeStream(g_dev.stream);
        std::vector<uint8_t> after = readArena();
        std::vector<bool> mayWrite(kArenaBytes, false);
        bool secondRunOfOnce = !repeatable && r == 1;
        if (status == 0) {
            if (secondRunOfOnce) fuzzFail(std::string(api) + " ran a destroyed (non-repeatable) executor again");
            if (!workspaceOk) fuzzFail(std::string(api) + " accepted a missing or short workspace");
            for (aclTensor *t : outputs_) markView(t, mayWrite);
        } else {
            if (!isOneOf(status, {ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID, ACL_ERROR_INVALID_PARAM, ACL_ERROR_RT_INVALID_HANDLE})) {
                fuzzFail(std::string(api) + " returned undocumented status " + std::to_string(status) + ": " +
                         aclGetRecentErrMsg());
            }
            requireMessage(api, status);
        }
        for (aclError s : {sync, syncOwn}) {
            if (s != ACL_SUCCESS && s != ACL_ERROR_RT_AICORE_EXCEPTION) {
                fuzzFail(std::string("aclrtSynchronizeStream after ") + api + " returned " + std::to_string(s) +
                         ": " + aclGetRecentErrMsg());
            }
        }
        for (size_t b = 0; b < kArenaBytes; ++b) {
            if (before[b] != after[b] && !mayWrite[b]) {
                fuzzFail(std::string(api) + (status == 0 ? " wrote" : " failed but wrote") + " arena byte " +
                         std::to_string(b) + ", outside every output view (status " + std::to_string(status) + ")");
            }
        }
        if (status != 0 && !repeatable) return;  // a non-repeatable executor is gone after any run
    }
    if (repeatable && aclDestroyAclOpExecutor(executor) != 0) {
        fuzzFail(std::string("aclDestroyAclOpExecutor failed on a repeatable executor: ") + aclGetRecentErrMsg());
    }
    restoreArena();
}

// ----- seeds -----

void writeNullTensor(FuzzWriter &w) { w.u8(15); }

void writeTensor(FuzzWriter &w, const SeedTensor &t) {
    w.u8(0);
    w.i64(t.dtype);
    w.i64(t.format);
    w.u8(static_cast<uint8_t>(t.dims.size()));
    for (int64_t d : t.dims) w.i64(d);
    w.flag(!t.strides.empty());
    for (int64_t s : t.strides) w.i64(s);
    w.i64(t.offset);
    w.u8(static_cast<uint8_t>(t.storageDims.size()));
    for (int64_t s : t.storageDims) w.i64(s);
    if (t.arenaByte % 64 == 0 && t.arenaByte / 64 < 256) {
        w.u8(0);
        w.u8(static_cast<uint8_t>(t.arenaByte / 64));
    } else {
        w.u8(1);
        w.i64(t.arenaByte);
    }
}

void writeIntArray(FuzzWriter &w, const std::vector<int64_t> &values) {
    w.u8(0);
    w.u8(static_cast<uint8_t>(values.size()));
    for (int64_t v : values) w.i64(v);
}

void writeNullIntArray(FuzzWriter &w) { w.u8(15); }

void writePhaseTwo(FuzzWriter &w, bool run, bool repeatable) {
    w.flag(run);
    if (!run) return;
    w.flag(repeatable);
    w.u8(0);  // workspace as asked
    w.u8(0);  // own stream
    if (!repeatable) w.u8(0);  // once
}

void writeSeedsIfAsked(const std::vector<Seed> &seeds) {
    const char *dir = std::getenv("ACLNN_FUZZ_WRITE_SEEDS");
    if (!dir) return;
    mkdir(dir, 0755);
    for (const Seed &s : seeds) {
        std::ofstream out(std::string(dir) + "/" + s.name, std::ios::binary);
        out.write(reinterpret_cast<const char *>(s.bytes.data()), static_cast<std::streamsize>(s.bytes.size()));
        if (!out) fuzzFail("cannot write seed " + s.name + " to " + dir);
    }
    std::printf("wrote %zu seeds to %s\n", seeds.size(), dir);
    std::exit(0);
}

}  // namespace fuzzing
