#include "runtime/bulk_memory.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "acl/acl_base.h"
#include "common/error.h"
#include "common/log.h"
#include "common/test_hooks.h"

namespace aclcl {

namespace {

// The runtime's kernels. Work-item w takes the words [w * per, min((w + 1) * per, words)) in vectors of 8
// (32 bytes: no wider value crosses a call, cl_kernels/common.cl), the last few one by one. vload8 / vstore8
// need only a word's alignment, so any whole-word offsets run the same code. Bits are moved, never converted.
constexpr const char *kSource = R"CLC(
__kernel void acl_copy_words(__global const uint *src, ulong src_off, __global uint *dst, ulong dst_off,
                             ulong words, ulong per) {
    const ulong first = get_global_id(0) * per;
    if (first >= words) return;
    src += src_off;
    dst += dst_off;
    const ulong end = min(first + per, words);
    ulong i = first;
    for (; i + 16 <= end; i += 16) {
        vstore8(vload8(0, src + i), 0, dst + i);
        vstore8(vload8(0, src + i + 8), 0, dst + i + 8);
    }
    for (; i < end; ++i) dst[i] = src[i];
}
__kernel void acl_fill_words(__global uint *dst, ulong dst_off, ulong words, ulong per, uint word) {
    const ulong first = get_global_id(0) * per;
    if (first >= words) return;
    dst += dst_off;
    const ulong end = min(first + per, words);
    const uint8 v = (uint8)(word);
    ulong i = first;
    for (; i + 16 <= end; i += 16) {
        vstore8(v, 0, dst + i);
        vstore8(v, 0, dst + i + 8);
    }
    for (; i < end; ++i) dst[i] = word;
}
)CLC";

// Words a work-item takes: 4 KiB, a run the prefetchers follow; 12 MiB make 3,072 work-items.
constexpr cl_ulong kWordsPerItem = 1024;

// One program per device, built on the first kernel copy or fill; a device whose build fails takes OpenCL's
// commands from then on. Cleared by aclFinalize.
struct Program {
    std::once_flag once;
    ClProgramPtr program;
    std::string error;  // why the build failed
};
std::mutex g_programsMutex;
std::map<const Device *, std::shared_ptr<Program>> g_programs;

void clearPrograms() {
    std::lock_guard<std::mutex> lock(g_programsMutex);
    g_programs.clear();
}

// The device's program entry, built (or its build failed) by the time it returns; null when the build failed. Held
// by the caller while it launches, so that an aclFinalize on another thread cannot release it under the launch.
std::shared_ptr<Program> program(Device &device) {
    static std::once_flag hookOnce;
    std::call_once(hookOnce, [] { registerFinalizeHook(clearPrograms); });
    std::shared_ptr<Program> entry;
    {
        std::lock_guard<std::mutex> lock(g_programsMutex);
        auto &slot = g_programs[&device];
        if (!slot) slot = std::make_shared<Program>();
        entry = slot;
    }
    std::call_once(entry->once, [&] {
        cl_int err = CL_SUCCESS;
        const char *source = kSource;
        ClProgramPtr built(clCreateProgramWithSource(device.context.get(), 1, &source, nullptr, &err));
        if (err == CL_SUCCESS) err = clBuildProgram(built.get(), 1, &device.id, "", nullptr, nullptr);
        if (err == CL_SUCCESS) {
            entry->program = std::move(built);
        } else {
            entry->error = strformat("building the runtime's copy and fill kernels for %s failed (%s)",
                                     device.describe().c_str(), clErrorName(err));
            if (logEnabled(LogLevel::Warn)) {
                logLine(LogLevel::Warn, entry->error + "; copies and fills take OpenCL's own commands");
            }
        }
    });
    // Forced (the tests), a failed build is an error rather than a quiet fallback.
    if (!entry->program && testHook(TestHook::BulkMemoryKernels) == 1) fail(ACL_ERROR_RT_INTERNAL_ERROR, entry->error);
    return entry->program ? entry : nullptr;
}

// Whether the device runs the kernels well (docs/runtime.md): a CPU device with SIMD vectors in a work-item.
bool vectorCpu(const Device &device) { return !device.manyWorkItemKernels() && device.nativeFloatVectorWidth > 1; }

// The hook's say (TestHook::BulkMemoryKernels), where the offsets and count are whole words: 1 yes, 2 no, else
// -1 (the device and size decide).
int forcedChoice(size_t offsets, size_t count) {
    const int forced = testHook(TestHook::BulkMemoryKernels);
    if (forced == 2 || offsets % 4 != 0 || count % 4 != 0 || count == 0) return 0;
    return forced == 1 ? 1 : -1;
}

// One kernel argument: its size and where its value is.
struct Arg {
    size_t size;
    const void *value;
};
// Launches `name` with `args`, one work-item per kWordsPerItem of `words`, in work-groups of one (each work-item a
// long walk of its own).
void launch(Stream &stream, cl_program prog, const char *name, std::initializer_list<Arg> args, cl_ulong words,
            cl_event *done) {
    // A kernel object per call: one shared between threads would race on its arguments.
    cl_int err = CL_SUCCESS;
    ClKernelPtr kernel(clCreateKernel(prog, name, &err));
    clCheck(err, "clCreateKernel (runtime copy or fill)", ACL_ERROR_RT_INTERNAL_ERROR);
    cl_uint index = 0;
    for (const Arg &a : args) {
        clCheck(clSetKernelArg(kernel.get(), index++, a.size, a.value), "clSetKernelArg (runtime copy or fill)",
                ACL_ERROR_RT_INTERNAL_ERROR);
    }
    const size_t global = static_cast<size_t>((words + kWordsPerItem - 1) / kWordsPerItem), local = 1;
    clCheck(clEnqueueNDRangeKernel(stream.queue(), kernel.get(), 1, nullptr, &global, &local, 0, nullptr, done),
            "clEnqueueNDRangeKernel (runtime copy or fill)", ACL_ERROR_RT_INTERNAL_ERROR);
}

}  // namespace

bool kernelCopyApplies(const Device &device, size_t srcOffset, size_t dstOffset, size_t count) {
    const int forced = forcedChoice(srcOffset | dstOffset, count);
    if (forced >= 0) return forced == 1;
    return vectorCpu(device) && count >= kKernelCopyMinBytes;
}

bool kernelFillApplies(const Device &device, size_t offset, size_t count) {
    const int forced = forcedChoice(offset, count);
    if (forced >= 0) return forced == 1;
    return vectorCpu(device) && device.implementation != Implementation::PoCL && count >= kKernelFillMinBytes;
}

void enqueueDeviceCopy(Stream &stream, const DeviceAddress &src, const DeviceAddress &dst, size_t count,
                       cl_event *done) {
    const std::shared_ptr<Program> prog =
        kernelCopyApplies(stream.device(), src.offset, dst.offset, count) ? program(stream.device()) : nullptr;
    if (!prog) {
        clCheck(clEnqueueCopyBuffer(stream.queue(), src.mem, dst.mem, src.offset, dst.offset, count, 0, nullptr, done),
                "clEnqueueCopyBuffer", ACL_ERROR_RT_INTERNAL_ERROR);
        return;
    }
    const cl_ulong srcWord = src.offset / 4, dstWord = dst.offset / 4, words = count / 4, per = kWordsPerItem;
    launch(stream, prog->program.get(), "acl_copy_words",
           {{sizeof(cl_mem), &src.mem}, {sizeof(cl_ulong), &srcWord}, {sizeof(cl_mem), &dst.mem},
            {sizeof(cl_ulong), &dstWord}, {sizeof(cl_ulong), &words}, {sizeof(cl_ulong), &per}},
           words, done);
}

void enqueueDeviceFill(Stream &stream, const DeviceAddress &dst, uint8_t value, size_t count, cl_event *done) {
    const std::shared_ptr<Program> prog =
        kernelFillApplies(stream.device(), dst.offset, count) ? program(stream.device()) : nullptr;
    if (!prog) {
        clCheck(clEnqueueFillBuffer(stream.queue(), dst.mem, &value, 1, dst.offset, count, 0, nullptr, done),
                "clEnqueueFillBuffer", ACL_ERROR_RT_INTERNAL_ERROR);
        return;
    }
    const cl_ulong dstWord = dst.offset / 4, words = count / 4, per = kWordsPerItem;
    const cl_uint word = 0x01010101u * value;
    launch(stream, prog->program.get(), "acl_fill_words",
           {{sizeof(cl_mem), &dst.mem}, {sizeof(cl_ulong), &dstWord}, {sizeof(cl_ulong), &words},
            {sizeof(cl_ulong), &per}, {sizeof(cl_uint), &word}},
           words, done);
}

}  // namespace aclcl
