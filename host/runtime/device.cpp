#include "runtime/device.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <memory>

#include "acl/acl_base.h"

namespace aclcl {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

std::string trim(const std::string &s) {
    size_t b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t");
    return s.substr(b, e - b + 1);
}

std::string platformString(cl_platform_id p, cl_platform_info what) {
    size_t n = 0;
    if (clGetPlatformInfo(p, what, 0, nullptr, &n) != CL_SUCCESS || n == 0) return "";
    std::string s(n, '\0');
    clGetPlatformInfo(p, what, n, &s[0], nullptr);
    s.resize(s.find('\0') == std::string::npos ? n : s.find('\0'));
    return trim(s);
}

std::string deviceString(cl_device_id d, cl_device_info what) {
    size_t n = 0;
    if (clGetDeviceInfo(d, what, 0, nullptr, &n) != CL_SUCCESS || n == 0) return "";
    std::string s(n, '\0');
    clGetDeviceInfo(d, what, n, &s[0], nullptr);
    s.resize(s.find('\0') == std::string::npos ? n : s.find('\0'));
    return trim(s);
}

Implementation implementationOf(const std::string &platformName) {
    if (platformName.find("Portable Computing Language") != std::string::npos) return Implementation::PoCL;
    if (platformName.find("rusticl") != std::string::npos) return Implementation::Rusticl;
    return Implementation::Other;
}

// The largest CPU cache Linux lists for cpu0 (/sys/devices/system/cpu/cpu0/cache/index*/size, "32768K"),
// in bytes; 0 where there is no such listing.
uint64_t readHostLargestCacheBytes() {
    uint64_t best = 0;
    for (int i = 0; i < 8; ++i) {
        std::ifstream in("/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/size");
        uint64_t value = 0;
        std::string unit;
        if (!(in >> value)) continue;
        in >> unit;
        const uint64_t scale = unit == "K" ? 1024 : unit == "M" ? 1024 * 1024 : unit.empty() ? 1 : 0;
        best = std::max(best, value * scale);
    }
    return best;
}

// Read once, for all CPU devices.
uint64_t hostLargestCacheBytes() {
    static const uint64_t bytes = readHostLargestCacheBytes();
    return bytes;
}

template <class T>
T deviceValue(cl_device_id d, cl_device_info what) {
    T v{};
    clGetDeviceInfo(d, what, sizeof(T), &v, nullptr);
    return v;
}

int kindRank(cl_device_type t) {
    if (t & CL_DEVICE_TYPE_GPU) return 0;
    if (t & CL_DEVICE_TYPE_ACCELERATOR) return 1;
    if (t & CL_DEVICE_TYPE_CPU) return 2;
    return 3;
}

bool partMatches(const std::string &value, const std::string &part) {
    std::string p = lower(trim(part));
    return p.empty() || p == "*" || lower(value).find(p) != std::string::npos;
}

std::vector<std::unique_ptr<Device>> enumerate() {
    std::vector<std::unique_ptr<Device>> found;
    cl_uint numPlatforms = 0;
    if (clGetPlatformIDs(0, nullptr, &numPlatforms) != CL_SUCCESS || numPlatforms == 0) return found;
    std::vector<cl_platform_id> platforms(numPlatforms);
    clGetPlatformIDs(numPlatforms, platforms.data(), nullptr);

    const char *env = std::getenv("ACLNN_OPENCL_DEVICE");
    std::vector<std::string> filters;
    if (env && *env) {
        std::string all = env;
        size_t start = 0;
        while (start <= all.size()) {
            size_t comma = all.find(',', start);
            if (comma == std::string::npos) comma = all.size();
            std::string f = trim(all.substr(start, comma - start));
            if (!f.empty()) filters.push_back(f);
            start = comma + 1;
        }
    }

    for (cl_platform_id p : platforms) {
        cl_uint numDevices = 0;
        if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &numDevices) != CL_SUCCESS || numDevices == 0) continue;
        std::vector<cl_device_id> ids(numDevices);
        clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, numDevices, ids.data(), nullptr);
        for (cl_device_id id : ids) {
            auto d = std::make_unique<Device>();
            d->platform = p;
            d->id = id;
            d->platformName = platformString(p, CL_PLATFORM_NAME);
            d->platformVersion = platformString(p, CL_PLATFORM_VERSION);
            d->name = deviceString(id, CL_DEVICE_NAME);
            d->vendor = deviceString(id, CL_DEVICE_VENDOR);
            d->version = deviceString(id, CL_DEVICE_VERSION);
            d->driverVersion = deviceString(id, CL_DRIVER_VERSION);
            d->openclCVersion = deviceString(id, CL_DEVICE_OPENCL_C_VERSION);
            d->extensions = " " + deviceString(id, CL_DEVICE_EXTENSIONS) + " ";
            d->type = deviceValue<cl_device_type>(id, CL_DEVICE_TYPE);
            d->fp64 = d->extensions.find(" cl_khr_fp64 ") != std::string::npos &&
                      deviceValue<cl_device_fp_config>(id, CL_DEVICE_DOUBLE_FP_CONFIG) != 0;
            d->fp16 = d->extensions.find(" cl_khr_fp16 ") != std::string::npos;
            d->maxWorkGroupSize = deviceValue<size_t>(id, CL_DEVICE_MAX_WORK_GROUP_SIZE);
            d->globalMemSize = deviceValue<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_SIZE);
            d->maxAllocSize = deviceValue<cl_ulong>(id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
            d->computeUnits = deviceValue<cl_uint>(id, CL_DEVICE_MAX_COMPUTE_UNITS);
            d->localMemSize = deviceValue<cl_ulong>(id, CL_DEVICE_LOCAL_MEM_SIZE);
            clGetDeviceInfo(id, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof d->maxWorkItemSizes, d->maxWorkItemSizes,
                            nullptr);
            d->nativeFloatVectorWidth = deviceValue<cl_uint>(id, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT);
            d->packsWorkItems = deviceValue<cl_uint>(id, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT) == 1 &&
                                d->nativeFloatVectorWidth > 1;
            const cl_uint alignBits = deviceValue<cl_uint>(id, CL_DEVICE_MEM_BASE_ADDR_ALIGN);
            d->baseAddressAlignBytes = alignBits >= 8 ? alignBits / 8 : 128;  // unreported: assume 1024 bits
            d->nativeKernels = (deviceValue<cl_device_exec_capabilities>(id, CL_DEVICE_EXECUTION_CAPABILITIES) &
                                CL_EXEC_NATIVE_KERNEL) != 0;
            d->hostUnifiedMemory = deviceValue<cl_bool>(id, CL_DEVICE_HOST_UNIFIED_MEMORY) == CL_TRUE;
            d->fmaReported = (deviceValue<cl_device_fp_config>(id, CL_DEVICE_SINGLE_FP_CONFIG) & CL_FP_FMA) != 0;
            d->cacheBytes = deviceValue<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE);
            if (d->isCpu() && d->hostUnifiedMemory) d->cacheBytes = std::max(d->cacheBytes, hostLargestCacheBytes());
            d->implementation = implementationOf(d->platformName);
            d->keepsBuildsOnDisk = d->implementation == Implementation::PoCL;
            // Mesa's rusticl (llvmpipe, LLVM 15) crashes or hangs compiling max_unpool2d_backward_staged for
            // some dtypes (docs/devices.md).
            d->compilerBugs.stagedGather = d->implementation == Implementation::Rusticl;
            d->compilerBugs.loopIterationCap = d->implementation == Implementation::Rusticl;
            d->compilerBugs.fenceInBranch = d->implementation == Implementation::Rusticl;
            d->compilerBugs.alignedHalfVectors = d->implementation == Implementation::PoCL;
            if (deviceValue<cl_bool>(id, CL_DEVICE_AVAILABLE) == CL_FALSE) continue;
            if (!filters.empty()) {
                bool keep = false;
                for (const auto &f : filters) {
                    keep = keep || deviceMatchesFilter(d->platformName, d->typeName(), d->name, f);
                }
                if (!keep) continue;
            }
            found.push_back(std::move(d));
        }
    }
    std::stable_sort(found.begin(), found.end(), [](const auto &a, const auto &b) {
        int ka = kindRank(a->type), kb = kindRank(b->type);
        if (ka != kb) return ka < kb;
        return a->platformName < b->platformName;
    });
    for (size_t i = 0; i < found.size(); ++i) {
        Device &d = *found[i];
        d.index = static_cast<int>(i);
        cl_int err = CL_SUCCESS;
        cl_context_properties props[] = {CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(d.platform),
                                         0};
        d.context.reset(clCreateContext(props, 1, &d.id, nullptr, nullptr, &err));
        clCheck(err, strformat("clCreateContext for device %s", d.describe().c_str()).c_str(),
                ACL_ERROR_RT_INTERNAL_ERROR);
    }
    return found;
}

}  // namespace

const char *Device::typeName() const {
    if (type & CL_DEVICE_TYPE_GPU) return "GPU";
    if (type & CL_DEVICE_TYPE_ACCELERATOR) return "ACCELERATOR";
    if (type & CL_DEVICE_TYPE_CPU) return "CPU";
    return "OTHER";
}

std::string Device::describe() const {
    return strformat("[%d] %s (%s, %s)", index, name.c_str(), platformName.c_str(), typeName());
}

bool deviceMatchesFilter(const std::string &platform, const std::string &type, const std::string &name,
                         const std::string &filter) {
    std::string parts[3];
    size_t start = 0;
    for (int i = 0; i < 3; ++i) {
        size_t colon = i < 2 ? filter.find(':', start) : std::string::npos;
        if (colon == std::string::npos) {
            parts[i] = filter.substr(std::min(start, filter.size()));
            start = filter.size() + 1;
            break;
        }
        parts[i] = filter.substr(start, colon - start);
        start = colon + 1;
    }
    std::string typePart = lower(trim(parts[1]));
    bool typeOk = typePart.empty() || typePart == "*" || typePart == "all" || lower(type) == typePart;
    // Short names for platforms whose official names are long.
    std::string alias = lower(platform).find("portable computing language") != std::string::npos ? "pocl" : "";
    bool platformOk = partMatches(platform, parts[0]) || (!alias.empty() && partMatches(alias, parts[0]));
    return platformOk && typeOk && partMatches(name, parts[2]);
}

std::vector<Device *> &devices() {
    // Never destroyed: the devices' OpenCL contexts must not be released by a static destructor after
    // main returns, when the platform libraries may be gone (Oclgrind, NVIDIA's driver crash on it).
    static auto *view = new std::vector<Device *>;
    static std::once_flag once;
    std::call_once(once, [] {
        for (auto &d : enumerate()) view->push_back(d.release());
    });
    return *view;
}

Device &deviceAt(int32_t index) {
    auto &all = devices();
    if (index < 0 || static_cast<size_t>(index) >= all.size()) {
        fail(ACL_ERROR_RT_INVALID_DEVICEID,
             strformat("device id %d is out of range: %zu OpenCL device(s) are available%s", index, all.size(),
                       all.empty() ? " (check the OpenCL ICDs and ACLNN_OPENCL_DEVICE)" : ""));
    }
    return *all[static_cast<size_t>(index)];
}

}  // namespace aclcl
