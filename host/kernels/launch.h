// Setting kernel arguments and enqueueing with rounded-up global sizes (kernels bounds-check).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "common/test_hooks.h"
#include "kernels/program_cache.h"
#include "runtime/cl_handles.h"
#include "runtime/device.h"
#include "runtime/memory.h"

namespace aclcl {

// An NDRange: global sizes (rounded up to a multiple of the local ones at launch), and local sizes,
// or local[0] == 0 for a 1-D launch whose local size the launcher picks.
struct LaunchSize {
    cl_uint dims = 1;
    size_t global[3] = {1, 1, 1};
    size_t local[3] = {0, 1, 1};

    static LaunchSize linear(size_t n, size_t local = 0);
    static LaunchSize grid(cl_uint dims, const size_t *global, const size_t *local);
    std::string describe() const;  // "global [64,8,4] local [64,4,1]"
};

// Local memory of `bytes` for a `__local` kernel parameter.
struct LocalMemory {
    size_t bytes;
};

namespace detail {
// The OpenCL C spelling of a host argument type, for the check against the kernel's parameter types
// (nullptr: not checked).
template <class T>
constexpr const char *clTypeName() {
    if constexpr (std::is_same_v<T, cl_int>) return "int";
    if constexpr (std::is_same_v<T, cl_uint>) return "uint";
    if constexpr (std::is_same_v<T, cl_long>) return "long";
    if constexpr (std::is_same_v<T, cl_ulong>) return "ulong";
    if constexpr (std::is_same_v<T, cl_float>) return "float";
    if constexpr (std::is_same_v<T, cl_double>) return "double";
    if constexpr (std::is_same_v<T, cl_long8>) return "long8";
    return nullptr;
}
struct KernelShared;  // launch.cpp
}  // namespace detail

// One cl_kernel of a program, owned by one plan (kernel objects are not thread-safe: each executor
// sets its own arguments). What does not change between plans (work-group limit, parameter count and
// types) is read once per (program, kernel name) and shared; cl_kernels of executors that are gone
// are kept in a small pool and reused, so a repeated call with the same shapes creates no OpenCL
// object (clearProgramCache and aclFinalize release the pool).
class Kernel {
public:
    Kernel(const ProgramHandle &program, const char *name);
    ~Kernel();
    Kernel(const Kernel &) = delete;
    Kernel &operator=(const Kernel &) = delete;

    // Sets all arguments in order. A BufferRef fills two parameters: (__global T* p, ulong p_off).
    // Setting fewer or more than the kernel's parameter count is an internal error, and so is (where the
    // implementation reports parameter types) a value whose type is not the parameter's: an int for a
    // long, a buffer for a scalar, local memory for a global pointer.
    template <class... Args>
    Kernel &args(const Args &...values) {
        next_ = 0;
        (set(values), ...);
        checkArgCount();
        return *this;
    }

    // One work-item per element in [0, n); n == 0 enqueues nothing. local 0 picks a size.
    void launch1d(cl_command_queue queue, size_t n, size_t local = 0);
    // Up to 3 dimensions; each global size is rounded up to a multiple of its local size.
    void launch(cl_command_queue queue, cl_uint dims, const size_t *global, const size_t *local);
    void launch(cl_command_queue queue, const LaunchSize &size);

    // The largest work-group this kernel can run on its device.
    size_t maxWorkGroupSize() const;
    // CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: the device's SIMD width for this kernel (NVIDIA: 32).
    size_t preferredWorkGroupMultiple() const;
    cl_kernel get() const { return kernel_.get(); }
    const char *name() const;

private:
    void checkArgCount() const;
    void set(const LocalMemory &m);
    void set(const BufferRef &b);
    void set(cl_mem m);
    // `type`: the OpenCL C type the parameter must have (nullptr: not checked).
    void setRaw(size_t size, const void *value, const char *type);
    template <class T>
    void set(const T &v) {
        setRaw(sizeof(T), &v, detail::clTypeName<T>());
    }
    void checkParameter(const char *expected, cl_kernel_arg_address_qualifier space) const;

    std::shared_ptr<detail::KernelShared> shared_;
    ClKernelPtr kernel_;
    cl_uint next_ = 0;
};

// A kernel's parameters as the implementation reports them (programs are built with
// -cl-kernel-arg-info): type names in OpenCL C's short spelling ("" for types Kernel::args does not
// compare), address spaces and names. False when the implementation does not report them.
struct KernelParameters {
    std::vector<std::string> types, names;
    std::vector<cl_kernel_arg_address_qualifier> spaces;
};
bool readKernelParameters(cl_kernel kernel, KernelParameters *out);
// Some implementations drop the parameter info from a program created from a binary
// (kernels/binary_cache.h, which stores it beside the binary): what Kernel reads for such a program's
// kernels instead, by kernel name, until the program is released (forgetKernelParameters).
void rememberKernelParameters(cl_program program, std::map<std::string, KernelParameters> byKernel);
void forgetKernelParameters(cl_program program);

// Releases the pooled cl_kernels and the shared kernel facts (clearProgramCache calls it).
void clearKernelPool();
// For tests and leak accounting: cl_kernels Kernel has created since the process started, and idle
// ones in the pool now.
size_t kernelObjectsCreated();
size_t pooledKernelCount();

inline size_t roundUp(size_t n, size_t multiple) { return (n + multiple - 1) / multiple * multiple; }

// A local size for a (W, H, planes) NDRange over image rows: the row split into near-equal pieces of
// at most rowTarget work-items (a multiple of 8), then as many rows as fit in `target` work-items.
void rowLocalSize(size_t kernelMax, int64_t W, int64_t H, size_t local[3], size_t target = 256,
                  size_t rowTarget = 64);
// The most loop trips, all its loops together, that one work-item of a walking kernel (one work-item
// per row, plane or group: the CPU kernels) may take. Mesa's llvmpipe stops every work-item's loops
// after 65,535 trips in all, without an error, and other drivers end long-running work-items with
// watchdogs; no OpenCL query tells either. A longer walk runs on the kernels that spread the same work
// over many work-items (the GPU shapes), or is split (docs/devices.md, "Bounded loops").
constexpr double kMaxWalkTrips = 32768;

// The one CPU/GPU kernel-path decision: whether an operator takes the kernels that spread its work over
// many work-items (GPUs, rusticl: Device::manyWorkItemKernels), or the tests force them on any device
// (TestHook::ManyWorkItemKernels).
inline bool manyWorkItemKernels(const Device &device) {
    return testHook(TestHook::ManyWorkItemKernels) != 0 || device.manyWorkItemKernels();
}

// Whether work-items that each loop about `trips` times stay within kMaxWalkTrips: the bound alone, for a
// kernel that walks on every device (MaxUnpool2dBackward's staged gather, one work-group per plane).
inline bool walkWithinBound(double trips) { return trips <= kMaxWalkTrips; }

// Whether an operator may take its walking kernel for a launch whose work-items each loop about `trips`
// times: not where manyWorkItemKernels says so, not beyond kMaxWalkTrips. The one place the operators
// ask.
inline bool walkingKernelFits(const Device &device, double trips) {
    return !manyWorkItemKernels(device) && walkWithinBound(trips);
}

// The launch of a row-walking kernel (CPU devices: pad2d_fwd_rows, upsample_nearest2d_fwd_rows and _bwd_rows),
// NDRange (rows / rowsPerItem, planes), each work-item walking rowsPerItem rows of about `rowTrips` loop trips
// each. rowsPerItem: 1 with 64 work-items a group (PoCL vectorises each row's loop); on a device that packs
// work-items into SIMD lanes (Device::packsWorkItems: Intel's runtime) one work-item a group, so that a row
// stays in vector registers, and since such a runtime pays for every work-group it dispatches, rows of about
// 4096 trips in all, within the walk bound and leaving each compute unit at least 8 work-groups.
struct RowWalk {
    int64_t rowsPerItem = 1;
    LaunchSize size;
    std::string describe() const;  // for the plan log: "rows: 2 a work-item"
};
RowWalk rowWalk(const Device &device, size_t kernelMax, int64_t rows, double rowTrips, int64_t planes);

// The launch of a plane-walking kernel (CPU devices: Convolution's bias_planes_walk and bias_crop), NDRange
// (planes): one work-item a plane, 64 a group; one a group on a device that packs work-items into SIMD lanes
// (Device::packsWorkItems: Intel's runtime), where a plane's vectors would become scatters across lanes.
LaunchSize planeWalk(const Device &device, size_t kernelMax, int64_t planes);

// A local size of about `target` work-items: the x extent first (up to its global size), then y, z;
// within the device's per-dimension limits.
void fillLocalSize(const Device &device, size_t kernelMax, const size_t global[3], size_t target, size_t local[3]);

}  // namespace aclcl
