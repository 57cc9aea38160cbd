// Linked into every test, example and fuzz executable of a sanitizer build (cmake/Fuzz.cmake): the
// sanitizer runtimes read these defaults before main, so that a plain `ctest`, and gtest's test
// discovery at build time, run with the driver-only leak suppressions and the options the suite
// needs. ASAN_OPTIONS, LSAN_OPTIONS and UBSAN_OPTIONS in the environment still override them.
#include <cstdlib>

#ifndef ACLNN_LSAN_SUPPRESSIONS
#error "ACLNN_LSAN_SUPPRESSIONS must name tests/sanitizers/lsan.supp"
#endif
#ifndef ACLNN_SANITIZER_ICD_DIR
#error "ACLNN_SANITIZER_ICD_DIR must name the build's OpenCL vendor directory without clover"
#endif

extern "C" {

// detect_leaks=1: LeakSanitizer at exit (the default on x86_64 Linux; stated for clarity).
// allocator_may_return_null=1: a host allocation too large to satisfy fails as it would without ASan
//   (nullptr / std::bad_alloc), so out-of-memory paths are testable instead of fatal.
// Stacks are unwound with frame pointers (the default): DWARF unwinding (fast_unwind_on_malloc=0)
//   deadlocks inside libgcc when llvmpipe's JIT has registered frames (rusticl).
const char *__asan_default_options() { return "detect_leaks=1:allocator_may_return_null=1"; }

// use_tls=0 (tests and programs): LeakSanitizer misreads glibc 2.36's dynamic TLS of a module PoCL loads
//   and its tracer crashes at exit ("Tracer caught signal 11", DTLS at 0xf44 with GCC 12's runtime, 0x3788
//   with clang 14's). Without thread-local storage as roots LSan can only report more, never hide a leak;
//   at exit nothing is reported from it. The fuzz targets (ACLNN_LSAN_SCAN_TLS, cmake/Fuzz.cmake) scan it:
//   libFuzzer checks leaks after each input, while thread-local strings (the last error message) are
//   still alive; scripts/fuzz.sh runs a target again when the tracer itself fails.
const char *__lsan_default_options() {
#ifdef ACLNN_LSAN_SCAN_TLS
    return "suppressions=" ACLNN_LSAN_SUPPRESSIONS ":print_suppressions=0";
#else
    return "suppressions=" ACLNN_LSAN_SUPPRESSIONS ":print_suppressions=0:use_tls=0";
#endif
}

// A UB report names where it happened and fails the run.
const char *__ubsan_default_options() { return "print_stacktrace=1:halt_on_error=1"; }

}  // extern "C"

namespace {

// Runs before main, so before the first clGetPlatformIDs reads it. See cmake/Fuzz.cmake for why
// sanitizer builds load every OpenCL driver except Mesa's clover.
struct ChooseOpenClDrivers {
    ChooseOpenClDrivers() {
        if (!std::getenv("OCL_ICD_VENDORS") && !std::getenv("OCL_ICD_FILENAMES")) {
            setenv("OCL_ICD_VENDORS", ACLNN_SANITIZER_ICD_DIR, 0);
        }
    }
} g_chooseOpenClDrivers;

}  // namespace
