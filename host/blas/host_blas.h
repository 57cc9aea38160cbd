// The host BLAS backend of the GEMM seam: fp32 products computed by OpenBLAS on the host, inside a
// stream's order, through OpenCL native kernels (clEnqueueNativeKernel): one per distinct buffer of a
// sequence of products, the last of which runs them all (host_blas.cpp says why).
//
// Only for devices whose buffers are host memory and which run native kernels (Device::nativeKernels and
// Device::hostUnifiedMemory: PoCL's CPU device, Intel's CPU runtime). The native kernel waits for the
// commands before it and holds back the ones after it like any other command, so stream order, events
// and the fault path are those of the OpenCL kernels around it.
//
// OpenBLAS (Debian's libopenblas0-pthread, libopenblas.so.0) is loaded with dlopen on first use, so the
// library neither links against it nor needs it: without it every product runs in CLBlast.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "blas/gemm.h"

namespace aclcl {
namespace blas {

// Whether OpenBLAS is loaded (the first call loads it and fixes its thread count); when not, why.
bool hostBlasAvailable(std::string *why = nullptr);

// OpenBLAS's own description (openblas_get_config(): version, core, thread count), for logs and the bench.
std::string hostBlasDescription();

// Enqueues products (fp32 only) on queue, which must be in order. The products' buffers may repeat,
// alias one another or be sub-buffers. Throws Error(ACLNN_ERR_RUNTIME_ERROR) when the enqueue fails.
void enqueueHostProducts(cl_command_queue queue, const std::vector<Product> &products);

}  // namespace blas
}  // namespace aclcl
