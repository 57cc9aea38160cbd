// Compiles every OpenCL program under cl_kernels/ offline with clang, warnings as errors, the way the
// library builds it: the host's #define lines (made by the library's own Defines builder), then common.cl,
// then the program (host/kernels/program_cache.cpp). Each program lists its representative builds in its
// own file, one line per build (an operator adds its lines, never a shared table):
//
//   // build-check: IO:float16 INDEX:int VEC=16
//
//   S:dtype          the dtype macros of slot S (Defines::slot), dtype in PyTorch's spelling (float32,
//   S:dtype<from     float16, bfloat16, int64, ...); <from: the dtype stored into it
//   S:rawN           a raw slot S: S_RAW_T alone, for elements of N bytes (Defines::raw; N = 1, 2, 4, 8, 16)
//   ACC:dtype        ACC_T (Defines::acc)
//   INDEX:int|long   INDEX_T (Defines::index)
//   NAME=integer     a value (Defines::value; a flag is 0 or 1)
//   NAME(p,q)=expr   a function-like macro (Defines::expression: an elementwise row's math), no spaces
//
// Two targets: 64-bit SPIR (front end and SPIR code generation, as GPU drivers see the code) and x86-64
// without AVX-512 as PoCL compiles it for such a CPU. The second is where -Wpsabi appears: a call that
// passes or returns a 64-byte vector (float16, double8, long8, a helper's argument or a builtin's such as
// vload16) changes the ABI without AVX-512, and PoCL prints every one. PoCL builds with -Dinline=, so
// every helper is emitted and checked; the same here. -Wpsabi is a failure like any other warning, with
// no way for a program to opt out: kernels keep such values at 32 bytes (two float8 halves, narrower
// vectors, helpers that take pointers).
//
// Usage: aclnn_kernel_warnings <clang> <cl_kernels dir> <scratch dir>. Exit 0 when every build is
// clean, 1 on a warning, an error or a program without build-check lines (or none found at all), 77
// (CTest's skip) when no clang was found.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "common/dtype.h"
#include "kernels/defines.h"

namespace fs = std::filesystem;

namespace {

constexpr int kSkip = 77;
constexpr const char *kMarker = "// build-check:";

struct Target {
    const char *name;
    const char *flags;
};

// OpenCL C 1.2 as the library asks for it (program_cache.cpp), with the builtin declarations. Any output
// fails the build: a warning is an error here, yet without -Werror, whose first error would stop code
// generation and hide the rest.
constexpr const char *kCommonFlags = "-x cl -cl-std=CL1.2 -Xclang -finclude-default-header";
const Target kTargets[] = {
    {"spir64", "-target spir64-unknown-unknown -c -emit-llvm -o /dev/null"},
    // Haswell's instruction set (x86-64-v3): AVX2, no AVX-512. cl_khr_fp64 as a CPU device reports it.
    {"x86-64-v3", "-target x86_64-unknown-linux-gnu -march=x86-64-v3 -Xclang -cl-ext=+cl_khr_fp64 -Dinline= -O0 "
                  "-S -o /dev/null"},
};

struct Build {
    std::string program;  // file name without .cl
    std::string spec;     // the build-check line, for messages
    std::string source;   // path of the assembled source
    const Target *target;
};

std::string readFile(const fs::path &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

aclDataType parseDtype(const std::string &name) {
    aclDataType dtype;
    if (!aclcl::dtypeFromTorchName(name, &dtype)) throw std::runtime_error("unknown dtype '" + name + "'");
    return dtype;
}

// The host's #define text for one build-check line.
std::string definesOf(const std::string &spec) {
    aclcl::Defines defines;
    std::istringstream words(spec);
    std::string word;
    while (words >> word) {
        const size_t colon = word.find(':'), equals = word.find('='), paren = word.find('(');
        if (paren != std::string::npos && equals != std::string::npos && paren < equals) {
            const size_t close = word.find(')');
            if (close == std::string::npos || close > equals) throw std::runtime_error("bad macro '" + word + "'");
            defines.expression(word.substr(0, paren), word.substr(paren + 1, close - paren - 1),
                               word.substr(equals + 1));
        } else if (equals != std::string::npos) {
            defines.value(word.substr(0, equals), std::stoll(word.substr(equals + 1)));
        } else if (colon != std::string::npos) {
            const std::string slot = word.substr(0, colon), type = word.substr(colon + 1);
            const size_t lt = type.find('<');
            if (slot == "INDEX") {
                if (type != "int" && type != "long") throw std::runtime_error("INDEX is int or long, not " + type);
                defines.index(type == "long");
            } else if (slot == "ACC") {
                defines.acc(parseDtype(type));
            } else if (type.rfind("raw", 0) == 0) {
                defines.raw(slot, std::stoul(type.substr(3)));
            } else if (lt != std::string::npos) {
                defines.slot(slot, parseDtype(type.substr(0, lt)), parseDtype(type.substr(lt + 1)));
            } else {
                defines.slot(slot, parseDtype(type));
            }
        } else {
            throw std::runtime_error("'" + word + "' is neither S:dtype, S:rawN nor NAME=value");
        }
    }
    return defines.text();
}

std::string shellQuote(const std::string &s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s <clang> <cl_kernels dir> <scratch dir>\n", argv[0]);
        return 1;
    }
    const std::string clang = argv[1];
    const fs::path kernels = argv[2], scratch = argv[3];
    if (clang.empty() || clang.find("NOTFOUND") != std::string::npos) {
        std::printf("SKIPPED: no clang found at configure time; the kernels' offline warning check needs one "
                    "(scripts/install-deps.sh installs it with ACLNN_WITH_FUZZ=1)\n");
        return kSkip;
    }
    fs::create_directories(scratch);

    std::vector<fs::path> files;
    for (const auto &entry : fs::directory_iterator(kernels)) {
        if (entry.path().extension() == ".cl" && entry.path().filename() != "common.cl") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    const std::string common = readFile(kernels / "common.cl");

    std::vector<Build> builds;
    int failures = 0;
    for (const fs::path &file : files) {
        const std::string program = file.stem().string(), body = readFile(file);
        std::istringstream lines(body);
        std::string line;
        int variant = 0;
        while (std::getline(lines, line)) {
            if (line.rfind(kMarker, 0) != 0) continue;
            const std::string spec = line.substr(std::string(kMarker).size());
            std::string defines;
            try {
                defines = definesOf(spec);
            } catch (const std::exception &e) {
                std::printf("FAIL %s: build-check line '%s': %s\n", program.c_str(), spec.c_str(), e.what());
                ++failures;
                continue;
            }
            // As program_cache.cpp assembles it.
            const fs::path source = scratch / (program + "." + std::to_string(variant++) + ".cl");
            std::ofstream(source, std::ios::binary) << defines << "\n" << common << "\n" << body;
            for (const Target &target : kTargets) builds.push_back({program, spec, source.string(), &target});
        }
        if (variant == 0) {
            std::printf("FAIL %s.cl has no '%s' lines: list the defines of its representative builds\n",
                        program.c_str(), kMarker);
            ++failures;
        }
    }
    if (files.empty()) {
        std::printf("FAIL: no OpenCL programs found in %s\n", kernels.string().c_str());
        return 1;
    }

    std::atomic<size_t> next{0};
    std::atomic<int> failed{0};
    std::mutex printMutex;
    auto worker = [&](size_t id) {
        for (size_t i; (i = next++) < builds.size();) {
            const Build &b = builds[i];
            const std::string log = (scratch / ("log." + std::to_string(id))).string();
            const std::string command = shellQuote(clang) + " " + kCommonFlags + " " + b.target->flags + " " +
                                        shellQuote(b.source) + " > " + shellQuote(log) + " 2>&1";
            const int rc = std::system(command.c_str());
            const std::string output = readFile(log);
            std::lock_guard<std::mutex> lock(printMutex);
            if (rc != 0 || !output.empty()) {
                ++failed;
                std::printf("FAIL %s [%s] build-check:%s\n%s\n", b.program.c_str(), b.target->name, b.spec.c_str(),
                            output.c_str());
            }
        }
    };
    const size_t jobs = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
    std::vector<std::thread> threads;
    for (size_t t = 0; t < jobs; ++t) threads.emplace_back(worker, t);
    for (std::thread &t : threads) t.join();

    failures += failed;
    std::printf("%zu programs, %zu builds (%zu targets each): %d failed\n", files.size(), builds.size(),
                std::size(kTargets), failures);
    return failures == 0 ? 0 : 1;
}
