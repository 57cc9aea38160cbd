// Builds OpenCL programs from embedded sources, once per (device, program, defines, options).
#pragma once

#include <memory>
#include <string>

#include "runtime/cl_handles.h"
#include "runtime/device.h"

namespace aclcl {

using ProgramHandle = std::shared_ptr<std::remove_pointer_t<cl_program>>;

// The program cl_kernels/<name>.cl with `defines` (generated #define lines) and common.cl in
// front. Thread-safe; concurrent callers of the same key wait for one build. A build failure throws
// ACLNN_ERR_INNER_FIND_KERNEL_ERROR with the build log.
ProgramHandle buildProgram(Device &device, const std::string &name, const std::string &defines);

// Number of programs currently cached (tests and leak accounting).
size_t cachedProgramCount();
void clearProgramCache();

}  // namespace aclcl
