// unique_ptr wrappers that release OpenCL objects, and a check that turns cl errors into Error.
#pragma once

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <memory>
#include <type_traits>

#include "common/error.h"

namespace aclcl {

template <class Handle, cl_int (*Release)(Handle)>
struct ClReleaser {
    void operator()(Handle h) const noexcept {
        if (h) Release(h);
    }
};

using ClContextPtr = std::unique_ptr<std::remove_pointer_t<cl_context>, ClReleaser<cl_context, clReleaseContext>>;
using ClQueuePtr =
    std::unique_ptr<std::remove_pointer_t<cl_command_queue>, ClReleaser<cl_command_queue, clReleaseCommandQueue>>;
using ClMemPtr = std::unique_ptr<std::remove_pointer_t<cl_mem>, ClReleaser<cl_mem, clReleaseMemObject>>;
using ClProgramPtr = std::unique_ptr<std::remove_pointer_t<cl_program>, ClReleaser<cl_program, clReleaseProgram>>;
using ClKernelPtr = std::unique_ptr<std::remove_pointer_t<cl_kernel>, ClReleaser<cl_kernel, clReleaseKernel>>;
using ClEventPtr = std::unique_ptr<std::remove_pointer_t<cl_event>, ClReleaser<cl_event, clReleaseEvent>>;

const char *clErrorName(cl_int err);

// Throws Error(code, "<what> failed: CL_...") when err != CL_SUCCESS.
void clCheck(cl_int err, const char *what, int code);

// Releases `event` after waiting for it; throws Error(code) if the wait fails. The library blocks
// only this way, never with a blocking enqueue or clFinish: Mesa 22.3's rusticl returns from those
// before the work is done when another thread flushed the same queue meanwhile (docs/devices.md).
void waitAndRelease(cl_event event, const char *what, int code);

}  // namespace aclcl
