#include "kernels/launch.h"

#include <algorithm>

#include "aclnn/opdev/op_errno.h"

namespace aclcl {

Kernel::Kernel(const ProgramHandle &program, const char *name) : program_(program), name_(name) {
    cl_int err = CL_SUCCESS;
    kernel_.reset(clCreateKernel(program.get(), name, &err));
    clCheck(err, strformat("clCreateKernel(%s)", name).c_str(), ACLNN_ERR_INNER_FIND_KERNEL_ERROR);
    cl_device_id device = nullptr;
    clGetProgramInfo(program.get(), CL_PROGRAM_DEVICES, sizeof device, &device, nullptr);
    clGetKernelWorkGroupInfo(kernel_.get(), device, CL_KERNEL_WORK_GROUP_SIZE, sizeof maxLocal_, &maxLocal_, nullptr);
    maxLocal_ = std::max<size_t>(maxLocal_, 1);
}

void Kernel::setRaw(size_t size, const void *value) {
    clCheck(clSetKernelArg(kernel_.get(), next_, size, value),
            strformat("clSetKernelArg(%s, %u)", name_, next_).c_str(), ACLNN_ERR_INNER);
    ++next_;
}

void Kernel::set(cl_mem m) { setRaw(sizeof m, &m); }

void Kernel::set(const BufferRef &b) {
    set(b.mem);
    set(b.offset);
}

void Kernel::launch1d(cl_command_queue queue, size_t n, size_t local) {
    if (n == 0) return;
    if (local == 0) local = std::min<size_t>(256, maxLocal_);
    local = std::min(local, maxLocal_);
    size_t global = roundUp(n, local);
    launch(queue, 1, &global, &local);
}

void Kernel::launch(cl_command_queue queue, cl_uint dims, const size_t *global, const size_t *local) {
    size_t rounded[3] = {1, 1, 1};
    for (cl_uint d = 0; d < dims; ++d) {
        if (global[d] == 0) return;
        rounded[d] = local ? roundUp(global[d], local[d]) : global[d];
    }
    clCheck(clEnqueueNDRangeKernel(queue, kernel_.get(), dims, nullptr, rounded, local, 0, nullptr, nullptr),
            strformat("clEnqueueNDRangeKernel(%s)", name_).c_str(), ACLNN_ERR_RUNTIME_ERROR);
}

}  // namespace aclcl
