#!/usr/bin/env bash
# Builds the library, tests and examples with AddressSanitizer + UndefinedBehaviorSanitizer
# (LeakSanitizer at exit) in build-asan and runs the whole CTest suite. See docs/reliability.md.
#
#   scripts/sanitize.sh [CTEST ARGS...]      e.g. scripts/sanitize.sh -R Reliability
#
# Environment: BUILD_DIR (default build-asan), JOBS (build and ctest parallelism, default 2),
# CC/CXX (default: the system compiler; clang works too). RUSTICL_ENABLE=llvmpipe adds Mesa's
# rusticl device as in the normal suite. WITH_FUZZ=1 builds the libFuzzer targets in the same build
# (clang, the default compiler then; the library gets libFuzzer's coverage instrumentation too), so that
# `BUILD_DIR=<the same> scripts/fuzz.sh` runs them without compiling the library again; the suite's
# ctest run leaves their bounded runs (label fuzz) to fuzz.sh.
#
# The options below are also compiled into every sanitized executable
# (tests/sanitizers/sanitizer_defaults.cpp), so a plain `ctest` in the build directory behaves the
# same; they are exported here so that they show in CI logs and can be adjusted in one place.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-asan}
jobs=${JOBS:-2}

options=()
if [[ "${WITH_FUZZ:-0}" == 1 ]]; then
  export CC=${CC:-clang} CXX=${CXX:-clang++}
  options+=(-DACLNN_OPENCL_FUZZ=ON)
fi
[[ -n "${CC:-}" ]] && options+=(-DCMAKE_C_COMPILER="$CC")
[[ -n "${CXX:-}" ]] && options+=(-DCMAKE_CXX_COMPILER="$CXX")
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DACLNN_OPENCL_SANITIZE=ON \
  -DACLNN_OPENCL_BUILD_BENCH=OFF "${options[@]}" >/dev/null
cmake --build "$build" -j"$jobs"

export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# use_tls=0: tests/sanitizers/sanitizer_defaults.cpp says why (GCC's and clang's LSan alike).
export LSAN_OPTIONS="suppressions=$root/tests/sanitizers/lsan.supp:print_suppressions=0:use_tls=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
echo "sanitize.sh: ASAN_OPTIONS=$ASAN_OPTIONS"
echo "sanitize.sh: LSAN_OPTIONS=$LSAN_OPTIONS"
echo "sanitize.sh: UBSAN_OPTIONS=$UBSAN_OPTIONS"

start=$(date +%s)
status=0
ctest --test-dir "$build" --output-on-failure -j"$jobs" -LE '^fuzz$' "$@" || status=$?
echo "sanitize.sh: ctest finished in $(( $(date +%s) - start )) s with status $status"
exit $status
