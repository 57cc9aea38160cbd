// Tuned CLBlast kernel parameters: parsing the parameter files that scripts/tune-clblast.sh writes
// (format in docs/clblast-tuning.md) and handing them to clblast::OverrideParameters before the
// first GEMM on a device.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "runtime/device.h"
#include "runtime/device_files.h"

namespace aclcl {
namespace blas {

// One "<Kernel> <precision bits> NAME=VALUE ..." line.
struct KernelParams {
    std::string kernel;  // CLBlast kernel family: Xgemm, XgemmDirect, Copy, Pad, Transpose, ...
    int precisionBits = 32;
    std::vector<std::pair<std::string, size_t>> values;
    int line = 0;
};

// A file's head (device, families, units: runtime/device_files.h), then its kernels. A units line
// matters here because tile shapes tuned on 2 cores left most of a 16-core CPU idle
// (docs/clblast-tuning.md).
struct ParamsFile : DeviceFileHead {
    std::vector<KernelParams> kernels;
};

// Parses one file's text. Throws Error(ACLNN_ERR_PARAM_INVALID) naming source and line on a malformed
// line, a missing or repeated device or units line, a family listed twice, or a precision other than 16,
// 32 or 64.
ParamsFile parseParamsFile(const std::string &text, const std::string &source);

// The file whose parameters apply to a device named deviceName with computeUnits compute units (0:
// unknown): the one envValue names (when not null or empty; "off", "none" or "0" mean none), else the
// embedded file tuned on that device, else the embedded file with a family prefix the name starts with
// (the longest such prefix; *note then says which device it was tuned on). A file with a units line
// matches only a device with that many compute units. A named file applies to its own device or
// family. Returns null, with the reason in *note, when none applies; throws
// Error(ACLNN_ERR_PARAM_INVALID) when the named file cannot be read or parsed. applyTunedParameters
// uses it with the device's facts and the environment's value.
std::unique_ptr<ParamsFile> selectParamsFile(const std::string &deviceName, cl_uint computeUnits, const char *envValue,
                                             std::string *note);

// What happened for one device.
struct TuningStatus {
    std::string source;                // the file applied; empty when none matched
    std::string note;                  // why nothing was applied, or other remarks
    std::vector<std::string> applied;  // "Xgemm/32", ...
    std::vector<std::string> defaults; // the library's own choices where no file gave one: "GemmRoutine/32", ...
    std::vector<std::string> failed;   // "Xgemm/32: CLBlast status -2041", ...
};

// On a CPU device (Device::isCpu), CLBlast's direct GEMM kernel (XgemmDirect, shaped for GPUs' local
// memory) ran 3 to 5 times slower than its indirect path at every size measured on PoCL and Intel's
// runtime (docs/clblast-tuning.md, "Direct or indirect on a CPU"); CLBlast's built-in switching point
// (896 on both) sends every product under 896^3 multiply-adds there. So on a CPU device whose file has
// no GemmRoutine line for a precision, the library sets XGEMM_MIN_INDIRECT_SIZE to this.
constexpr size_t kCpuMinIndirectSize = 64;

// The environment variable that names a parameter file (or "off" to use CLBlast's built-in values).
constexpr const char *kParamsEnv = "ACLNN_OPENCL_CLBLAST_PARAMS";

// Applies the parameters for `device` on the first call for that device (thread-safe) and returns
// what was done; later calls return the same status. Then, on a CPU device, kCpuMinIndirectSize for
// each GEMM precision the device has (16 with cl_khr_fp16, 32) that the file left to CLBlast, unless
// ACLNN_OPENCL_CLBLAST_PARAMS is "off". Source: the file named by
// ACLNN_OPENCL_CLBLAST_PARAMS when set ("off" disables tuning), else the embedded file whose device
// line equals the device's name. A named file that cannot be read or parsed throws
// Error(ACLNN_ERR_PARAM_INVALID) (and is retried on the next call); a kernel CLBlast refuses is
// reported on stderr once and keeps CLBlast's built-in values.
const TuningStatus &applyTunedParameters(const Device &device);

}  // namespace blas
}  // namespace aclcl
