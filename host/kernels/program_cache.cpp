#include "kernels/program_cache.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <tuple>

#include "aclnn/opdev/op_errno.h"
#include "common/log.h"
#include "kernels/binary_cache.h"
#include "kernels/embedded.h"
#include "kernels/launch.h"
#include "runtime/stream.h"

namespace aclcl {

namespace {

struct Entry {
    std::once_flag once;
    ProgramHandle program;
    std::string error;
    int errorCode = 0;
};

using Key = std::tuple<int, std::string, std::string>;
// Never destroyed: programs are released by aclFinalize (or clearProgramCache), never after main.
std::mutex g_cacheMutex;
std::map<Key, std::shared_ptr<Entry>> &g_cache = *new std::map<Key, std::shared_ptr<Entry>>;

std::string buildOptions(const Device &device) {
    // OpenCL C 1.2 is the portable dialect: every OpenCL 1.2+ and 3.0 device accepts it.
    std::string opts;
    if (device.openclCVersion.find("OpenCL C 1.0") == std::string::npos &&
        device.openclCVersion.find("OpenCL C 1.1") == std::string::npos) {
        opts = "-cl-std=CL1.2";
    }
    // Parameter names and types, so that Kernel::args can check what the host sets (host/kernels/launch.h).
    opts += opts.empty() ? "-cl-kernel-arg-info" : " -cl-kernel-arg-info";
    return opts;
}

std::string buildLog(cl_program program, cl_device_id device) {
    size_t n = 0;
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
    std::string log(n, '\0');
    if (n) clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, n, &log[0], nullptr);
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    return log;
}

void build(Entry &entry, Device &device, const std::string &name, const std::string &defines) {
    const char *common = embeddedKernelSource("common");
    const char *body = embeddedKernelSource(name.c_str());
    if (!common || !body) {
        entry.errorCode = ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
        entry.error = strformat("no embedded OpenCL program named '%s'", name.c_str());
        return;
    }
    // The device's own macros (a compiler bug the common code works around), then the program's.
    const std::string deviceDefines = device.compilerBugs.fenceInBranch ? "#define ACL_NO_BRANCH_FENCE 1\n" : "";
    std::string source = deviceDefines + defines + "\n" + common + "\n" + body;
    const std::string options = buildOptions(device);
    const auto start = std::chrono::steady_clock::now();
    // A binary this or an earlier process built from the same source for the same device and driver
    // (kernels/binary_cache.h); otherwise a build from source, whose binary is then stored. Not on a
    // device whose implementation keeps its builds on disk itself (Device::keepsBuildsOnDisk).
    const bool useBinaryCache = !device.keepsBuildsOnDisk && !binaryCacheDir().empty();
    const std::string key = useBinaryCache ? binaryCacheKey(device, options, source) : std::string();
    ClProgramPtr program = key.empty() ? nullptr : loadCachedProgram(device, key, options);
    const bool cached = program != nullptr;
    cl_int err = CL_SUCCESS;
    if (!cached) {
        const char *text = source.c_str();
        size_t length = source.size();
        program.reset(clCreateProgramWithSource(device.context.get(), 1, &text, &length, &err));
        if (err != CL_SUCCESS) {
            entry.errorCode = ACLNN_ERR_INNER;
            entry.error = strformat("clCreateProgramWithSource(%s) failed: %s", name.c_str(), clErrorName(err));
            return;
        }
        err = clBuildProgram(program.get(), 1, &device.id, options.c_str(), nullptr, nullptr);
        if (err == CL_SUCCESS && !key.empty()) storeCachedProgram(key, program.get());
    }
    if (logEnabled(LogLevel::Debug)) {
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        std::string macros = defines;
        for (char &c : macros) {
            if (c == '\n') c = ';';
        }
        logLine(LogLevel::Debug, strformat("built program %s for %s in %.1f ms (%s%s), options \"%s\", defines: %s",
                                           name.c_str(), device.describe().c_str(), ms,
                                           err == CL_SUCCESS ? "ok" : clErrorName(err),
                                           cached ? ", from the binary cache" : "", options.c_str(), macros.c_str()));
    }
    if (err != CL_SUCCESS) {
        entry.errorCode = ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
        entry.error = strformat("building OpenCL program '%s' for %s failed (%s) with options \"%s\"; build log:\n%s",
                                name.c_str(), device.describe().c_str(), clErrorName(err), options.c_str(),
                                buildLog(program.get(), device.id).c_str());
        if (std::getenv("ACLNN_OPENCL_DUMP_FAILED_SOURCE")) {
            std::fprintf(stderr, "%s\n----- source -----\n%s\n", entry.error.c_str(), source.c_str());
        }
        return;
    }
    entry.program = ProgramHandle(program.release(), [](cl_program p) {
        forgetKernelParameters(p);  // what a binary-cache load may have remembered for it
        clReleaseProgram(p);
    });
}

void clearOnFinalize() { clearProgramCache(); }

}  // namespace

ProgramHandle buildProgram(Device &device, const std::string &name, const std::string &defines) {
    static std::once_flag hookOnce;
    std::call_once(hookOnce, [] { registerFinalizeHook(clearOnFinalize); });
    std::shared_ptr<Entry> entry;
    {
        std::lock_guard<std::mutex> lock(g_cacheMutex);
        auto &slot = g_cache[Key{device.index, name, defines}];
        if (!slot) slot = std::make_shared<Entry>();
        entry = slot;
    }
    std::call_once(entry->once, [&] { build(*entry, device, name, defines); });
    if (!entry->program) fail(entry->errorCode, entry->error);
    return entry->program;
}

size_t cachedProgramCount() {
    std::lock_guard<std::mutex> lock(g_cacheMutex);
    return g_cache.size();
}

void clearProgramCache() {
    clearKernelPool();  // pooled kernels hold their programs
    std::lock_guard<std::mutex> lock(g_cacheMutex);
    g_cache.clear();
}

}  // namespace aclcl
