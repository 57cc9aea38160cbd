// Compiled programs kept on disk between processes (docs/runtime.md, "The program binary cache").
//
// Building an OpenCL program from source costs from milliseconds to seconds per (program, defines,
// device) on the CPU implementations, and every process pays it again: a test suite run as one
// process per test, or an application started many times, compiles the same programs over and over.
// The binary an implementation returns for a built program (CL_PROGRAM_BINARIES) is stored under a
// key that holds everything the build depends on: the device's name, vendor and version, the driver
// and platform versions, the build options and the whole source text (defines included). A later
// build of the same key loads the binary instead (clCreateProgramWithBinary). The file also holds every
// kernel's parameters (type, address space, name), read from the program built from source: Kernel::args
// checks each argument against them, and some implementations (Intel's CPU runtime) no longer report
// them for a program created from a binary. A binary that does not build, or a kernel with neither, is a
// miss: the file is removed and the program is built from source.
//
// The file's name is two independent 64-bit hashes of the key; the file holds the key itself, so a
// hash collision is a miss, never a wrong program. Writes go to a temporary file renamed into place,
// so processes that share the directory never read a half-written file. The cache is an
// optimisation: every failure to read or write it is silent and falls back to building from source.
#pragma once

#include <string>

#include "runtime/cl_handles.h"
#include "runtime/device.h"

namespace aclcl {

// The cache's directory: ACLNN_OPENCL_CACHE_DIR when set (the value "off", or an empty value, turns
// the cache off), else $XDG_CACHE_HOME/aclnn-opencl, else $HOME/.cache/aclnn-opencl; "" when off.
// Read once per process.
std::string binaryCacheDir();

// The key of a program: what its build depends on.
std::string binaryCacheKey(const Device &device, const std::string &options, const std::string &source);

// The program stored under `key`, built for `device` with `options`; nullptr on a miss.
ClProgramPtr loadCachedProgram(const Device &device, const std::string &key, const std::string &options);

// Stores the binary of `program` (built for one device) under `key`.
void storeCachedProgram(const std::string &key, cl_program program);

// Counters since the process started (tests).
struct BinaryCacheStats {
    size_t hits = 0;      // programs loaded from a stored binary
    size_t misses = 0;    // lookups with no usable file (built from source)
    size_t rejected = 0;  // files found but refused (another key, a binary that did not build, no argument info)
    size_t stores = 0;    // binaries written
};
BinaryCacheStats binaryCacheStats();

// Tests: use `dir` as the cache directory from now on ("" turns the cache off); returns the previous one.
std::string setBinaryCacheDirForTesting(const std::string &dir);

}  // namespace aclcl
