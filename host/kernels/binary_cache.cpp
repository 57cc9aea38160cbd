#include "kernels/binary_cache.h"

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "common/error.h"
#include "kernels/launch.h"

namespace aclcl {

namespace {

constexpr char kMagic[] = "aclnn-opencl program binary 2\n";

std::mutex g_dirMutex;
bool g_dirRead = false;
std::string g_dir;

std::atomic<size_t> g_hits{0}, g_misses{0}, g_rejected{0}, g_stores{0};

std::string defaultDir() {
    if (const char *env = std::getenv("ACLNN_OPENCL_CACHE_DIR")) {
        const std::string v = env;
        return v == "off" ? std::string() : v;
    }
    if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/aclnn-opencl";
    if (const char *home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/aclnn-opencl";
    return std::string();
}

// Two unrelated 64-bit hashes (FNV-1a, and a multiply-rotate hash with a final mix): the file name.
uint64_t fnv1a(const std::string &s) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    return h;
}
uint64_t mixHash(const std::string &s) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ s.size();
    for (unsigned char c : s) {
        h = (h + c) * 0xbf58476d1ce4e5b9ull;
        h = (h << 27) | (h >> 37);
    }
    h ^= h >> 31;
    h *= 0x94d049bb133111ebull;
    return h ^ (h >> 29);
}

std::string fileFor(const std::string &dir, const std::string &key) {
    return strformat("%s/%016llx%016llx.bin", dir.c_str(), static_cast<unsigned long long>(fnv1a(key)),
                     static_cast<unsigned long long>(mixHash(key)));
}

std::string deviceString(cl_device_id id, cl_device_info what) {
    size_t n = 0;
    if (clGetDeviceInfo(id, what, 0, nullptr, &n) != CL_SUCCESS || n == 0) return std::string();
    std::string s(n, '\0');
    clGetDeviceInfo(id, what, n, &s[0], nullptr);
    while (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
}
std::string platformString(cl_platform_id id, cl_platform_info what) {
    size_t n = 0;
    if (!id || clGetPlatformInfo(id, what, 0, nullptr, &n) != CL_SUCCESS || n == 0) return std::string();
    std::string s(n, '\0');
    clGetPlatformInfo(id, what, n, &s[0], nullptr);
    while (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
}

using ParameterMap = std::map<std::string, KernelParameters>;

// The file: the magic line, then length-prefixed fields: the key, the binary, and every kernel's name
// with its parameters (type, address space, name each).
struct Writer {
    std::string bytes;
    void u64(uint64_t v) { bytes.append(reinterpret_cast<const char *>(&v), sizeof v); }
    void text(const std::string &t) {
        u64(t.size());
        bytes += t;
    }
};
struct Reader {
    const std::string &bytes;
    size_t at = 0;
    bool ok = true;
    uint64_t u64() {
        uint64_t v = 0;
        if (at + sizeof v > bytes.size()) {
            ok = false;
            return 0;
        }
        std::memcpy(&v, bytes.data() + at, sizeof v);
        at += sizeof v;
        return v;
    }
    std::string text() {
        const uint64_t n = u64();
        if (!ok || n > bytes.size() - at) {
            ok = false;
            return std::string();
        }
        std::string t = bytes.substr(at, n);
        at += n;
        return t;
    }
};

bool readFile(const std::string &path, std::string *key, std::string *binary, ParameterMap *parameters) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const size_t magic = sizeof(kMagic) - 1;
    if (bytes.compare(0, magic, kMagic) != 0) return false;
    Reader r{bytes, magic};
    *key = r.text();
    *binary = r.text();
    const uint64_t kernels = r.u64();
    for (uint64_t k = 0; r.ok && k < kernels && k < 4096; ++k) {
        const std::string name = r.text();
        KernelParameters &p = (*parameters)[name];
        const uint64_t args = r.u64();
        for (uint64_t i = 0; r.ok && i < args && i < 4096; ++i) {
            p.types.push_back(r.text());
            p.spaces.push_back(static_cast<cl_kernel_arg_address_qualifier>(r.u64()));
            p.names.push_back(r.text());
        }
    }
    return r.ok && r.at == bytes.size() && !binary->empty();  // a whole file, nothing after it
}

// Every kernel of the program with its name; false when they cannot be created.
template <typename F>
bool forEachKernel(cl_program program, F &&f) {
    cl_uint count = 0;
    if (clCreateKernelsInProgram(program, 0, nullptr, &count) != CL_SUCCESS) return false;
    std::vector<cl_kernel> kernels(count);
    if (count && clCreateKernelsInProgram(program, count, kernels.data(), nullptr) != CL_SUCCESS) return false;
    bool ok = true;
    for (cl_kernel k : kernels) {
        size_t n = 0;
        std::string name;
        if (clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, 0, nullptr, &n) == CL_SUCCESS && n) {
            name.resize(n);
            clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, n, &name[0], nullptr);
            while (!name.empty() && name.back() == '\0') name.pop_back();
        }
        ok = ok && !name.empty() && f(k, name);
        clReleaseKernel(k);
    }
    return ok;
}

}  // namespace

std::string binaryCacheDir() {
    std::lock_guard<std::mutex> lock(g_dirMutex);
    if (!g_dirRead) {
        g_dir = defaultDir();
        g_dirRead = true;
    }
    return g_dir;
}

std::string setBinaryCacheDirForTesting(const std::string &dir) {
    std::string previous = binaryCacheDir();
    std::lock_guard<std::mutex> lock(g_dirMutex);
    g_dir = dir;
    return previous;
}

std::string binaryCacheKey(const Device &device, const std::string &options, const std::string &source) {
    std::string key;
    for (const std::string &part :
         {device.name, device.vendor, device.version, deviceString(device.id, CL_DRIVER_VERSION), device.platformName,
          platformString(device.platform, CL_PLATFORM_VERSION), options}) {
        key += part;
        key += '\n';
    }
    return key + source;
}

ClProgramPtr loadCachedProgram(const Device &device, const std::string &key, const std::string &options) {
    const std::string dir = binaryCacheDir();
    if (dir.empty()) return nullptr;
    const std::string path = fileFor(dir, key);
    std::string stored, binary;
    ParameterMap parameters;
    if (!readFile(path, &stored, &binary, &parameters)) {
        g_misses++;
        return nullptr;
    }
    auto reject = [&]() -> ClProgramPtr {
        g_rejected++;
        g_misses++;
        std::remove(path.c_str());
        return nullptr;
    };
    if (stored != key) return reject();
    const auto *bytes = reinterpret_cast<const unsigned char *>(binary.data());
    const size_t length = binary.size();
    cl_int status = CL_SUCCESS, err = CL_SUCCESS;
    ClProgramPtr program(clCreateProgramWithBinary(device.context.get(), 1, &device.id, &length, &bytes, &status, &err));
    if (err != CL_SUCCESS || status != CL_SUCCESS || !program) return reject();
    if (clBuildProgram(program.get(), 1, &device.id, options.c_str(), nullptr, nullptr) != CL_SUCCESS) return reject();
    // Kernel::args checks every argument against the parameters: where the implementation no longer
    // reports them, the stored ones stand in (they were read from the program built from source).
    bool reported = true;
    const bool complete = forEachKernel(program.get(), [&](cl_kernel k, const std::string &name) {
        KernelParameters p;
        if (readKernelParameters(k, &p)) return true;
        reported = false;
        return parameters.count(name) != 0;
    });
    if (!complete) return reject();
    if (!reported) rememberKernelParameters(program.get(), std::move(parameters));
    g_hits++;
    return program;
}

void storeCachedProgram(const std::string &key, cl_program program) {
    const std::string dir = binaryCacheDir();
    if (dir.empty()) return;
    size_t size = 0;
    if (clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr) != CL_SUCCESS || size == 0) {
        return;
    }
    std::vector<unsigned char> binary(size);
    unsigned char *ptr = binary.data();
    if (clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof ptr, &ptr, nullptr) != CL_SUCCESS) return;
    Writer w;
    w.bytes = kMagic;
    w.text(key);
    w.text(std::string(reinterpret_cast<const char *>(binary.data()), size));
    ParameterMap parameters;
    if (!forEachKernel(program, [&](cl_kernel k, const std::string &name) {
            return readKernelParameters(k, &parameters[name]);
        })) {
        return;
    }
    w.u64(parameters.size());
    for (const auto &[name, p] : parameters) {
        w.text(name);
        w.u64(p.types.size());
        for (size_t i = 0; i < p.types.size(); ++i) {
            w.text(p.types[i]);
            w.u64(p.spaces[i]);
            w.text(p.names[i]);
        }
    }
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return;
    static std::atomic<unsigned> counter{0};
    const std::string path = fileFor(dir, key);
    const std::string tmp = strformat("%s.%ld.%zx.%u.tmp", path.c_str(), static_cast<long>(getpid()),
                                      std::hash<std::thread::id>{}(std::this_thread::get_id()), counter++);
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(w.bytes.data(), static_cast<std::streamsize>(w.bytes.size()));
        out.close();
        if (!out) {
            std::remove(tmp.c_str());
            return;
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        return;
    }
    g_stores++;
}

BinaryCacheStats binaryCacheStats() {
    BinaryCacheStats s;
    s.hits = g_hits;
    s.misses = g_misses;
    s.rejected = g_rejected;
    s.stores = g_stores;
    return s;
}

}  // namespace aclcl
