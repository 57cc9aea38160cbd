// Setting kernel arguments and enqueueing with rounded-up global sizes (kernels bounds-check).
#pragma once

#include <cstddef>

#include "kernels/program_cache.h"
#include "runtime/cl_handles.h"
#include "runtime/memory.h"

namespace aclcl {

class Kernel {
public:
    Kernel(const ProgramHandle &program, const char *name);

    // Sets all arguments in order. A BufferRef fills two parameters: (__global T* p, ulong p_off).
    template <class... Args>
    Kernel &args(const Args &...values) {
        next_ = 0;
        (set(values), ...);
        return *this;
    }

    // One work-item per element in [0, n); n == 0 enqueues nothing. local 0 picks a size.
    void launch1d(cl_command_queue queue, size_t n, size_t local = 0);
    // Up to 3 dimensions; each global size is rounded up to a multiple of its local size.
    void launch(cl_command_queue queue, cl_uint dims, const size_t *global, const size_t *local);

    // The largest work-group this kernel can run on its device.
    size_t maxWorkGroupSize() const { return maxLocal_; }
    cl_kernel get() const { return kernel_.get(); }

private:
    void set(const BufferRef &b);
    void set(cl_mem m);
    void setRaw(size_t size, const void *value);
    template <class T>
    void set(const T &v) {
        setRaw(sizeof(T), &v);
    }

    ProgramHandle program_;
    ClKernelPtr kernel_;
    const char *name_;
    cl_uint next_ = 0;
    size_t maxLocal_ = 1;
};

inline size_t roundUp(size_t n, size_t multiple) { return (n + multiple - 1) / multiple * multiple; }

}  // namespace aclcl
