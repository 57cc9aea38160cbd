#include "blas/gemm.h"

#include <clblast.h>
#include <clblast_half.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>
#include <mutex>

#include "aclnn/opdev/op_errno.h"
#include "blas/gemm_blocking.h"
#include "blas/host_blas.h"
#include "blas/own_gemm.h"
#include "blas/tuned_params.h"
#include "common/error.h"
#include "common/log.h"
#include "common/test_hooks.h"
#include "runtime/stream.h"

namespace aclcl {
namespace blas {

namespace {

clblast::Transpose toClblast(Op op) { return op == Op::Trans ? clblast::Transpose::kYes : clblast::Transpose::kNo; }

// CLBlast keeps every program it builds until ClearCache: aclFinalize must release those too.
void releaseClblastCacheAtFinalize() {
    static std::once_flag once;
    std::call_once(once, [] { registerFinalizeHook([] { clblast::ClearCache(); }); });
}

void checkStatus(clblast::StatusCode rc, const char *what, const GemmDims &d) {
    if (rc == clblast::StatusCode::kSuccess) return;
    fail(ACLNN_ERR_INNER,
         strformat("CLBlast %s failed with %s (%d) for m=%zu n=%zu k=%zu lda=%zu ldb=%zu ldc=%zu transA=%d transB=%d",
                   what, clblastStatusName(static_cast<int>(rc)), static_cast<int>(rc), d.m, d.n, d.k, d.lda, d.ldb,
                   d.ldc, d.transA == Op::Trans, d.transB == Op::Trans));
}

uint64_t baseAddressAlignBytes(const Device &device) { return device.baseAddressAlignBytes; }

bool blocksForCaches(const Device &device) { return device.isCpu(); }

size_t elementBytes(Precision precision) { return precision == Precision::Half ? 2 : 4; }

// The pieces of a GEMM on this device. A GEMM big enough for CLBlast's indirect kernel is cut only
// into pieces that still are (CLBlast runs m*n*k < XGEMM_MIN_INDIRECT_SIZE^3 through XgemmDirect).
std::vector<GemmBlock> blocksFor(const Device &device, Precision precision, const GemmDims &d) {
    double minVolume = 0;
    std::unordered_map<std::string, size_t> routine;
    auto clPrecision = precision == Precision::Half ? clblast::Precision::kHalf : clblast::Precision::kSingle;
    if (clblast::RetrieveParameters(device.id, "GemmRoutine", clPrecision, routine) == clblast::StatusCode::kSuccess &&
        routine.count("XGEMM_MIN_INDIRECT_SIZE")) {
        const double s = static_cast<double>(routine["XGEMM_MIN_INDIRECT_SIZE"]);
        const double volume = static_cast<double>(d.m) * static_cast<double>(d.n) * static_cast<double>(d.k);
        if (volume >= s * s * s) minVolume = s * s * s;
    }
    return gemmBlocks(d, elementBytes(precision), blocksForCaches(device), minVolume);
}

}  // namespace

uint64_t gemmTempBytes(Device &device, Precision precision, const GemmDims &whole) {
    releaseClblastCacheAtFinalize();
    applyTunedParameters(device);
    cl_command_queue queue = defaultStream(device).queue();  // only tells CLBlast the device
    // Non-zero offsets: CLBlast skips copying an operand only when its offset is 0 (among other
    // things), so this is the largest size any placement of the operands can need.
    const size_t anyOffset = 1;
    uint64_t most = 0;
    for (const GemmBlock &b : blocksFor(device, precision, whole)) {
        GemmDims d = whole;
        d.m = b.m;
        d.n = b.n;
        d.k = b.k;
        size_t bytes = 0;
        clblast::StatusCode rc;
        // The row-major product asked for, handed to CLBlast as the column-major C^T = op(B)^T op(A)^T
        // (same memory, same result bits): CLBlast's indirect path then need not transpose C.
        if (precision == Precision::Half) {
            rc = clblast::GemmTempBufferSize<half>(clblast::Layout::kColMajor, toClblast(d.transB), toClblast(d.transA),
                                                   d.n, d.m, d.k, anyOffset, d.ldb, anyOffset, d.lda, anyOffset, d.ldc,
                                                   &queue, bytes);
        } else {
            rc = clblast::GemmTempBufferSize<float>(clblast::Layout::kColMajor, toClblast(d.transB),
                                                    toClblast(d.transA), d.n, d.m, d.k, anyOffset, d.ldb, anyOffset,
                                                    d.lda, anyOffset, d.ldc, &queue, bytes);
        }
        checkStatus(rc, "GemmTempBufferSize", d);
        most = std::max<uint64_t>(most, bytes);
    }
    return most;
}

uint64_t tempRegionBytes(const Device &device, uint64_t tempBytes) {
    if (tempBytes == 0) return 0;
    return tempBytes + baseAddressAlignBytes(device) - 1;
}

ClMemPtr makeTempBuffer(const Device &device, cl_mem workspace, uint64_t regionByte, uint64_t tempBytes) {
    if (tempBytes == 0) return nullptr;
    uint64_t align = baseAddressAlignBytes(device);
    cl_buffer_region region;
    region.origin = static_cast<size_t>((regionByte + align - 1) / align * align);
    region.size = static_cast<size_t>(tempBytes);
    cl_int err = CL_SUCCESS;
    ClMemPtr temp(clCreateSubBuffer(workspace, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err));
    clCheck(err, "clCreateSubBuffer (CLBlast temp buffer in the workspace)", ACLNN_ERR_RUNTIME_ERROR);
    return temp;
}

void gemm(const Device &device, cl_command_queue queue, Precision precision, const GemmDims &whole, float alpha,
          const BufferRef &a, const BufferRef &b, float beta, const BufferRef &c, cl_mem temp) {
    releaseClblastCacheAtFinalize();
    for (const GemmBlock &blk : blocksFor(device, precision, whole)) {
        GemmDims d = whole;
        d.m = blk.m;
        d.n = blk.n;
        d.k = blk.k;
        const size_t aOff = a.offset + blockOffsetA(whole, blk), bOff = b.offset + blockOffsetB(whole, blk),
                     cOff = c.offset + blockOffsetC(whole, blk);
        const float blockBeta = blk.firstK ? beta : 1.0f;
        clblast::StatusCode rc;
        // Column-major C^T = op(B)^T op(A)^T, as in gemmTempBytes.
        if (precision == Precision::Half) {
            rc = clblast::Gemm<half>(clblast::Layout::kColMajor, toClblast(d.transB), toClblast(d.transA), d.n, d.m,
                                     d.k, FloatToHalf(alpha), b.mem, bOff, d.ldb, a.mem, aOff, d.lda,
                                     FloatToHalf(blockBeta), c.mem, cOff, d.ldc, &queue, nullptr, temp);
        } else {
            rc = clblast::Gemm<float>(clblast::Layout::kColMajor, toClblast(d.transB), toClblast(d.transA), d.n, d.m,
                                      d.k, alpha, b.mem, bOff, d.ldb, a.mem, aOff, d.lda, blockBeta, c.mem, cOff, d.ldc,
                                      &queue, nullptr, temp);
        }
        checkStatus(rc, "Gemm", d);
    }
}

const char *backendName(Backend backend) {
    switch (backend) {
        case Backend::HostBlas: return "host BLAS";
        case Backend::Own: return "own GEMM";
        default: return "CLBlast";
    }
}

namespace {

enum class Request { Auto, ClBlast, Host, Own };

Request requested() {
    switch (testHook(TestHook::GemmBackend)) {
        case 1: return Request::ClBlast;
        case 2: return Request::Host;
        case 3: return Request::Own;
        default: break;
    }
    const char *env = std::getenv("ACLNN_OPENCL_GEMM");
    if (!env || !*env || std::strcmp(env, "auto") == 0) return Request::Auto;
    if (std::strcmp(env, "clblast") == 0) return Request::ClBlast;
    if (std::strcmp(env, "host") == 0) return Request::Host;
    if (std::strcmp(env, "own") == 0) return Request::Own;
    static std::once_flag warned;
    std::call_once(warned, [env] {
        ACLCL_LOG(Warn, strformat("ACLNN_OPENCL_GEMM=%s is none of clblast, host, own, auto: using auto", env));
    });
    return Request::Auto;
}

// Why the host BLAS cannot run these products on this device; empty when it can.
std::string hostBlasObstacle(const Device &device, Precision precision) {
    if (precision != Precision::Single) return "the host BLAS computes fp32 products only";
    if (!device.nativeKernels) return "the device runs no native kernels";
    if (!device.hostUnifiedMemory) return "the device's memory is not host memory";
    std::string why;
    if (!hostBlasAvailable(&why)) return why;
    return std::string();
}

}  // namespace

namespace {

// Why the own GEMM cannot run every product of the sequence; empty when it can.
std::string ownGemmObstacle(const Device &device, Precision precision, const std::vector<Product> &products) {
    if (precision != Precision::Single) return "the own GEMM computes fp32 products only";
    for (const Product &p : products) {
        if (p.zero) continue;
        std::string why = ownGemmObstacle(device, precision, p);
        if (!why.empty()) return why;
    }
    return std::string();
}

}  // namespace

BackendChoice chooseBackend(const Device &device, Precision precision, const std::vector<Product> &products) {
    const Request request = requested();
    if (request == Request::ClBlast) return {Backend::ClBlast, "asked for"};
    const std::string ownObstacle = ownGemmObstacle(device, precision, products);
    if (request == Request::Own && ownObstacle.empty()) return {Backend::Own, "asked for"};
    const std::string hostObstacle = hostBlasObstacle(device, precision);
    if (hostObstacle.empty()) {
        return {Backend::HostBlas, request == Request::Own ? "the own GEMM was asked for, but " + ownObstacle + "; " +
                                                                 hostBlasDescription()
                                                           : hostBlasDescription()};
    }
    std::string why = request == Request::Host ? "the host BLAS was asked for, but " + hostObstacle : hostObstacle;
    if (request == Request::Own) why = "the own GEMM was asked for, but " + ownObstacle;
    // The own GEMM: tiled on a GPU, walking elsewhere (own_gemm.h; on Mesa's llvmpipe faster than CLBlast on
    // every GEMM case of the benchmark, docs/gemm.md).
    if (ownObstacle.empty()) return {Backend::Own, why + (device.isGpu() ? "; a GPU" : "; not a GPU")};
    return {Backend::ClBlast, why + "; " + ownObstacle};
}

void enqueueProducts(Device &device, cl_command_queue queue, Backend backend, Precision precision,
                     const std::vector<Product> &products, cl_mem temp) {
    if (backend == Backend::HostBlas) {
        enqueueHostProducts(queue, products);
        return;
    }
    for (const Product &p : products) {
        if (!p.zero && (p.conv.taps > 0 || p.bias.mem) && backend != Backend::Own) {
            fail(ACLNN_ERR_INNER, "a folded convolution or a bias epilogue reached a GEMM backend other than the own GEMM");
        }
    }
    const size_t bytes = elementBytes(precision);
    for (const Product &p : products) {
        if (p.zero) {
            const cl_uint zero = 0;
            clCheck(clEnqueueFillBuffer(queue, p.c.mem, &zero, bytes, p.c.offset * bytes, p.zeroCount * bytes, 0,
                                        nullptr, nullptr),
                    "clEnqueueFillBuffer (zero rows of a product sequence)", ACLNN_ERR_RUNTIME_ERROR);
        } else if (backend == Backend::Own) {
            enqueueOwnGemm(device, queue, p, temp);
        } else {
            gemm(device, queue, precision, p.dims, p.alpha, p.a, p.b, p.beta, p.c, temp);
        }
    }
}

const char *clblastStatusName(int status) {
    using S = clblast::StatusCode;
    switch (static_cast<S>(status)) {
        case S::kSuccess: return "kSuccess";
        case S::kOpenCLCompilerNotAvailable: return "kOpenCLCompilerNotAvailable";
        case S::kTempBufferAllocFailure: return "kTempBufferAllocFailure";
        case S::kOpenCLOutOfResources: return "kOpenCLOutOfResources";
        case S::kOpenCLOutOfHostMemory: return "kOpenCLOutOfHostMemory";
        case S::kOpenCLBuildProgramFailure: return "kOpenCLBuildProgramFailure";
        case S::kInvalidValue: return "kInvalidValue";
        case S::kInvalidCommandQueue: return "kInvalidCommandQueue";
        case S::kInvalidMemObject: return "kInvalidMemObject";
        case S::kInvalidLocalThreadsTotal: return "kInvalidLocalThreadsTotal";
        case S::kInvalidLocalThreadsDim: return "kInvalidLocalThreadsDim";
        case S::kInvalidOperation: return "kInvalidOperation";
        case S::kInvalidBufferSize: return "kInvalidBufferSize";
        case S::kNotImplemented: return "kNotImplemented";
        case S::kInvalidMatrixA: return "kInvalidMatrixA";
        case S::kInvalidMatrixB: return "kInvalidMatrixB";
        case S::kInvalidMatrixC: return "kInvalidMatrixC";
        case S::kInvalidDimension: return "kInvalidDimension";
        case S::kInvalidLeadDimA: return "kInvalidLeadDimA";
        case S::kInvalidLeadDimB: return "kInvalidLeadDimB";
        case S::kInvalidLeadDimC: return "kInvalidLeadDimC";
        case S::kInsufficientMemoryA: return "kInsufficientMemoryA";
        case S::kInsufficientMemoryB: return "kInsufficientMemoryB";
        case S::kInsufficientMemoryC: return "kInsufficientMemoryC";
        case S::kInsufficientMemoryTemp: return "kInsufficientMemoryTemp";
        case S::kInvalidOverrideKernel: return "kInvalidOverrideKernel";
        case S::kMissingOverrideParameter: return "kMissingOverrideParameter";
        case S::kInvalidLocalMemUsage: return "kInvalidLocalMemUsage";
        case S::kNoHalfPrecision: return "kNoHalfPrecision";
        case S::kNoDoublePrecision: return "kNoDoublePrecision";
        case S::kDatabaseError: return "kDatabaseError";
        case S::kUnknownError: return "kUnknownError";
        case S::kUnexpectedError: return "kUnexpectedError";
        default: return "an OpenCL or CLBlast error";
    }
}

}  // namespace blas
}  // namespace aclcl
