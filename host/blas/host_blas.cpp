#include "blas/host_blas.h"

#include <dlfcn.h>

#include <atomic>
#include <cctype>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/log.h"

namespace aclcl {
namespace blas {

namespace {

// CBLAS's enumerations (cblas.h): the values every CBLAS shares.
constexpr int kCblasRowMajor = 101, kCblasNoTrans = 111, kCblasTrans = 112;

using SgemmFn = void (*)(int order, int transA, int transB, int m, int n, int k, float alpha, const float *a,
                         int lda, const float *b, int ldb, float beta, float *c, int ldc);
using SetThreadsFn = void (*)(int);
using ConfigFn = char *(*)();

// The CPU's vector extensions, as OpenBLAS's kernels need them.
void cpuFeatures(bool *avx2Fma, bool *avx512) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    *avx2Fma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    *avx512 = *avx2Fma && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
              __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512bw") &&
              __builtin_cpu_supports("avx512vl");
#else
    *avx2Fma = *avx512 = false;
#endif
}

struct OpenBlas {
    SgemmFn sgemm = nullptr;
    std::string why;  // why it is not available
    std::string description;
};

// OpenBLAS's result bits depend on its thread count (it blocks a product differently per thread), so the
// library fixes it at the machine's hardware thread count instead of leaving it to OPENBLAS_NUM_THREADS.
int fixedThreadCount() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

const OpenBlas &openBlas() {
    static const OpenBlas loaded = [] {
        OpenBlas o;
        void *lib = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);  // never closed: products may be queued
        if (!lib) {
            const char *err = dlerror();
            o.why = std::string("libopenblas.so.0 could not be loaded (") + (err ? err : "no reason given") +
                    "); scripts/install-deps.sh installs it (libopenblas0-pthread)";
            return o;
        }
        auto sgemm = reinterpret_cast<SgemmFn>(dlsym(lib, "cblas_sgemm"));
        auto setThreads = reinterpret_cast<SetThreadsFn>(dlsym(lib, "openblas_set_num_threads"));
        auto config = reinterpret_cast<ConfigFn>(dlsym(lib, "openblas_get_config"));
        auto corename = reinterpret_cast<ConfigFn>(dlsym(lib, "openblas_get_corename"));
        if (!sgemm || !setThreads) {
            o.why = "libopenblas.so.0 has no cblas_sgemm or openblas_set_num_threads";
            return o;
        }
        setThreads(fixedThreadCount());
        o.sgemm = sgemm;
        o.description = strformat("%s, %d threads", config ? config() : "OpenBLAS", fixedThreadCount());
        ACLCL_LOG(Info, "host BLAS: " + o.description);
        bool avx2Fma = false, avx512 = false;
        cpuFeatures(&avx2Fma, &avx512);
        const std::string advice = openBlasKernelAdvice(corename ? corename() : "", avx2Fma, avx512);
        if (!advice.empty()) {
            o.description += "; " + advice;
            ACLCL_LOG(Warn, "host BLAS: " + advice);
        }
        return o;
    }();
    return loaded;
}

struct HostProduct {
    bool zero = false, transA = false, transB = false;
    uint32_t aSlot = 0, bSlot = 0, cSlot = 0;
    uint64_t aOffset = 0, bOffset = 0, cOffset = 0;  // bytes from the start of the slot's buffer
    int m = 0, n = 0, k = 0, lda = 0, ldb = 0, ldc = 0;
    uint64_t zeroBytes = 0;
    float alpha = 1.0f, beta = 0.0f;
};

// One sequence of products in flight. How OpenCL hands a native kernel its buffers is not portable when
// there are several: PoCL (3.1) sorts the memory list by an internal object id and patches the argument
// locations in that order, and replaces a sub-buffer by its parent's start without the origin. So each
// distinct buffer gets a native kernel of its own that records its host pointer here (a root buffer,
// origins added by the host), and the last of them runs the products; the queue is in order. Each of the
// native kernels holds one reference; the last one to finish frees the batch.
struct Batch {
    std::atomic<uint32_t> references{0};
    std::vector<char *> pointers;  // per slot, filled in by the native kernels
    std::vector<HostProduct> products;

    void release(uint32_t count) {
        if (references.fetch_sub(count, std::memory_order_acq_rel) == count) delete this;
    }
};

// The argument block of one native kernel (copied by OpenCL; buffer replaced by its host pointer).
struct NativeArgs {
    Batch *batch;
    uint32_t slot;
    bool runsProducts;
    void *buffer;
};

void runProducts(const Batch &batch) {
    const SgemmFn sgemm = openBlas().sgemm;
    for (const HostProduct &p : batch.products) {
        char *c = batch.pointers[p.cSlot] + p.cOffset;
        if (p.zero) {
            std::memset(c, 0, p.zeroBytes);
            continue;
        }
        sgemm(kCblasRowMajor, p.transA ? kCblasTrans : kCblasNoTrans, p.transB ? kCblasTrans : kCblasNoTrans, p.m,
              p.n, p.k, p.alpha, reinterpret_cast<const float *>(batch.pointers[p.aSlot] + p.aOffset), p.lda,
              reinterpret_cast<const float *>(batch.pointers[p.bSlot] + p.bOffset), p.ldb, p.beta,
              reinterpret_cast<float *>(c), p.ldc);
    }
}

void nativeKernel(void *args) {
    const auto *a = static_cast<const NativeArgs *>(args);
    a->batch->pointers[a->slot] = static_cast<char *>(a->buffer);
    if (a->runsProducts) runProducts(*a->batch);
    a->batch->release(1);
}

// A buffer as the host sees it: sub-buffers by their parent and origin.
struct Root {
    cl_mem mem;
    uint64_t originBytes;
    uint64_t sizeBytes;  // of the buffer asked about (the sub-buffer)
};

Root rootOf(cl_mem mem) {
    cl_mem parent = nullptr;
    size_t origin = 0, size = 0;
    clCheck(clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof size, &size, nullptr), "clGetMemObjectInfo (CL_MEM_SIZE)",
            ACLNN_ERR_RUNTIME_ERROR);
    clCheck(clGetMemObjectInfo(mem, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, nullptr),
            "clGetMemObjectInfo (CL_MEM_ASSOCIATED_MEMOBJECT)", ACLNN_ERR_RUNTIME_ERROR);
    if (!parent) return {mem, 0, size};
    clCheck(clGetMemObjectInfo(mem, CL_MEM_OFFSET, sizeof origin, &origin, nullptr),
            "clGetMemObjectInfo (CL_MEM_OFFSET)", ACLNN_ERR_RUNTIME_ERROR);
    return {parent, origin, size};  // OpenCL 1.2 has no sub-buffer of a sub-buffer
}

// Elements a row-major rows x cols matrix with row pitch ld spans (0 when empty).
uint64_t matrixElements(size_t rows, size_t cols, size_t ld, const char *operand) {
    if (rows == 0 || cols == 0) return 0;
    if (ld < cols) fail(ACLNN_ERR_INNER, strformat("host BLAS: operand %s has row pitch %zu < %zu columns", operand, ld, cols));
    return static_cast<uint64_t>(rows - 1) * ld + cols;
}

int cblasInt(size_t v) {
    if (v > static_cast<size_t>(INT32_MAX))
        fail(ACLNN_ERR_INNER, strformat("host BLAS: a GEMM dimension of %zu exceeds CBLAS's int", v));
    return static_cast<int>(v);
}

}  // namespace

bool hostBlasAvailable(std::string *why) {
    const OpenBlas &o = openBlas();
    if (why) *why = o.why;
    return o.sgemm != nullptr;
}

std::string hostBlasDescription() {
    const OpenBlas &o = openBlas();
    return o.sgemm ? o.description : o.why;
}

void enqueueHostProducts(cl_command_queue queue, const std::vector<Product> &products) {
    std::string why;
    if (!hostBlasAvailable(&why)) fail(ACLNN_ERR_INNER, "host BLAS products asked for, but " + why);
    if (products.empty()) return;
    std::unique_ptr<Batch> batch(new Batch);
    std::vector<cl_mem> roots;
    std::unordered_map<cl_mem, uint32_t> slotOf;
    // The slot of ref's root buffer, and ref's byte offset in it; `elements` from ref on must lie inside
    // ref's buffer (CLBlast checks the same: nothing is written past a buffer).
    auto slot = [&](const char *operand, const BufferRef &ref, uint64_t elements, uint64_t &byteOffset) {
        const Root root = rootOf(ref.mem);
        if ((ref.offset + elements) * sizeof(float) > root.sizeBytes) {
            fail(ACLNN_ERR_INNER,
                 strformat("host BLAS: operand %s needs %llu bytes from byte %llu of its buffer, which holds %llu",
                           operand, static_cast<unsigned long long>(elements * sizeof(float)),
                           static_cast<unsigned long long>(ref.offset * sizeof(float)),
                           static_cast<unsigned long long>(root.sizeBytes)));
        }
        byteOffset = root.originBytes + ref.offset * sizeof(float);
        auto it = slotOf.emplace(root.mem, static_cast<uint32_t>(roots.size()));
        if (it.second) roots.push_back(root.mem);
        return it.first->second;
    };
    for (const Product &p : products) {
        HostProduct h;
        h.zero = p.zero;
        h.zeroBytes = p.zeroCount * sizeof(float);
        if (p.zero) {
            h.cSlot = slot("C", p.c, p.zeroCount, h.cOffset);
        } else {
            const GemmDims &d = p.dims;
            h.transA = d.transA == Op::Trans;
            h.transB = d.transB == Op::Trans;
            h.m = cblasInt(d.m), h.n = cblasInt(d.n), h.k = cblasInt(d.k);
            h.lda = cblasInt(d.lda), h.ldb = cblasInt(d.ldb), h.ldc = cblasInt(d.ldc);
            h.aSlot = slot("A", p.a, matrixElements(h.transA ? d.k : d.m, h.transA ? d.m : d.k, d.lda, "A"), h.aOffset);
            h.bSlot = slot("B", p.b, matrixElements(h.transB ? d.n : d.k, h.transB ? d.k : d.n, d.ldb, "B"), h.bOffset);
            h.cSlot = slot("C", p.c, matrixElements(d.m, d.n, d.ldc, "C"), h.cOffset);
            h.alpha = p.alpha;
            h.beta = p.beta;
        }
        batch->products.push_back(h);
    }
    const auto count = static_cast<uint32_t>(roots.size());
    batch->pointers.assign(count, nullptr);
    batch->references.store(count);
    Batch *inFlight = batch.release();
    for (uint32_t i = 0; i < count; ++i) {
        NativeArgs args{inFlight, i, i + 1 == count, nullptr};
        const void *location = &args.buffer;
        const cl_int err =
            clEnqueueNativeKernel(queue, nativeKernel, &args, sizeof args, 1, &roots[i], &location, 0, nullptr, nullptr);
        if (err != CL_SUCCESS) {
            inFlight->release(count - i);  // the native kernels not enqueued; the others release theirs
            clCheck(err, "clEnqueueNativeKernel (host BLAS products)", ACLNN_ERR_RUNTIME_ERROR);
        }
    }
}

std::string openBlasKernelAdvice(const std::string &core, bool avx2Fma, bool avx512) {
    // OpenBLAS's core names (openblas_get_corename) whose kernels use neither AVX2 nor FMA.
    static const char *const kWithoutAvx2[] = {"katmai", "coppermine", "northwood", "prescott", "banias",
                                               "atom", "core2", "penryn", "dunnington", "nehalem",
                                               "sandybridge", "opteron", "opteron_sse3", "barcelona",
                                               "bobcat", "nano", "unknown"};
    std::string lower;
    for (char c : core) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    bool fallback = false;
    for (const char *name : kWithoutAvx2) fallback = fallback || lower == name;
    if (!fallback || !avx2Fma) return "";
    const char *better = avx512 ? "SkylakeX" : "Haswell";
    return strformat("OpenBLAS chose its %s kernels (no AVX2) on a CPU with %s: its products run at a fraction of "
                     "the CPU's rate; OPENBLAS_CORETYPE=%s names kernels for it, where that OpenBLAS build computes "
                     "correctly on this processor (docs/gemm.md)",
                     core.c_str(), avx512 ? "AVX-512" : "AVX2 and FMA", better);
}

}  // namespace blas
}  // namespace aclcl
