# Install-time part of cmake/Install.cmake: writes <prefix>/set_env.sh and, when the prefix is named like
# one of CANN's install roots, the links CANN users and front ends look for around it. Included from the
# generated cmake_install.cmake (install(CODE)), so CMAKE_INSTALL_PREFIX is the prefix actually installed
# to (cmake --install --prefix) and DESTDIR applies. Set by the caller:
#   ACLNN_SET_ENV_TEMPLATE   scripts/set_env.sh.in
#   ACLNN_SET_ENV_STAGING    where the configured script is written before it is installed
#   PROJECT_VERSION_MAJOR    the SONAME's major version (set_env.sh checks for libaclnn_opencl.so.<major>)
#
# The layouts (docs/install.md, "CANN's install roots"):
#   .../ascend-toolkit/latest      older CANN's root: <parent>/set_env.sh -> latest/set_env.sh
#   .../ascend-toolkit/<version>   older CANN's real root: <parent>/latest -> <version>, and the set_env.sh link
#   .../cann-<version>             CANN 8.5 and later: <parent>/cann -> cann-<version> (users source
#                                  <parent>/cann/set_env.sh) and, for the older paths CANN 8.5 keeps working,
#                                  <parent>/ascend-toolkit/latest -> ../cann-<version> with its set_env.sh link
# A link is made only where nothing is (a real CANN's file or directory, or a link somewhere else, is left
# as it is and reported), and is recorded in install_manifest.txt.

set(ACLNN_SET_ENV_ROOT "${CMAKE_INSTALL_PREFIX}")
configure_file("${ACLNN_SET_ENV_TEMPLATE}" "${ACLNN_SET_ENV_STAGING}" @ONLY)
file(INSTALL DESTINATION "${CMAKE_INSTALL_PREFIX}" TYPE FILE
     PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ
     FILES "${ACLNN_SET_ENV_STAGING}")

# aclnn_layout_link(<link> <target> <result-var>): makes <link> -> <target> (relative) unless something is
# at <link>; <result-var> is ON when <link> is ours afterwards (made now, or already pointing at <target>).
# A macro, so that CMAKE_INSTALL_MANIFEST_FILES of the install script is the one appended to.
macro(aclnn_layout_link link target result)
  set(_aclnn_current "")
  if(IS_SYMLINK "${link}")
    file(READ_SYMLINK "${link}" _aclnn_current)
  endif()
  if(_aclnn_current STREQUAL "${target}")
    message(STATUS "Up-to-date: ${link} -> ${target}")
    list(APPEND CMAKE_INSTALL_MANIFEST_FILES "${link}")
    set(${result} ON)
  elseif(NOT EXISTS "${link}" AND NOT IS_SYMLINK "${link}")
    message(STATUS "Installing: ${link} -> ${target}")
    get_filename_component(_aclnn_dir "${link}" DIRECTORY)
    file(MAKE_DIRECTORY "${_aclnn_dir}")
    file(CREATE_LINK "${target}" "${link}" SYMBOLIC)
    list(APPEND CMAKE_INSTALL_MANIFEST_FILES "${link}")
    set(${result} ON)
  else()
    message(STATUS "Leaving ${link} as it is (not ours); source ${CMAKE_INSTALL_PREFIX}/set_env.sh")
    set(${result} OFF)
  endif()
endmacro()

string(REGEX REPLACE "/+$" "" _aclnn_prefix "${CMAKE_INSTALL_PREFIX}")
get_filename_component(_aclnn_name "${_aclnn_prefix}" NAME)
get_filename_component(_aclnn_parent "$ENV{DESTDIR}${_aclnn_prefix}" DIRECTORY)
get_filename_component(_aclnn_parent_name "${_aclnn_parent}" NAME)

if(_aclnn_parent_name STREQUAL "ascend-toolkit" AND _aclnn_name STREQUAL "latest")
  # Older CANN: users type 'source <Ascend>/ascend-toolkit/set_env.sh', the file beside latest/.
  aclnn_layout_link("${_aclnn_parent}/set_env.sh" "latest/set_env.sh" _aclnn_ok)
elseif(_aclnn_parent_name STREQUAL "ascend-toolkit" AND _aclnn_name MATCHES "^[0-9]")
  # Older CANN's real root, ascend-toolkit/<version> (8.3.RC2, 8.0.0, ...): front ends and CMake templates
  # use ascend-toolkit/latest, and users source ascend-toolkit/set_env.sh.
  aclnn_layout_link("${_aclnn_parent}/latest" "${_aclnn_name}" _aclnn_ok)
  if(_aclnn_ok)
    aclnn_layout_link("${_aclnn_parent}/set_env.sh" "latest/set_env.sh" _aclnn_ok)
  endif()
elseif(_aclnn_name MATCHES "^cann-[0-9]")
  # CANN 8.5 and later install to <Ascend>/cann-<version>; users source <Ascend>/cann/set_env.sh, and the
  # older ascend-toolkit paths keep working there.
  aclnn_layout_link("${_aclnn_parent}/cann" "${_aclnn_name}" _aclnn_ok)
  aclnn_layout_link("${_aclnn_parent}/ascend-toolkit/latest" "../${_aclnn_name}" _aclnn_ok)
  if(_aclnn_ok)
    aclnn_layout_link("${_aclnn_parent}/ascend-toolkit/set_env.sh" "latest/set_env.sh" _aclnn_ok)
  endif()
endif()
