// The kernels' launch parameters per device (issue 38): files in host/kernels/tuned/*.params, embedded
// at build time (cmake/EmbedParamFiles.cmake), chosen for a device as the CLBlast parameter files are
// (runtime/device_files.h: exact name, else family, a units line limiting either), or the file that
// ACLNN_OPENCL_KERNEL_PARAMS names ("off": none). aclnn_bench --tune-kernels writes them
// (docs/devices.md, "Tuning the kernels' launch parameters"). Format:
//   device <CL_DEVICE_NAME>
//   units <compute units>          (optional)
//   family <name prefix>           (optional, repeatable)
//   row_stream <kernel> elems=<1..64> group=<X>x<Y>   (either or both; X*Y at most 1024)
// '#' starts a comment line. A kernel that no line names keeps its defaults (kernels/row_stream.h).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "runtime/device.h"
#include "runtime/device_files.h"

namespace aclcl {

// One "row_stream <kernel> ..." line; 0: the kernel's default for that parameter.
struct RowStreamEntry {
    std::string kernel;  // the OpenCL kernel's name: pad2d_fwd_stream, ew_contiguous, ...
    int elems = 0;
    size_t groupX = 0, groupY = 0;
    int line = 0;
};

struct KernelParamsFile : DeviceFileHead {
    std::vector<RowStreamEntry> rowStreams;
    // The entry for kernel; null when the file has none.
    const RowStreamEntry *rowStream(const std::string &kernel) const;
};

// The kernels a row_stream line may name (kernels/row_stream.h's users); a file naming another is malformed.
constexpr const char *kRowStreamKernels[] = {"pad2d_fwd_stream", "pad2d_bwd_stream", "ew_contiguous", "ew_strided"};

constexpr const char *kKernelParamsEnv = "ACLNN_OPENCL_KERNEL_PARAMS";
constexpr int kMaxRowStreamElems = 64;
constexpr size_t kMaxRowStreamGroup = 1024;

// Parses one file. Throws Error(ACLNN_ERR_PARAM_INVALID) naming source and line on a malformed line (the
// head's errors, an unknown line or kernel, a value out of range, a kernel listed twice).
KernelParamsFile parseKernelParamsFile(const std::string &text, const std::string &source);

// The file for a device (selectDeviceFile's rules); null, with the reason in *note, when none applies.
std::unique_ptr<KernelParamsFile> selectKernelParamsFile(const std::string &deviceName, cl_uint computeUnits,
                                                         const char *envValue, std::string *note);

// The embedded files (generated), terminated by an entry whose name is nullptr.
const EmbeddedFile *embeddedKernelParamsFiles();

// The file that applies to device now: chosen once per device and value of ACLNN_OPENCL_KERNEL_PARAMS
// (thread-safe), so that a tuner may point the variable at another file between plans. Null when none
// applies. Throws Error(ACLNN_ERR_PARAM_INVALID) when the file cannot be read or parsed (and retries on
// the next call).
std::shared_ptr<const KernelParamsFile> kernelParamsFor(const Device &device);

}  // namespace aclcl
