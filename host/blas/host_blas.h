// The host BLAS backend of the GEMM seam: fp32 products computed by oneMKL or OpenBLAS on the host, inside a
// stream's order, through OpenCL native kernels (clEnqueueNativeKernel): one per distinct buffer of a
// sequence of products, the last of which runs them all (host_blas.cpp says why).
//
// Only for devices whose buffers are host memory and which run native kernels (Device::nativeKernels and
// Device::hostUnifiedMemory: PoCL's CPU device, Intel's CPU runtime). The native kernel waits for the
// commands before it and holds back the ones after it like any other command, so stream order, events
// and the fault path are those of the OpenCL kernels around it.
//
// The BLAS library is loaded with dlopen on first use, so the library neither links against one nor needs
// one: oneMKL (libmkl_rt, from PyPI into .deps/mkl by scripts/install-deps.sh) where it loads and offers its
// strict reproducible mode, else OpenBLAS (Debian's libopenblas0-pthread, libopenblas.so.0);
// ACLNN_HOST_BLAS=mkl|openblas|auto chooses (read once). Without either every product runs in CLBlast.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "blas/gemm.h"

namespace aclcl {
namespace blas {

// Whether a BLAS library is loaded (the first call loads it and fixes its thread count); when not, why.
bool hostBlasAvailable(std::string *why = nullptr);

// The loaded library's description, for logs and the bench: "oneMKL: <version>, reproducible branch <n>
// strict, <threads> threads" or OpenBLAS's own (openblas_get_config(): version, core) and its thread count.
std::string hostBlasDescription();

// Where the build expects oneMKL (scripts/install-deps.sh's place), tried before the loader's search path;
// "" when the build names none.
const char *configuredMklLibrary();

// OpenBLAS picks its kernels from the CPU's model (DYNAMIC_ARCH). A virtual machine that masks the model
// can make it fall back to kernels without AVX2 (seen: "Prescott" on a 16-core Xeon VM, a quarter of the
// rate of its AVX-512 kernels there). The advice to name better ones with OPENBLAS_CORETYPE when
// `core` (openblas_get_corename()) is such a fallback on a CPU with AVX2 and FMA (avx512: also AVX-512
// F/DQ/CD/BW/VL), else "". The library never names kernels itself: some OpenBLAS builds compute wrong
// results with the kernels of some processors, which is why machines set OPENBLAS_CORETYPE.
std::string openBlasKernelAdvice(const std::string &core, bool avx2Fma, bool avx512);

// Enqueues products (fp32 only) on queue, which must be in order. The products' buffers may repeat,
// alias one another or be sub-buffers. Throws Error(ACLNN_ERR_RUNTIME_ERROR) when the enqueue fails.
void enqueueHostProducts(cl_command_queue queue, const std::vector<Product> &products);

}  // namespace blas
}  // namespace aclcl
