#include "kernels/launch.h"

#include <algorithm>
#include <cstring>
#include <utility>

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
    clGetKernelInfo(kernel_.get(), CL_KERNEL_NUM_ARGS, sizeof numArgs_, &numArgs_, nullptr);
}

namespace {

// A reported parameter type in OpenCL C's short spelling ("unsigned int" -> "uint", no spaces or
// const), or "" for anything else (structs, pointers' element types we do not compare): implementations
// spell types differently, and only a mismatch between two known scalar types is an error.
std::string normalisedTypeName(const char *reported) {
    std::string t(reported);
    for (const char *word : {"const ", "volatile ", "__private ", "private "}) {
        for (size_t at; (at = t.find(word)) != std::string::npos;) t.erase(at, std::strlen(word));
    }
    while (!t.empty() && t.back() == ' ') t.pop_back();
    static const std::pair<const char *, const char *> longForms[] = {
        {"unsigned int", "uint"}, {"unsigned long", "ulong"}, {"long int", "long"}, {"unsigned char", "uchar"},
        {"unsigned short", "ushort"}};
    for (const auto &[from, to] : longForms) {
        if (t == from) t = to;
    }
    static const char *const known[] = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float",
                                        "double", "half", "long8"};
    for (const char *k : known) {
        if (t == k) return t;
    }
    return "";
}

}  // namespace

// Parameter types (programs are built with -cl-kernel-arg-info); without them nothing is checked.
void Kernel::loadParameterInfo() {
    for (cl_uint i = 0; i < numArgs_; ++i) {
        char text[256] = {};
        cl_kernel_arg_address_qualifier space = 0;
        if (clGetKernelArgInfo(kernel_.get(), i, CL_KERNEL_ARG_TYPE_NAME, sizeof text - 1, text, nullptr) !=
                CL_SUCCESS ||
            clGetKernelArgInfo(kernel_.get(), i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof space, &space, nullptr) !=
                CL_SUCCESS) {
            paramTypes_.clear();
            paramSpaces_.clear();
            paramNames_.clear();
            return;
        }
        paramTypes_.push_back(normalisedTypeName(text));
        paramSpaces_.push_back(space);
        char argName[256] = {};
        clGetKernelArgInfo(kernel_.get(), i, CL_KERNEL_ARG_NAME, sizeof argName - 1, argName, nullptr);
        paramNames_.emplace_back(argName);
    }
}

void Kernel::checkParameter(const char *expected, cl_kernel_arg_address_qualifier space) const {
    if (next_ >= paramTypes_.size()) return;
    const std::string &actual = paramTypes_[next_];
    const cl_kernel_arg_address_qualifier actualSpace = paramSpaces_[next_];
    bool ok = actualSpace == space || (space == CL_KERNEL_ARG_ADDRESS_GLOBAL &&
                                       actualSpace == CL_KERNEL_ARG_ADDRESS_CONSTANT);
    if (ok && expected && space == CL_KERNEL_ARG_ADDRESS_PRIVATE && !actual.empty()) ok = actual == expected;
    if (ok) return;
    const char *given = space == CL_KERNEL_ARG_ADDRESS_GLOBAL  ? "a global buffer"
                        : space == CL_KERNEL_ARG_ADDRESS_LOCAL ? "local memory"
                                                               : (expected ? expected : "a value of another type");
    fail(ACLNN_ERR_INNER, strformat("kernel %s parameter %u (%s) is %s%s, but the host sets %s", name_, next_,
                                    paramNames_[next_].c_str(), actual.empty() ? "a parameter" : actual.c_str(),
                                    actualSpace == CL_KERNEL_ARG_ADDRESS_GLOBAL  ? " (global)"
                                    : actualSpace == CL_KERNEL_ARG_ADDRESS_LOCAL ? " (local)"
                                                                                 : "",
                                    given));
}

void Kernel::checkArgCount() const {
    if (numArgs_ != 0 && next_ != numArgs_) {
        fail(ACLNN_ERR_INNER, strformat("kernel %s takes %u arguments but %u were set", name_, numArgs_, next_));
    }
}

void Kernel::set(const LocalMemory &m) {
    checkParameter(nullptr, CL_KERNEL_ARG_ADDRESS_LOCAL);
    clCheck(clSetKernelArg(kernel_.get(), next_, m.bytes, nullptr),
            strformat("clSetKernelArg(%s, %u, local)", name_, next_).c_str(), ACLNN_ERR_INNER);
    ++next_;
}

LaunchSize LaunchSize::linear(size_t n, size_t local) {
    LaunchSize s;
    s.dims = 1;
    s.global[0] = n;
    s.local[0] = local;
    return s;
}

LaunchSize LaunchSize::grid(cl_uint dims, const size_t *global, const size_t *local) {
    LaunchSize s;
    s.dims = dims;
    for (cl_uint d = 0; d < dims; ++d) {
        s.global[d] = global[d];
        s.local[d] = local[d];
    }
    return s;
}

std::string LaunchSize::describe() const {
    std::string g = "global [", l = "local [";
    for (cl_uint d = 0; d < dims; ++d) {
        g += (d ? "," : "") + std::to_string(global[d]);
        l += (d ? "," : "") + (local[0] == 0 ? std::string("auto") : std::to_string(local[d]));
    }
    return g + "] " + l + "]";
}

void Kernel::setRaw(size_t size, const void *value, const char *type) {
    checkParameter(type, CL_KERNEL_ARG_ADDRESS_PRIVATE);
    clCheck(clSetKernelArg(kernel_.get(), next_, size, value),
            strformat("clSetKernelArg(%s, %u)", name_, next_).c_str(), ACLNN_ERR_INNER);
    ++next_;
}

void Kernel::set(cl_mem m) {
    checkParameter(nullptr, CL_KERNEL_ARG_ADDRESS_GLOBAL);
    clCheck(clSetKernelArg(kernel_.get(), next_, sizeof m, &m),
            strformat("clSetKernelArg(%s, %u)", name_, next_).c_str(), ACLNN_ERR_INNER);
    ++next_;
}

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

void Kernel::launch(cl_command_queue queue, const LaunchSize &size) {
    if (size.local[0] == 0) {
        launch1d(queue, size.global[0]);
    } else {
        launch(queue, size.dims, size.global, size.local);
    }
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

void rowLocalSize(size_t kernelMax, int64_t W, int64_t H, size_t local[3], size_t target, size_t rowTarget) {
    const size_t limit = std::max<size_t>(1, std::min(target, kernelMax));
    const size_t pieces = (static_cast<size_t>(W) + rowTarget - 1) / rowTarget;
    size_t lx = (static_cast<size_t>(W) + pieces - 1) / pieces;
    lx = std::min(roundUp(lx, 8), limit);
    local[0] = lx;
    local[1] = std::max<size_t>(1, std::min(limit / lx, static_cast<size_t>(H)));
    local[2] = 1;
}

void fillLocalSize(const Device &device, size_t kernelMax, const size_t global[3], size_t target, size_t local[3]) {
    const size_t limit = std::min(target, kernelMax);
    local[0] = std::max<size_t>(1, std::min({global[0], device.maxWorkItemSizes[0], limit}));
    local[1] = std::max<size_t>(1, std::min({global[1], device.maxWorkItemSizes[1], limit / local[0]}));
    local[2] = std::max<size_t>(1, std::min({global[2], device.maxWorkItemSizes[2], limit / (local[0] * local[1])}));
}

}  // namespace aclcl
