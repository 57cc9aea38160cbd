// The GEMM seam: row-major matrix products on a stream's queue, reading and writing buffers at element
// offsets, through one of three backends chosen per device and per sequence of products (chooseBackend):
// - CLBlast, on every device, with its temporary buffer carved from the aclnn workspace;
// - the host BLAS (host_blas.h: oneMKL or OpenBLAS in an OpenCL native kernel), fp32 only, on
//   CPU-memory devices that run native kernels;
// - the own GEMM (own_gemm.h: cl_kernels/gemm.cl), fp32 only, on every device; it alone folds
//   ConvTbc's taps into one product (Product::conv).
//
// Plan time:  chooseBackend(); for CLBlast, gemmTempBytes() for every GEMM (this also applies the
//             device's tuned parameters, which must happen before CLBlast compiles its first GEMM kernel
//             on that device), then reserve tempRegionBytes(device, max) bytes of workspace.
// Run time:   makeTempBuffer() on that region once, then enqueueProducts() (or gemm()), in queue order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/cl_handles.h"
#include "runtime/device.h"
#include "runtime/memory.h"

namespace aclcl {
namespace blas {

enum class Precision { Half = 16, Single = 32 };
enum class Op { NoTrans, Trans };

// C (m x n) = alpha * op(A) * op(B) + beta * C, all row-major; op(A) is m x k and op(B) is k x n.
// Leading dimensions are in elements: A is stored m x k (k x m when transposed) with row pitch lda.
struct GemmDims {
    Op transA = Op::NoTrans, transB = Op::NoTrans;
    size_t m = 0, n = 0, k = 0;
    size_t lda = 0, ldb = 0, ldc = 0;
};

// Bytes of temporary buffer CLBlast needs for this GEMM (each of its blocks) at any operand offsets
// (0 when it runs its direct kernel, which needs none). Applies the device's tuned parameters first
// (tuned_params.h).
uint64_t gemmTempBytes(Device &device, Precision precision, const GemmDims &dims);

// Workspace bytes to reserve for a temp buffer of tempBytes: CLBlast reads its temp buffer from
// offset 0 of a cl_mem, so it becomes a sub-buffer, whose origin must be aligned to the device's
// CL_DEVICE_MEM_BASE_ADDR_ALIGN; the slack lets any workspace address reach an aligned origin.
uint64_t tempRegionBytes(const Device &device, uint64_t tempBytes);

// The temp buffer inside a reserved region that starts `regionByte` bytes into `workspace`; null when
// tempBytes is 0. Releasing it right after the GEMMs are enqueued is fine: OpenCL keeps it alive
// until they finish.
ClMemPtr makeTempBuffer(const Device &device, cl_mem workspace, uint64_t regionByte, uint64_t tempBytes);

// Enqueues one GEMM on queue (offsets of a, b and c are in elements of the precision). Dimensions
// must be non-zero. On a CPU device a GEMM too big for the caches runs as a fixed sequence of
// smaller CLBlast GEMMs (gemm_blocking.h); temp must be at least gemmTempBytes() for these dims.
// Throws Error(ACLNN_ERR_INNER) with CLBlast's status when it fails.
void gemm(const Device &device, cl_command_queue queue, Precision precision, const GemmDims &dims, float alpha,
          const BufferRef &a, const BufferRef &b, float beta, const BufferRef &c, cl_mem temp);

enum class Backend { ClBlast, HostBlas, Own };
const char *backendName(Backend backend);  // "CLBlast", "host BLAS", "own GEMM"

struct BackendChoice {
    Backend backend = Backend::ClBlast;
    std::string why;  // why this backend (or, for the host BLAS, which library), for the plan log
};

// ConvTbc's taps folded into one product (own GEMM only): A is the implicit m x (taps * cin) matrix whose
// element (r, tap * cin + c) is the stored A's row r + (tap - pad) * batch, column c, where that row
// exists (the stored A has m + (taps - 1 - 2 pad) * batch rows of cin, pitch lda); a tap whose row does
// not exist is skipped. B is the (taps * cin) x n weight. taps 0: a plain product.
struct ConvTaps {
    uint32_t taps = 0, cin = 0, batch = 0, pad = 0;
};

// One action of a sequence: C (+)= alpha * op(A) * op(B) + beta * C as gemm() does, or (zero) zeroCount
// zero elements at c. Offsets in elements of the precision. conv and bias: the own GEMM only.
struct Product {
    bool zero = false;
    GemmDims dims;
    float alpha = 1.0f, beta = 0.0f;
    BufferRef a, b, c;
    uint64_t zeroCount = 0;
    ConvTaps conv;
    BufferRef bias;  // when set, bias[col] is added to each element after alpha * op(A) * op(B) + beta * C
};

// The backend for a sequence of products on this device: the test hook GemmBackend (1 CLBlast, 2 host,
// 3 own), else ACLNN_OPENCL_GEMM (clblast, host, own, auto; read on every call), else auto. Auto takes
// the host BLAS where it can run (fp32, the device runs native kernels on host-unified memory, the
// library loads), else the own GEMM on a GPU where it can run every product, else CLBlast; host and own
// take that backend where it can run, else auto's choice, saying why. No size threshold: the host BLAS
// measured faster at every size, down to a ConvTbc of T 4, B 1, C 4 (docs/gemm.md). A sequence with a
// folded convolution (Product::conv) is planned only where the choice is the own GEMM.
BackendChoice chooseBackend(const Device &device, Precision precision, const std::vector<Product> &products = {});

// Enqueues the products in order on queue through backend: for CLBlast one gemm() or fill per product,
// temp as for gemm(); for the host BLAS native kernels that run all of them (temp unused); for the own
// GEMM one kernel or fill per product, and a second kernel for a split-K product, whose slices go to temp
// (at least ownGemmTempBytes() of each product, own_gemm.h).
void enqueueProducts(Device &device, cl_command_queue queue, Backend backend, Precision precision,
                     const std::vector<Product> &products, cl_mem temp);

// CLBlast's name for a status code ("kInvalidDimension"), for messages.
const char *clblastStatusName(int status);

}  // namespace blas
}  // namespace aclcl
