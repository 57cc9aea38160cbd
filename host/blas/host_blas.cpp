#include "blas/host_blas.h"

#include <dlfcn.h>

#include <atomic>
#include <cctype>
#include <cstdlib>
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
using SetIntFn = void (*)(int);
using IntFromIntFn = int (*)(int);
using IntFn = int (*)();
using ConfigFn = char *(*)();
using VersionFn = void (*)(char *, int);

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

// One loaded BLAS library: its sgemm, or why it is not available.
struct Library {
    SgemmFn sgemm = nullptr;
    std::string why;
    std::string description;
};

// Both libraries' result bits can depend on their thread count (OpenBLAS blocks a product differently per
// thread), so the library fixes it at the machine's hardware thread count instead of leaving it to
// OPENBLAS_NUM_THREADS, MKL_NUM_THREADS or OMP_NUM_THREADS.
int fixedThreadCount() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

template <typename Fn>
Fn symbol(void *lib, const char *name) {
    return reinterpret_cast<Fn>(dlsym(lib, name));
}

Library loadOpenBlas() {
    Library o;
    void *lib = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);  // never closed: products may be queued
    if (!lib) {
        const char *err = dlerror();
        o.why = std::string("libopenblas.so.0 could not be loaded (") + (err ? err : "no reason given") +
                "); scripts/install-deps.sh installs it (libopenblas0-pthread)";
        return o;
    }
    auto sgemm = symbol<SgemmFn>(lib, "cblas_sgemm");
    auto setThreads = symbol<SetIntFn>(lib, "openblas_set_num_threads");
    auto config = symbol<ConfigFn>(lib, "openblas_get_config");
    auto corename = symbol<ConfigFn>(lib, "openblas_get_corename");
    if (!sgemm || !setThreads) {
        o.why = "libopenblas.so.0 has no cblas_sgemm or openblas_set_num_threads";
        return o;
    }
    setThreads(fixedThreadCount());
    o.sgemm = sgemm;
    o.description = strformat("%s, %d threads", config ? config() : "OpenBLAS", fixedThreadCount());
    bool avx2Fma = false, avx512 = false;
    cpuFeatures(&avx2Fma, &avx512);
    const std::string advice = openBlasKernelAdvice(corename ? corename() : "", avx2Fma, avx512);
    if (!advice.empty()) {
        o.description += "; " + advice;
        ACLCL_LOG(Warn, "host BLAS: " + advice);
    }
    return o;
}

// oneMKL's service functions (mkl_service.h, mkl_cbwr.h): the values of their enumerations.
constexpr int kMklThreadingGnu = 3;     // MKL_THREADING_GNU: GNU OpenMP (libgomp), which Debian's gcc brings
constexpr int kMklCbwrStrict = 0x10000;  // MKL_CBWR_STRICT
constexpr int kMklCbwrSuccess = 0;      // MKL_CBWR_SUCCESS

// oneMKL through its single dynamic library, where scripts/install-deps.sh put it (ACLNN_MKL_LIBRARY) or
// wherever the loader finds it. Its bits are fixed the strict way of its Conditional Numerical
// Reproducibility: the code branch the CPU gets today, with STRICT, gives a product's bits independent
// of the thread count and of the operands' alignment (a view's offset moves them). Where the CPU's
// branch has no strict mode, oneMKL is not used.
Library loadMkl() {
    Library o;
    std::vector<std::string> names;
    if (*configuredMklLibrary()) names.push_back(configuredMklLibrary());
    names.push_back("libmkl_rt.so.3");
    names.push_back("libmkl_rt.so.2");
    void *lib = nullptr;
    std::string errors;
    for (const std::string &name : names) {
        lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);  // never closed: products may be queued
        if (lib) break;
        const char *err = dlerror();
        errors += std::string(errors.empty() ? "" : "; ") + (err ? err : name + ": no reason given");
    }
    if (!lib) {
        o.why = "oneMKL could not be loaded (" + errors + "); scripts/install-deps.sh installs it";
        return o;
    }
    auto sgemm = symbol<SgemmFn>(lib, "cblas_sgemm");
    auto threadingLayer = symbol<IntFromIntFn>(lib, "MKL_Set_Threading_Layer");
    auto setThreads = symbol<SetIntFn>(lib, "MKL_Set_Num_Threads");
    auto setDynamic = symbol<IntFromIntFn>(lib, "MKL_Set_Dynamic");
    auto autoBranch = symbol<IntFn>(lib, "MKL_CBWR_Get_Auto_Branch");
    auto cbwrSet = symbol<IntFromIntFn>(lib, "MKL_CBWR_Set");
    auto version = symbol<VersionFn>(lib, "MKL_Get_Version_String");
    if (!sgemm || !threadingLayer || !setThreads || !setDynamic || !autoBranch || !cbwrSet) {
        o.why = "the oneMKL loaded lacks cblas_sgemm or a service function it needs";
        return o;
    }
    if (threadingLayer(kMklThreadingGnu) != kMklThreadingGnu) {
        o.why = "oneMKL would not take GNU OpenMP as its threading layer";
        return o;
    }
    const int branch = autoBranch();
    if (cbwrSet(branch | kMklCbwrStrict) != kMklCbwrSuccess) {
        o.why = strformat("oneMKL has no strict reproducible mode for this CPU's code branch (%d)", branch);
        return o;
    }
    setDynamic(0);
    setThreads(fixedThreadCount());
    char text[256] = {};
    if (version) version(text, sizeof text - 1);
    std::string name = text;  // "Intel(R) oneAPI Math Kernel Library Version 2026.2-Product Build ... for ..."
    name = name.substr(0, name.find(" for "));
    o.sgemm = sgemm;
    o.description = strformat("oneMKL: %s, reproducible branch %d strict, %d threads", name.c_str(), branch,
                              fixedThreadCount());
    return o;
}

const Library &openBlas() {
    static const Library loaded = loadOpenBlas();
    return loaded;
}

const Library &mkl() {
    static const Library loaded = loadMkl();
    return loaded;
}

// With both libraries loaded, products of at least this many multiply-adds run in oneMKL and smaller ones
// in OpenBLAS: inside the OpenCL runtimes' native kernels OpenBLAS ran ConvTbc's smallest taps (512 x 128
// x 128, 8.4 million) faster, oneMKL every tap from 1024 x 256 x 256 (67 million) up (docs/gemm.md).
constexpr double kMklFromMultiplyAdds = 32.0 * 1024 * 1024;

// The libraries products run in. ACLNN_HOST_BLAS, read once: mkl or openblas names one library for every
// product; unset, empty or auto takes both where both load (oneMKL for products of kMklFromMultiplyAdds
// and more, OpenBLAS below), else the one that loads. A named library that does not load falls back to
// the other, with a warning; the plan log names what runs.
struct HostBlas {
    const Library *small = nullptr, *large = nullptr;  // both null when neither loads
    std::string why, description;

    SgemmFn sgemmFor(int m, int n, int k) const;
};

const HostBlas &hostBlas() {
    static const HostBlas chosen = [] {
        const char *env = std::getenv("ACLNN_HOST_BLAS");
        const std::string asked = env ? env : "";
        const bool known = asked.empty() || asked == "auto" || asked == "mkl" || asked == "openblas";
        if (!known) ACLCL_LOG(Warn, "ACLNN_HOST_BLAS=" + asked + " is none of mkl, openblas, auto: using auto");
        HostBlas h;
        if (asked == "mkl" || asked == "openblas") {
            const Library &named = asked == "mkl" ? mkl() : openBlas();
            const Library *use = &named;
            if (!named.sgemm) {  // only then is the other one loaded
                ACLCL_LOG(Warn, "host BLAS: ACLNN_HOST_BLAS=" + asked + ", but " + named.why);
                const Library &other = asked == "mkl" ? openBlas() : mkl();
                use = other.sgemm ? &other : nullptr;
                if (!use) h.why = named.why + "; " + other.why;
            }
            if (use) {
                h.small = h.large = use;
                h.description = use->description;
            }
        } else if (mkl().sgemm && openBlas().sgemm) {
            h.small = &openBlas();
            h.large = &mkl();
            h.description = strformat("%s for products of %.0f multiply-adds and more; %s below",
                                      mkl().description.c_str(), kMklFromMultiplyAdds, openBlas().description.c_str());
        } else if (mkl().sgemm || openBlas().sgemm) {
            h.small = h.large = mkl().sgemm ? &mkl() : &openBlas();
            h.description = h.small->description + " (" + (mkl().sgemm ? openBlas().why : mkl().why) + ")";
        } else {
            h.why = mkl().why + "; " + openBlas().why;
        }
        if (h.large) ACLCL_LOG(Info, "host BLAS: " + h.description);
        return h;
    }();
    return chosen;
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

SgemmFn HostBlas::sgemmFor(int m, int n, int k) const {
    const double multiplyAdds = static_cast<double>(m) * n * k;
    return (multiplyAdds >= kMklFromMultiplyAdds ? large : small)->sgemm;
}

void runProducts(const Batch &batch) {
    const HostBlas &blas = hostBlas();
    for (const HostProduct &p : batch.products) {
        char *c = batch.pointers[p.cSlot] + p.cOffset;
        if (p.zero) {
            std::memset(c, 0, p.zeroBytes);
            continue;
        }
        blas.sgemmFor(p.m, p.n, p.k)(kCblasRowMajor, p.transA ? kCblasTrans : kCblasNoTrans, p.transB ? kCblasTrans : kCblasNoTrans, p.m,
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
    const HostBlas &h = hostBlas();
    if (why) *why = h.why;
    return h.large != nullptr;
}

const char *configuredMklLibrary() {
#ifdef ACLNN_MKL_LIBRARY
    return ACLNN_MKL_LIBRARY;
#else
    return "";
#endif
}

std::string hostBlasDescription() {
    const HostBlas &h = hostBlas();
    return h.large ? h.description : h.why;
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
