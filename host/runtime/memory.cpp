#include "runtime/memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <mutex>
#include <set>

#include "acl/acl_base.h"

namespace aclcl {

namespace {

struct Allocation {
    size_t size = 0;
    size_t reserved = 0;  // bytes of address space reserved (size rounded up to pages)
    ClMemPtr mem;
    Device *device = nullptr;
};

// Never destroyed: releasing cl_mem objects from a static destructor, after main returns, would call
// into OpenCL platform libraries that may already have torn themselves down (aclFinalize releases).
std::mutex &g_memMutex = *new std::mutex;
std::map<uintptr_t, Allocation> &g_allocations = *new std::map<uintptr_t, Allocation>;  // keyed by base
std::set<void *> &g_hostAllocations = *new std::set<void *>;
// Bytes allocated per device, kept with the allocations (under g_memMutex) so that the capacity check
// is O(1) and atomic with recording the allocation.
std::map<const Device *, size_t> &g_bytesPerDevice = *new std::map<const Device *, size_t>;

size_t pageSize() {
    static const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    return page;
}

// The allocation whose [base, base + size) contains p; end() when none. Caller holds g_memMutex.
std::map<uintptr_t, Allocation>::iterator findContaining(uintptr_t p) {
    auto it = g_allocations.upper_bound(p);
    if (it == g_allocations.begin()) return g_allocations.end();
    --it;
    // A zero-offset pointer at the very end is accepted for empty ranges; see resolveDevicePointer.
    if (p >= it->first + it->second.reserved) return g_allocations.end();
    return it;
}

}  // namespace

void *deviceMalloc(Device &device, size_t size) {
    if (size == 0) fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: size must be greater than 0");
    if (size > device.maxAllocSize) {
        fail(ACL_ERROR_RT_MEMORY_ALLOCATION,
             strformat("aclrtMalloc: %zu bytes exceeds the largest single allocation of %s (%llu bytes)", size,
                       device.describe().c_str(), static_cast<unsigned long long>(device.maxAllocSize)));
    }
    {
        // Check and claim the bytes in one step: two threads cannot both fit into the same free space.
        std::lock_guard<std::mutex> lock(g_memMutex);
        size_t &used = g_bytesPerDevice[&device];
        if (size > device.globalMemSize || used > device.globalMemSize - size) {
            fail(ACL_ERROR_RT_MEMORY_ALLOCATION,
                 strformat("aclrtMalloc: %zu bytes do not fit: %zu of %llu bytes of %s are already allocated", size,
                           used, static_cast<unsigned long long>(device.globalMemSize), device.describe().c_str()));
        }
        used += size;
    }
    auto unclaim = [&] {
        std::lock_guard<std::mutex> lock(g_memMutex);
        g_bytesPerDevice[&device] -= size;
    };
    Allocation a;
    a.size = size;
    a.reserved = (size + pageSize() - 1) / pageSize() * pageSize();
    a.device = &device;
    cl_int err = CL_SUCCESS;
    a.mem.reset(clCreateBuffer(device.context.get(), CL_MEM_READ_WRITE, size, nullptr, &err));
    if (err != CL_SUCCESS || !a.mem) {
        unclaim();
        fail(ACL_ERROR_RT_MEMORY_ALLOCATION, strformat("aclrtMalloc: clCreateBuffer of %zu bytes on %s failed: %s",
                                                       size, device.describe().c_str(), clErrorName(err)));
    }
    void *base = mmap(nullptr, a.reserved, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) {
        unclaim();
        fail(ACL_ERROR_RT_MEMORY_ALLOCATION, strformat("aclrtMalloc: cannot reserve %zu bytes of address space",
                                                       a.reserved));
    }
    std::lock_guard<std::mutex> lock(g_memMutex);
    g_allocations.emplace(reinterpret_cast<uintptr_t>(base), std::move(a));
    return base;
}

void deviceFree(void *ptr) {
    Allocation victim;
    {
        std::lock_guard<std::mutex> lock(g_memMutex);
        auto it = g_allocations.find(reinterpret_cast<uintptr_t>(ptr));
        if (it == g_allocations.end()) {
            auto inside = findContaining(reinterpret_cast<uintptr_t>(ptr));
            if (inside != g_allocations.end()) {
                fail(ACL_ERROR_INVALID_PARAM,
                     strformat("aclrtFree: %p points %zu bytes into the allocation at %p; free the base pointer",
                               ptr, reinterpret_cast<uintptr_t>(ptr) - inside->first,
                               reinterpret_cast<void *>(inside->first)));
            }
            fail(ACL_ERROR_INVALID_PARAM,
                 strformat("aclrtFree: %p is not a live device allocation (already freed, or never allocated "
                           "by aclrtMalloc)",
                           ptr));
        }
        victim = std::move(it->second);
        g_allocations.erase(it);
        g_bytesPerDevice[victim.device] -= victim.size;
    }
    // The cl_mem is released after pending commands that use it complete (OpenCL refcounting).
    munmap(ptr, victim.reserved);
}

DeviceAddress resolveDevicePointer(const void *ptr, size_t bytes, const LazyText &what) {
    std::lock_guard<std::mutex> lock(g_memMutex);
    auto p = reinterpret_cast<uintptr_t>(ptr);
    auto it = findContaining(p);
    if (it == g_allocations.end()) {
        fail(ACL_ERROR_INVALID_PARAM,
             strformat("%s: %p is not inside any device allocation made by aclrtMalloc", what.str().c_str(), ptr));
    }
    size_t offset = p - it->first;
    if (offset > it->second.size || bytes > it->second.size - offset) {
        fail(ACL_ERROR_INVALID_PARAM,
             strformat("%s: %zu bytes at %p run past the end of its %zu-byte allocation at %p (offset %zu)",
                       what.str().c_str(), bytes, ptr, it->second.size, reinterpret_cast<void *>(it->first), offset));
    }
    return DeviceAddress{it->second.mem.get(), offset, it->second.size - offset, it->second.device};
}

bool isDevicePointer(const void *ptr) {
    std::lock_guard<std::mutex> lock(g_memMutex);
    return findContaining(reinterpret_cast<uintptr_t>(ptr)) != g_allocations.end();
}

size_t bytesAllocatedOn(const Device &device) {
    std::lock_guard<std::mutex> lock(g_memMutex);
    auto it = g_bytesPerDevice.find(&device);
    return it == g_bytesPerDevice.end() ? 0 : it->second;
}

void *hostMalloc(size_t size) {
    if (size == 0) fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: size must be greater than 0");
    void *p = nullptr;
    if (posix_memalign(&p, 64, size) != 0 || !p) {
        fail(ACL_ERROR_BAD_ALLOC, strformat("aclrtMallocHost: cannot allocate %zu bytes", size));
    }
    std::lock_guard<std::mutex> lock(g_memMutex);
    g_hostAllocations.insert(p);
    return p;
}

void hostFree(void *ptr) {
    {
        std::lock_guard<std::mutex> lock(g_memMutex);
        if (g_hostAllocations.erase(ptr) == 0) {
            fail(ACL_ERROR_INVALID_PARAM,
                 strformat("aclrtFreeHost: %p is not a live allocation made by aclrtMallocHost", ptr));
        }
    }
    std::free(ptr);
}

void releaseAllMemory() {
    std::map<uintptr_t, Allocation> allocations;
    std::set<void *> hosts;
    {
        std::lock_guard<std::mutex> lock(g_memMutex);
        allocations.swap(g_allocations);
        hosts.swap(g_hostAllocations);
        g_bytesPerDevice.clear();
    }
    for (auto &kv : allocations) munmap(reinterpret_cast<void *>(kv.first), kv.second.reserved);
    for (void *p : hosts) std::free(p);
}

}  // namespace aclcl
