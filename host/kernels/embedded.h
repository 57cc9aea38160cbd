// OpenCL C sources from cl_kernels/, embedded at build time (cmake/EmbedKernels.cmake).
#pragma once

namespace aclcl {

// The source of cl_kernels/<name>.cl; nullptr when there is no such file.
const char *embeddedKernelSource(const char *name);

}  // namespace aclcl
