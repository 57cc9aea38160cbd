// The OpenCL devices this process can use, in a stable order, and what each can do.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "runtime/cl_handles.h"

namespace aclcl {

class Stream;

// The OpenCL implementations whose behaviour steers a kernel choice (docs/devices.md).
enum class Implementation { PoCL, Rusticl, Other };

struct Device {
    int index = 0;  // the aclrt device id
    cl_platform_id platform = nullptr;
    cl_device_id id = nullptr;
    std::string name;
    std::string platformName;
    std::string platformVersion;  // CL_PLATFORM_VERSION
    std::string vendor;
    std::string version;        // CL_DEVICE_VERSION
    std::string driverVersion;  // CL_DRIVER_VERSION
    std::string openclCVersion; // CL_DEVICE_OPENCL_C_VERSION
    std::string extensions;
    cl_device_type type = 0;
    bool fp64 = false;
    bool fp16 = false;
    size_t maxWorkGroupSize = 1;
    cl_ulong globalMemSize = 0;
    cl_ulong maxAllocSize = 0;
    cl_uint computeUnits = 0;
    cl_ulong localMemSize = 0;
    size_t maxWorkItemSizes[3] = {1, 1, 1};
    // Whether the compiler runs neighbouring work-items of dimension 0 in SIMD lanes and wants scalar
    // kernels: CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT 1 with CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT above 1
    // (Intel's CPU runtime: 1 and 16; PoCL: 16 and 16; rusticl: 1 and 1). A loop along a row in each
    // work-item then becomes a strided gather across lanes, so kernels shaped that way want work-groups
    // of one row there (docs/devices.md).
    bool packsWorkItems = false;
    // CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT: above 1 where a work-item's own vector types run as SIMD
    // instructions (PoCL and Intel's CPU runtime: 16); Mesa's llvmpipe reports 1 (it runs work-items in
    // SIMD lanes instead, and kernels that vectorise inside one work-item measured 2-3x slower there).
    cl_uint nativeFloatVectorWidth = 1;
    uint64_t baseAddressAlignBytes = 1;  // CL_DEVICE_MEM_BASE_ADDR_ALIGN, in bytes (sub-buffer origins)
    // CL_DEVICE_EXECUTION_CAPABILITIES has CL_EXEC_NATIVE_KERNEL: host functions run in a queue's order
    // (clEnqueueNativeKernel). PoCL's CPU device, Intel's CPU runtime and Oclgrind: yes; rusticl, NVIDIA: no.
    // Oclgrind's memory is not host-unified (CL_DEVICE_HOST_UNIFIED_MEMORY false).
    bool nativeKernels = false;
    bool hostUnifiedMemory = false;  // CL_DEVICE_HOST_UNIFIED_MEMORY: buffers live in host memory
    // CL_DEVICE_SINGLE_FP_CONFIG has CL_FP_FMA. PoCL and NVIDIA: yes. Mesa's llvmpipe: no, and its fma() is a
    // software routine there (about 10x a multiply and an add); Intel's CPU runtime: no, though its fma() is
    // the CPU's instruction. Kernels whose cost is their multiply-adds (the own GEMM) fuse them only where
    // this is reported or the device is a GPU.
    bool fmaReported = false;
    // The largest cache the device's memory reads pass through, in bytes: CL_DEVICE_GLOBAL_MEM_CACHE_SIZE,
    // and on a CPU device whose buffers are host memory also the host's largest CPU cache as Linux lists
    // it (/sys/devices/system/cpu/cpu0/cache), because the runtimes disagree on which level they report
    // (PoCL: the shared L3, 32 MiB on the 2-core EPYC VM; Intel's CPU runtime: one core's L2, 1 MiB).
    uint64_t cacheBytes = 0;
    Implementation implementation = Implementation::Other;
    // The implementation keeps what it builds on disk itself, each kernel's compiled code included (PoCL's
    // kernel cache), so a later process's build of the same program is already cheap: the library's binary
    // cache (kernels/binary_cache.h) is not used there. Asking PoCL for a program's binary compiles every
    // kernel of it once more for an unknown work-group size before the launch compiles it for the real one
    // (docs/runtime.md, "The program binary cache").
    bool keepsBuildsOnDisk = false;
    // Known compiler bugs that steer kernel choices; operators ask these, never the platform name.
    struct {
        bool stagedGather = false;  // max_unpool2d_backward_staged miscompiles (Mesa rusticl, LLVM 15)
        // Every loop of one work-item stops after 65,535 iterations in all, silently (Mesa's llvmpipe:
        // LP_MAX_TGSI_LOOP_ITERATIONS in gallivm); no OpenCL query reveals it.
        bool loopIterationCap = false;
        // A mem_fence inside a branch breaks the atomics around it: a lock built from atomic_cmpxchg lets
        // work-items in together (Mesa's llvmpipe; measured: 1 or 2 of 1,000 increments under such a lock kept).
        // Programs for such a device are built with ACL_NO_BRANCH_FENCE defined (cl_kernels/common.cl).
        bool fenceInBranch = false;
        // vload_half8 and vstore_half8 compile to 16-byte aligned moves, which fault where the address is only
        // 2-byte aligned, as OpenCL allows (PoCL 3.1; measured: SIGSEGV in a Softmax over rows 20 halves apart).
        // Kernels read FLOAT16 vectors there with vload_half8 only at a 16-byte aligned address.
        bool alignedHalfVectors = false;
    } compilerBugs;
    ClContextPtr context;
    Stream *defaultStream = nullptr;  // owned by the stream registry
    // Whether event profiling gives real timestamps (Mesa 22.3's rusticl reports placeholders);
    // probed on first use by hasEventTimestamps() (runtime/stream.h).
    std::once_flag timestampProbe;
    bool eventTimestamps = true;

    const char *typeName() const;  // "GPU", "CPU", "ACCELERATOR", "OTHER"
    // The kind the kernels are shaped for: a device reporting several types (Oclgrind reports GPU,
    // CPU and accelerator at once) counts as what typeName() says, GPU first.
    bool isGpu() const { return (type & CL_DEVICE_TYPE_GPU) != 0; }
    bool isCpu() const { return !isGpu() && !(type & CL_DEVICE_TYPE_ACCELERATOR) && (type & CL_DEVICE_TYPE_CPU) != 0; }
    // Whether operators take their many-work-item kernels (one element, or a short span, per work-item:
    // the GPU shapes) rather than the CPU kernels that walk a whole row, plane or group in one
    // work-item: on GPUs, and on a CPU whose loops are capped (compilerBugs.loopIterationCap), where a
    // long row would silently stop half-way. The one place the operators ask this.
    bool manyWorkItemKernels() const { return isGpu() || compilerBugs.loopIterationCap; }
    std::string describe() const;   // "[0] NVIDIA H100 (NVIDIA CUDA, GPU)"
};

// Parses ACLNN_OPENCL_DEVICE and the platforms into the device list once; thread-safe.
// Order: GPUs, then accelerators, then CPUs, then others; within a kind, by platform name and
// the platform's own device order. Platforms that report no devices are skipped.
std::vector<Device *> &devices();
Device &deviceAt(int32_t index);  // throws ACL_ERROR_RT_INVALID_DEVICEID

// Whether a device matches one filter of the ACLNN_OPENCL_DEVICE grammar (see docs/devices.md).
bool deviceMatchesFilter(const std::string &platform, const std::string &type, const std::string &name,
                         const std::string &filter);

}  // namespace aclcl
