#include "kernels/launch.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <utility>

#include "aclnn/opdev/op_errno.h"

namespace aclcl {

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

namespace detail {

// What all plans' kernels of one (program, kernel name) share; see Kernel.
struct KernelShared {
    ProgramHandle program;  // keeps the program (the registry's key) alive
    std::string name;
    size_t maxLocal = 1;
    size_t preferredMultiple = 1;
    cl_uint numArgs = 0;
    // Parameter names, types and address spaces when the implementation reports them (programs are
    // built with -cl-kernel-arg-info); empty otherwise, and then nothing is checked. Read-only.
    std::vector<std::string> paramNames, paramTypes;
    std::vector<cl_kernel_arg_address_qualifier> paramSpaces;

    std::mutex poolMutex;
    std::vector<cl_kernel> pool;  // idle cl_kernels of plans that are gone
    static constexpr size_t kPoolLimit = 8;

    ~KernelShared() {
        for (cl_kernel k : pool) clReleaseKernel(k);
    }
};

}  // namespace detail

namespace {

using detail::KernelShared;

std::mutex g_rememberedMutex;
std::map<cl_program, std::map<std::string, KernelParameters>> &g_remembered =
    *new std::map<cl_program, std::map<std::string, KernelParameters>>;

void loadParameterInfo(KernelShared &k, cl_kernel kernel) {
    KernelParameters p;
    if (!readKernelParameters(kernel, &p)) {
        std::lock_guard<std::mutex> lock(g_rememberedMutex);
        auto program = g_remembered.find(k.program.get());
        if (program == g_remembered.end()) return;
        auto it = program->second.find(k.name);
        if (it == program->second.end() || it->second.types.size() != k.numArgs) return;
        p = it->second;
    }
    k.paramTypes = std::move(p.types);
    k.paramSpaces = std::move(p.spaces);
    k.paramNames = std::move(p.names);
}

std::atomic<size_t> g_kernelsCreated{0};

cl_kernel createKernel(cl_program program, const char *name) {
    g_kernelsCreated.fetch_add(1, std::memory_order_relaxed);
    cl_int err = CL_SUCCESS;
    cl_kernel k = clCreateKernel(program, name, &err);
    clCheck(err, strformat("clCreateKernel(%s)", name).c_str(), ACLNN_ERR_INNER_FIND_KERNEL_ERROR);
    return k;
}

// Keyed by the program's handle (alive as long as its entry) and the kernel's name. Never destroyed:
// emptied by clearKernelPool, never after main (docs/runtime.md).
std::mutex g_kernelsMutex;
std::map<std::pair<cl_program, std::string>, std::shared_ptr<KernelShared>> &g_kernels =
    *new std::map<std::pair<cl_program, std::string>, std::shared_ptr<KernelShared>>;

}  // namespace

bool readKernelParameters(cl_kernel kernel, KernelParameters *out) {
    cl_uint count = 0;
    if (clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof count, &count, nullptr) != CL_SUCCESS) return false;
    KernelParameters p;
    for (cl_uint i = 0; i < count; ++i) {
        char text[256] = {};
        cl_kernel_arg_address_qualifier space = 0;
        if (clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_TYPE_NAME, sizeof text - 1, text, nullptr) != CL_SUCCESS ||
            clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof space, &space, nullptr) !=
                CL_SUCCESS) {
            return false;
        }
        p.types.push_back(normalisedTypeName(text));
        p.spaces.push_back(space);
        char argName[256] = {};
        clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_NAME, sizeof argName - 1, argName, nullptr);
        p.names.emplace_back(argName);
    }
    *out = std::move(p);
    return true;
}

void rememberKernelParameters(cl_program program, std::map<std::string, KernelParameters> byKernel) {
    std::lock_guard<std::mutex> lock(g_rememberedMutex);
    g_remembered[program] = std::move(byKernel);
}

void forgetKernelParameters(cl_program program) {
    std::lock_guard<std::mutex> lock(g_rememberedMutex);
    g_remembered.erase(program);
}

Kernel::Kernel(const ProgramHandle &program, const char *name) {
    std::lock_guard<std::mutex> lock(g_kernelsMutex);
    std::shared_ptr<KernelShared> &slot = g_kernels[{program.get(), name}];
    if (slot) {
        shared_ = slot;
        std::lock_guard<std::mutex> poolLock(shared_->poolMutex);
        if (!shared_->pool.empty()) {
            kernel_.reset(shared_->pool.back());
            shared_->pool.pop_back();
            return;
        }
    }
    kernel_.reset(createKernel(program.get(), name));
    if (slot) return;
    // First kernel of this (program, name): read what every later one shares.
    auto k = std::make_shared<KernelShared>();
    k->program = program;
    k->name = name;
    cl_device_id device = nullptr;
    clGetProgramInfo(program.get(), CL_PROGRAM_DEVICES, sizeof device, &device, nullptr);
    clGetKernelWorkGroupInfo(kernel_.get(), device, CL_KERNEL_WORK_GROUP_SIZE, sizeof k->maxLocal, &k->maxLocal,
                             nullptr);
    k->maxLocal = std::max<size_t>(k->maxLocal, 1);
    clGetKernelWorkGroupInfo(kernel_.get(), device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                             sizeof k->preferredMultiple, &k->preferredMultiple, nullptr);
    k->preferredMultiple = std::max<size_t>(k->preferredMultiple, 1);
    clGetKernelInfo(kernel_.get(), CL_KERNEL_NUM_ARGS, sizeof k->numArgs, &k->numArgs, nullptr);
    loadParameterInfo(*k, kernel_.get());
    slot = k;
    shared_ = std::move(k);
}

Kernel::~Kernel() {
    if (!kernel_) return;
    std::lock_guard<std::mutex> lock(shared_->poolMutex);
    if (shared_->pool.size() < KernelShared::kPoolLimit) shared_->pool.push_back(kernel_.release());
}

size_t Kernel::maxWorkGroupSize() const { return shared_->maxLocal; }

size_t Kernel::preferredWorkGroupMultiple() const { return shared_->preferredMultiple; }

const char *Kernel::name() const { return shared_->name.c_str(); }

size_t kernelObjectsCreated() { return g_kernelsCreated.load(std::memory_order_relaxed); }

size_t pooledKernelCount() {
    std::lock_guard<std::mutex> lock(g_kernelsMutex);
    size_t n = 0;
    for (const auto &entry : g_kernels) {
        if (!entry.second) continue;
        std::lock_guard<std::mutex> poolLock(entry.second->poolMutex);
        n += entry.second->pool.size();
    }
    return n;
}

void clearKernelPool() {
    std::map<std::pair<cl_program, std::string>, std::shared_ptr<KernelShared>> released;
    {
        std::lock_guard<std::mutex> lock(g_kernelsMutex);
        released.swap(g_kernels);
    }
}

void Kernel::checkParameter(const char *expected, cl_kernel_arg_address_qualifier space) const {
    if (next_ >= shared_->paramTypes.size()) return;
    const std::string &actual = shared_->paramTypes[next_];
    const cl_kernel_arg_address_qualifier actualSpace = shared_->paramSpaces[next_];
    bool ok = actualSpace == space || (space == CL_KERNEL_ARG_ADDRESS_GLOBAL &&
                                       actualSpace == CL_KERNEL_ARG_ADDRESS_CONSTANT);
    if (ok && expected && space == CL_KERNEL_ARG_ADDRESS_PRIVATE && !actual.empty()) ok = actual == expected;
    if (ok) return;
    const char *given = space == CL_KERNEL_ARG_ADDRESS_GLOBAL  ? "a global buffer"
                        : space == CL_KERNEL_ARG_ADDRESS_LOCAL ? "local memory"
                                                               : (expected ? expected : "a value of another type");
    fail(ACLNN_ERR_INNER, strformat("kernel %s parameter %u (%s) is %s%s, but the host sets %s", name(), next_,
                                    shared_->paramNames[next_].c_str(), actual.empty() ? "a parameter" : actual.c_str(),
                                    actualSpace == CL_KERNEL_ARG_ADDRESS_GLOBAL  ? " (global)"
                                    : actualSpace == CL_KERNEL_ARG_ADDRESS_LOCAL ? " (local)"
                                                                                 : "",
                                    given));
}

void Kernel::checkArgCount() const {
    if (shared_->numArgs != 0 && next_ != shared_->numArgs) {
        fail(ACLNN_ERR_INNER, strformat("kernel %s takes %u arguments but %u were set", name(), shared_->numArgs, next_));
    }
}

void Kernel::set(const LocalMemory &m) {
    checkParameter(nullptr, CL_KERNEL_ARG_ADDRESS_LOCAL);
    const cl_int err = clSetKernelArg(kernel_.get(), next_, m.bytes, nullptr);
    if (err != CL_SUCCESS) clCheck(err, strformat("clSetKernelArg(%s, %u, local)", name(), next_).c_str(), ACLNN_ERR_INNER);
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
    const cl_int err = clSetKernelArg(kernel_.get(), next_, size, value);
    if (err != CL_SUCCESS) clCheck(err, strformat("clSetKernelArg(%s, %u)", name(), next_).c_str(), ACLNN_ERR_INNER);
    ++next_;
}

void Kernel::set(cl_mem m) {
    checkParameter(nullptr, CL_KERNEL_ARG_ADDRESS_GLOBAL);
    const cl_int err = clSetKernelArg(kernel_.get(), next_, sizeof m, &m);
    if (err != CL_SUCCESS) clCheck(err, strformat("clSetKernelArg(%s, %u)", name(), next_).c_str(), ACLNN_ERR_INNER);
    ++next_;
}

void Kernel::set(const BufferRef &b) {
    set(b.mem);
    set(b.offset);
}

void Kernel::launch1d(cl_command_queue queue, size_t n, size_t local) {
    if (n == 0) return;
    if (local == 0) local = std::min<size_t>(256, shared_->maxLocal);
    local = std::min(local, shared_->maxLocal);
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
    // Messages are formatted only on failure: this runs for every kernel of every call.
    const cl_int err = clEnqueueNDRangeKernel(queue, kernel_.get(), dims, nullptr, rounded, local, 0, nullptr, nullptr);
    if (err != CL_SUCCESS) clCheck(err, strformat("clEnqueueNDRangeKernel(%s)", name()).c_str(), ACLNN_ERR_RUNTIME_ERROR);
}

RowWalk rowWalk(const Device &device, size_t kernelMax, int64_t rows, double rowTrips, int64_t planes) {
    constexpr double kItemTrips = 4096;
    constexpr int64_t kGroupsPerUnit = 8;
    constexpr size_t kRowsPerGroup = 64;
    RowWalk w;
    if (device.packsWorkItems && rows > 1) {
        int64_t r = std::max<int64_t>(
            1, std::min<int64_t>(rows, static_cast<int64_t>(kItemTrips / std::max(rowTrips, 1.0))));
        while (r > 1 && !walkingKernelFits(device, static_cast<double>(r) * rowTrips)) r /= 2;
        const int64_t wanted = kGroupsPerUnit * static_cast<int64_t>(std::max<cl_uint>(device.computeUnits, 1));
        while (r > 1 && planes * ((rows + r - 1) / r) < wanted) r = (r + 1) / 2;
        w.rowsPerItem = r;
    }
    const size_t global[3] = {static_cast<size_t>((rows + w.rowsPerItem - 1) / w.rowsPerItem),
                              static_cast<size_t>(planes), 1};
    size_t local[3];
    fillLocalSize(device, kernelMax, global, device.packsWorkItems ? 1 : kRowsPerGroup, local);
    w.size = LaunchSize::grid(2, global, local);
    return w;
}

LaunchSize planeWalk(const Device &device, size_t kernelMax, int64_t planes) {
    constexpr size_t kPlanesPerGroup = 64;
    return LaunchSize::linear(static_cast<size_t>(planes),
                              device.packsWorkItems ? 1 : std::min(kernelMax, kPlanesPerGroup));
}

std::string RowWalk::describe() const {
    return "rows: " + std::to_string(rowsPerItem) + " a work-item";
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
