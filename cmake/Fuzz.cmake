# Sanitizer and fuzzing support (docs/reliability.md). Included at the end of the top-level
# CMakeLists.txt, after every target it extends exists.
#
#   ACLNN_OPENCL_SANITIZE=ON  (declared in the top-level file: -fsanitize=address,undefined everywhere)
#       + the driver-only leak suppressions and sanitizer defaults compiled into every executable,
#       + the example programs built against the shared library and run as tests (leak check).
#   ACLNN_OPENCL_FUZZ=ON      libFuzzer targets from tests/fuzz/fuzz_*.cpp (clang only), and a
#       bounded ctest run of each (ACLNN_OPENCL_FUZZ_SECONDS, default 25 s per target).

option(ACLNN_OPENCL_FUZZ "Build the libFuzzer targets (clang; implies the sanitizers)" OFF)
set(ACLNN_OPENCL_FUZZ_SECONDS 25 CACHE STRING "Seconds each fuzz target runs under ctest")

set(ACLNN_SANITIZER_DIR ${PROJECT_SOURCE_DIR}/tests/sanitizers)

if(ACLNN_OPENCL_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "ACLNN_OPENCL_FUZZ needs clang (libFuzzer): configure with -DCMAKE_C_COMPILER=clang "
                        "-DCMAKE_CXX_COMPILER=clang++ (scripts/fuzz.sh does this)")
  endif()
  if(NOT ACLNN_OPENCL_SANITIZE)
    message(FATAL_ERROR "ACLNN_OPENCL_FUZZ needs -DACLNN_OPENCL_SANITIZE=ON: a fuzzer without ASan/UBSan "
                        "misses most of what it should find")
  endif()
endif()

if(ACLNN_OPENCL_SANITIZE)
  # The ICD loader loads every driver in /etc/OpenCL/vendors. Mesa's clover (libMesaOpenCL) exposes
  # no device we use, but it loads and unloads a gallium module while probing, and a block that
  # module leaks can no longer be attributed to any library, so no suppression can name it. Sanitizer
  # builds therefore see a copy of a vendor directory without clover (sanitizer_defaults.cpp sets
  # OCL_ICD_VENDORS to it unless the environment already chooses the ICDs). The tests and programs see
  # the project's vendor directory (scripts/install-deps.sh: the system's ICDs plus Intel's CPU
  # runtime) when it exists; the fuzz targets see the system's: they run on device 0, which Intel's
  # runtime would become, and its slower program builds would cut the inputs each target gets through.
  # aclnn_sanitizer_defaults_for(TARGET VENDORS): the defaults object library TARGET, whose programs
  # load the ICDs of the directory VENDORS but clover.
  function(aclnn_sanitizer_defaults_for target vendors)
    set(icd_dir ${PROJECT_BINARY_DIR}/${target}-icd)
    file(REMOVE_RECURSE ${icd_dir})
    file(MAKE_DIRECTORY ${icd_dir})
    file(GLOB icds ${vendors}/*.icd)
    foreach(icd IN LISTS icds)
      file(READ ${icd} icd_lib)
      if(NOT icd_lib MATCHES "libMesaOpenCL")
        get_filename_component(icd_name ${icd} NAME)
        file(WRITE ${icd_dir}/${icd_name} "${icd_lib}")
      endif()
    endforeach()
    add_library(${target} OBJECT ${ACLNN_SANITIZER_DIR}/sanitizer_defaults.cpp)
    target_compile_definitions(${target} PRIVATE
      ACLNN_LSAN_SUPPRESSIONS="${ACLNN_SANITIZER_DIR}/lsan.supp"
      ACLNN_SANITIZER_ICD_DIR="${icd_dir}")
  endfunction()
  if(DEFINED ENV{ACLNN_DEPS_DIR})
    set(_aclnn_vendors $ENV{ACLNN_DEPS_DIR}/opencl-vendors)
  else()
    set(_aclnn_vendors ${PROJECT_SOURCE_DIR}/.deps/opencl-vendors)
  endif()
  if(NOT IS_DIRECTORY ${_aclnn_vendors})
    set(_aclnn_vendors /etc/OpenCL/vendors)
  endif()
  aclnn_sanitizer_defaults_for(aclnn_sanitizer_defaults ${_aclnn_vendors})

  # UBSan's enum check applies C++'s rule (a value outside an enum's range is undefined) to arguments
  # that cross a C ABI, where any int is a possible aclDataType or aclrtMemAttr: the library checks
  # those values itself, and the tests pass out-of-range ones on purpose.
  foreach(_t aclnn_opencl_core aclnn_cases aclnn_harnesses aclnn_tests aclnn_two_device_tests aclnn_bench aclnn_malloc_bench
             aclnn_precision)
    if(TARGET ${_t})
      target_compile_options(${_t} PRIVATE -fno-sanitize=enum)
    endif()
  endforeach()

  # Every program of the test and benchmark directories, found rather than listed: a program left off
  # a list ran with the system's vendor directory, clover included, and failed on clover's leak.
  set(_aclnn_program_dirs)
  if(ACLNN_OPENCL_BUILD_TESTS)
    list(APPEND _aclnn_program_dirs ${PROJECT_SOURCE_DIR}/tests)
  endif()
  if(ACLNN_OPENCL_BUILD_BENCH)
    list(APPEND _aclnn_program_dirs ${PROJECT_SOURCE_DIR}/bench)
  endif()
  foreach(_dir IN LISTS _aclnn_program_dirs)
    get_directory_property(_targets DIRECTORY ${_dir} BUILDSYSTEM_TARGETS)
    foreach(_exe IN LISTS _targets)
      get_target_property(_type ${_exe} TYPE)
      if(_type STREQUAL "EXECUTABLE")
        target_sources(${_exe} PRIVATE $<TARGET_OBJECTS:aclnn_sanitizer_defaults>)
      endif()
    endforeach()
  endforeach()

  # The install test builds programs outside this project, without sanitizers, and runs them (and
  # the compilers and shells it uses) against the installed library; with a sanitized library that
  # would need ASan preloaded into every one of them. It checks packaging, not memory safety: it is
  # disabled here, and the sanitize_example_* tests below run the same example programs under ASan.
  foreach(_test install_and_examples cann_sample_recipes)
    if(TEST ${_test})
      set_tests_properties(${_test} PROPERTIES DISABLED TRUE)
    endif()
  endforeach()

  # The CANN-style example programs, linked to the shared library, run as tests so that
  # LeakSanitizer checks a whole program's lifetime (aclInit .. aclFinalize) outside gtest.
  if(ACLNN_OPENCL_BUILD_TESTS)
    file(GLOB _aclnn_examples ${PROJECT_SOURCE_DIR}/examples/*.cpp)
    foreach(_src IN LISTS _aclnn_examples)
      get_filename_component(_name ${_src} NAME_WE)
      add_executable(sanitize_example_${_name} ${_src} $<TARGET_OBJECTS:aclnn_sanitizer_defaults>)
      target_link_libraries(sanitize_example_${_name} PRIVATE aclnn_opencl Threads::Threads)
      add_test(NAME sanitize_example_${_name} COMMAND sanitize_example_${_name})
    endforeach()
  endif()
endif()

if(ACLNN_OPENCL_FUZZ)
  enable_testing()
  # Coverage instrumentation for the library the fuzzers drive.
  target_compile_options(aclnn_opencl_core PRIVATE -fsanitize=fuzzer-no-link)
  file(GLOB _aclnn_fuzz_common ${PROJECT_SOURCE_DIR}/tests/fuzz/common/*.cpp)
  add_library(aclnn_fuzz_common OBJECT ${_aclnn_fuzz_common})
  target_include_directories(aclnn_fuzz_common PUBLIC ${PROJECT_SOURCE_DIR}/tests/fuzz ${PROJECT_SOURCE_DIR}/tests ${PROJECT_SOURCE_DIR}/include
                                                      ${PROJECT_SOURCE_DIR}/include/aclnn ${PROJECT_SOURCE_DIR}/host)
  target_compile_options(aclnn_fuzz_common PRIVATE -fsanitize=fuzzer-no-link ${ACLNN_WARNINGS})
  target_link_libraries(aclnn_fuzz_common PUBLIC aclnn_opencl_core)

  aclnn_sanitizer_defaults_for(aclnn_fuzz_sanitizer_defaults /etc/OpenCL/vendors)
  target_compile_definitions(aclnn_fuzz_sanitizer_defaults PRIVATE ACLNN_LSAN_SCAN_TLS=1)
  file(GLOB _aclnn_fuzzers ${PROJECT_SOURCE_DIR}/tests/fuzz/fuzz_*.cpp)
  foreach(_src IN LISTS _aclnn_fuzzers)
    get_filename_component(_name ${_src} NAME_WE)
    add_executable(${_name} ${_src} $<TARGET_OBJECTS:aclnn_fuzz_common>
                            $<TARGET_OBJECTS:aclnn_fuzz_sanitizer_defaults>)
    target_compile_options(${_name} PRIVATE -fsanitize=fuzzer ${ACLNN_WARNINGS})
    target_link_options(${_name} PRIVATE -fsanitize=fuzzer)
    target_link_libraries(${_name} PRIVATE aclnn_fuzz_common aclnn_opencl_core)
    # New inputs go to a corpus in the build tree; the checked-in seeds are only read.
    set(_corpus ${PROJECT_BINARY_DIR}/fuzz/corpus/${_name})
    set(_artifacts ${PROJECT_BINARY_DIR}/fuzz/artifacts/${_name}/)
    file(MAKE_DIRECTORY ${_corpus} ${_artifacts})
    # Inputs that once found a bug are read like the seeds.
    set(_regressions ${PROJECT_SOURCE_DIR}/tests/fuzz/regressions/${_name})
    if(NOT IS_DIRECTORY ${_regressions})
      set(_regressions "")
    endif()
    add_test(NAME ${_name}
             COMMAND ${_name} -max_total_time=${ACLNN_OPENCL_FUZZ_SECONDS} -timeout=30 -rss_limit_mb=4096
                     -print_final_stats=1 -artifact_prefix=${_artifacts}
                     ${_corpus} ${PROJECT_SOURCE_DIR}/tests/fuzz/seeds/${_name} ${_regressions})
    set_tests_properties(${_name} PROPERTIES TIMEOUT 300 LABELS fuzz)
  endforeach()
endif()
