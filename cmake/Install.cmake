# Installation: a prefix laid out like a CANN toolkit root, plus the usual CMake / pkg-config files.
#
#   <prefix>/set_env.sh                      CANN-style environment (ASCEND_TOOLKIT_HOME, LD_LIBRARY_PATH, ...)
#   <prefix>/include/{acl,aclnn,aclnnop,...} the public headers, at CANN's paths
#   <prefix>/lib64/libaclnn_opencl.so.<ver>  the library (SONAME libaclnn_opencl.so.<major>)
#   <prefix>/lib64/libascendcl.so & co.      CANN's library names, symlinks to the SONAME
#   <prefix>/share/cmake/aclnn_opencl/       find_package(aclnn_opencl) -> aclnn_opencl::aclnn_opencl
#   <prefix>/lib64/pkgconfig/aclnn_opencl.pc pkg-config
#
# Included at the end of the top-level CMakeLists.txt; docs/install.md and docs/porting.md explain the layout.
include(CMakePackageConfigHelpers)
include(CheckLinkerFlag)

set(ACLNN_INSTALL_INCLUDEDIR include)
set(ACLNN_INSTALL_LIBDIR lib64)  # CANN's name, whatever the platform's convention
# find_package does not look in <prefix>/lib64 on Debian-family systems (FIND_LIBRARY_USE_LIB64_PATHS is
# off there), but it looks in <prefix>/share/cmake everywhere.
set(ACLNN_INSTALL_CMAKEDIR share/cmake/aclnn_opencl)
set(ACLNN_INSTALL_PKGCONFIGDIR ${ACLNN_INSTALL_LIBDIR}/pkgconfig)

# CANN's library names, each a link to our one library (docs/install.md lists who uses which):
#   ascendcl nnopbase opapi                      every CANN program; ggml's CANN backend adds acl_op_compiler
#   opapi_nn opapi_math opapi_cv acl_rt          CANN 8.5+ (the ops repositories' split libraries, the runtime)
#   aclnn_ops_infer aclnn_ops_train aclnn_math   before 8.5: the libraries torch_npu's op-plugin and Python
#                                                front ends that skip it dlopen to find aclnn* symbols
set(ACLNN_CANN_LIBRARY_NAMES ascendcl nnopbase opapi opapi_nn opapi_math opapi_cv acl_rt
                             aclnn_ops_infer aclnn_ops_train aclnn_math acl_op_compiler)

# --- Symbol hygiene: export the public C API only ----------------------------------------------------
# Hidden visibility already hides our own C++; the version script also hides what hidden visibility
# cannot reach (standard-library template instantiations, anything pulled in from static archives).
set(ACLNN_SYMBOL_MAP ${PROJECT_SOURCE_DIR}/cmake/aclnn_opencl.map)
check_linker_flag(CXX "LINKER:--version-script=${ACLNN_SYMBOL_MAP}" ACLNN_LINKER_HAS_VERSION_SCRIPT)
if(ACLNN_LINKER_HAS_VERSION_SCRIPT)
  target_link_options(aclnn_opencl PRIVATE "LINKER:--version-script=${ACLNN_SYMBOL_MAP}")
  set_property(TARGET aclnn_opencl APPEND PROPERTY LINK_DEPENDS ${ACLNN_SYMBOL_MAP})
endif()

# --- The library and its exported target --------------------------------------------------------------
# The static core is linked privately into the shared library, so the export needs only OpenCL.
target_include_directories(aclnn_opencl INTERFACE
  $<INSTALL_INTERFACE:${ACLNN_INSTALL_INCLUDEDIR}>
  $<INSTALL_INTERFACE:${ACLNN_INSTALL_INCLUDEDIR}/aclnn>)
set_target_properties(aclnn_opencl PROPERTIES EXPORT_NAME aclnn_opencl)
install(TARGETS aclnn_opencl EXPORT aclnn_openclTargets
  LIBRARY DESTINATION ${ACLNN_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${ACLNN_INSTALL_LIBDIR}
  RUNTIME DESTINATION bin)
install(EXPORT aclnn_openclTargets
  NAMESPACE aclnn_opencl::
  DESTINATION ${ACLNN_INSTALL_CMAKEDIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/aclnn_openclConfig.cmake.in
  ${PROJECT_BINARY_DIR}/install/aclnn_openclConfig.cmake
  INSTALL_DESTINATION ${ACLNN_INSTALL_CMAKEDIR}
  PATH_VARS ACLNN_INSTALL_INCLUDEDIR)
# The SONAME carries the major version, so a package of another major version is not compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/install/aclnn_openclConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/install/aclnn_openclConfig.cmake
              ${PROJECT_BINARY_DIR}/install/aclnn_openclConfigVersion.cmake
  DESTINATION ${ACLNN_INSTALL_CMAKEDIR})

configure_file(${PROJECT_SOURCE_DIR}/cmake/aclnn_opencl.pc.in ${PROJECT_BINARY_DIR}/install/aclnn_opencl.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/install/aclnn_opencl.pc DESTINATION ${ACLNN_INSTALL_PKGCONFIGDIR})

# --- Headers, at CANN's paths (acl/, aclnn/ with opdev/, aclnnop/, and our own aclnn_opencl/) ----------
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/
  DESTINATION ${ACLNN_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")

# Every operator header under the two other names CANN programs use for it (docs/install.md):
#   include/aclnnop/level2/aclnn_x.h   CANN installs its operator headers there too ("aclnnop/level2/x.h")
#   include/aclnn/aclnn_x.h            for a bare "aclnn_x.h" with CANN's documented -I<root>/include/aclnn
# Each is a one-line forwarding header generated from the glob, so a new operator's header needs no edit here.
file(GLOB ACLNN_OPERATOR_HEADERS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/aclnnop/aclnn_*.h)
set(ACLNN_FORWARD_DIR ${PROJECT_BINARY_DIR}/install/forwarding)
file(REMOVE_RECURSE ${ACLNN_FORWARD_DIR})
foreach(header IN LISTS ACLNN_OPERATOR_HEADERS)
  get_filename_component(name ${header} NAME)
  foreach(place IN ITEMS "aclnnop/level2|../${name}" "aclnn|../aclnnop/${name}")
    string(REPLACE "|" ";" place "${place}")
    list(GET place 0 dir)
    list(GET place 1 target)
    file(WRITE ${ACLNN_FORWARD_DIR}/${dir}/${name}
      "/* aclnn-opencl: generated at configure time; the operator's header is include/aclnnop/${name}. */\n"
      "#include \"${target}\"\n")
  endforeach()
endforeach()
install(DIRECTORY ${ACLNN_FORWARD_DIR}/ DESTINATION ${ACLNN_INSTALL_INCLUDEDIR})

# --- CANN's library names ------------------------------------------------------------------------------
# Symlinks to the SONAME link, made in the build tree and installed as symlinks. A program linked
# against any of them records DT_NEEDED libaclnn_opencl.so.<major> (the linker takes the SONAME of the
# file it reads), which the loader finds through LD_LIBRARY_PATH (set_env.sh) or the program's RUNPATH.
get_target_property(ACLNN_SOVERSION aclnn_opencl SOVERSION)
set(ACLNN_SONAME_FILE ${CMAKE_SHARED_LIBRARY_PREFIX}aclnn_opencl${CMAKE_SHARED_LIBRARY_SUFFIX}.${ACLNN_SOVERSION})
set(ACLNN_COMPAT_DIR ${PROJECT_BINARY_DIR}/install/cann_names)
file(MAKE_DIRECTORY ${ACLNN_COMPAT_DIR})
set(ACLNN_COMPAT_LINKS)
foreach(name IN LISTS ACLNN_CANN_LIBRARY_NAMES)
  set(link ${ACLNN_COMPAT_DIR}/${CMAKE_SHARED_LIBRARY_PREFIX}${name}${CMAKE_SHARED_LIBRARY_SUFFIX})
  file(CREATE_LINK ${ACLNN_SONAME_FILE} ${link} SYMBOLIC)
  list(APPEND ACLNN_COMPAT_LINKS ${link})
endforeach()
install(FILES ${ACLNN_COMPAT_LINKS} DESTINATION ${ACLNN_INSTALL_LIBDIR})

# --- set_env.sh in the prefix root, and the links around CANN's install roots ----------------------------
# Written at install time so that it names the prefix actually installed to (cmake --install --prefix);
# cmake/InstallLayout.cmake also adds, for a prefix named like one of CANN's roots (.../ascend-toolkit/latest,
# .../ascend-toolkit/<version>, .../cann-<version>), the links CANN users source and front ends load from,
# never replacing anything already there (a real CANN's).
install(CODE "
  set(ACLNN_SET_ENV_TEMPLATE \"${PROJECT_SOURCE_DIR}/scripts/set_env.sh.in\")
  set(ACLNN_SET_ENV_STAGING \"${PROJECT_BINARY_DIR}/install/set_env.sh\")
  set(PROJECT_VERSION_MAJOR \"${ACLNN_SOVERSION}\")
  include(\"${PROJECT_SOURCE_DIR}/cmake/InstallLayout.cmake\")
")

# Newer CANN (installed to /usr/local/Ascend/cann) also has <root>/bin/setenv.bash, which its recipes source.
file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/install/bin)
file(CREATE_LINK ../set_env.sh ${PROJECT_BINARY_DIR}/install/bin/setenv.bash SYMBOLIC)
install(FILES ${PROJECT_BINARY_DIR}/install/bin/setenv.bash DESTINATION bin)

# --- The install test: install, build the examples the CANN way and with find_package, run them --------
if(ACLNN_OPENCL_BUILD_TESTS)
  add_test(NAME install_and_examples
    COMMAND ${PROJECT_SOURCE_DIR}/tests/test_install.sh ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
  # All five operators exist now: an example skipped for a missing operator symbol is a failure.
  set_tests_properties(install_and_examples PROPERTIES TIMEOUT 600 LABELS install
                                                       ENVIRONMENT ACLNN_INSTALL_TEST_STRICT=1)
  # Every official CANN build recipe x both install roots x the three include styles (docs/install.md).
  add_test(NAME cann_sample_recipes
    COMMAND ${PROJECT_SOURCE_DIR}/tests/test_cann_recipes.sh ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
  # Both run `cmake --install` from this build tree, which writes files in it (set_env.sh staged for the
  # prefix at hand, install_manifest.txt): one at a time.
  set_tests_properties(cann_sample_recipes PROPERTIES TIMEOUT 600 LABELS install COST 500)
  set_tests_properties(install_and_examples cann_sample_recipes PROPERTIES RESOURCE_LOCK aclnn_install_tree)
endif()
