// Copies and fills of device memory within one device (aclrtMemcpy and aclrtMemcpyAsync device to device,
// aclrtMemset and aclrtMemsetAsync): OpenCL's clEnqueueCopyBuffer and clEnqueueFillBuffer, or on the CPU devices,
// for the sizes where they are faster, kernels of the runtime's own (docs/runtime.md, "Device-to-device copies
// and fills").
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/memory.h"
#include "runtime/stream.h"

namespace aclcl {

// Enqueues the copy of `count` bytes from src to dst (one device, ranges that do not overlap) on `stream`,
// with `done` (when not null) set to an event that completes with it.
void enqueueDeviceCopy(Stream &stream, const DeviceAddress &src, const DeviceAddress &dst, size_t count,
                       cl_event *done);
// Enqueues setting `count` bytes at dst to `value` on `stream`, `done` as above.
void enqueueDeviceFill(Stream &stream, const DeviceAddress &dst, uint8_t value, size_t count, cl_event *done);

// Where the kernels run: a CPU device that runs a work-item's own vectors as SIMD instructions (PoCL, Intel's CPU
// runtime; not rusticl on llvmpipe), offsets and count in whole 4-byte words, and at least this many bytes (below,
// OpenCL's own command was as fast or faster). Fills take the kernel on such devices other than PoCL, whose
// clEnqueueFillBuffer was the faster at every size.
constexpr size_t kKernelCopyMinBytes = size_t{4} << 20;
constexpr size_t kKernelFillMinBytes = size_t{1} << 20;
bool kernelCopyApplies(const Device &device, size_t srcOffset, size_t dstOffset, size_t count);
bool kernelFillApplies(const Device &device, size_t offset, size_t count);

}  // namespace aclcl
