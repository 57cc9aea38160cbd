// Device memory: each allocation is a cl_mem plus a reserved, inaccessible range of host virtual
// address space, so that user code can hold "device pointers" and do arithmetic on them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/cl_handles.h"
#include "runtime/device.h"

namespace aclcl {

// A buffer position as kernels take it: (cl_mem, offset in elements of the buffer's dtype).
struct BufferRef {
    cl_mem mem = nullptr;
    cl_ulong offset = 0;
};

struct DeviceAddress {
    cl_mem mem = nullptr;
    size_t offset = 0;     // bytes from the start of the allocation
    size_t available = 0;  // bytes from offset to the end of the allocation
    Device *device = nullptr;
};

void *deviceMalloc(Device &device, size_t size);
void deviceFree(void *ptr);  // throws on interior pointers, double frees and unknown pointers
// Finds the allocation containing ptr; throws ACL_ERROR_INVALID_PARAM with `what` in the message
// when ptr is in no allocation or fewer than `bytes` bytes remain in it.
DeviceAddress resolveDevicePointer(const void *ptr, size_t bytes, const LazyText &what);
bool isDevicePointer(const void *ptr);
size_t bytesAllocatedOn(const Device &device);

void *hostMalloc(size_t size);
void hostFree(void *ptr);

// Frees every device and host allocation (aclFinalize).
void releaseAllMemory();

}  // namespace aclcl
